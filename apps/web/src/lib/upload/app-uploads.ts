import { CoreErrorCodes, MediaTexts, mediaStatus, prepareUpload } from '@velvet/contract'
import { api, isApiError, messageOf } from '../api/index.ts'
import { md5OfFile } from './md5.ts'
import { createTusTransport } from './tus-transport.ts'
import { createUploadQueue, type UploadQueue } from './upload-queue.ts'

function onOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  return () => window.removeEventListener('online', listener)
}

/**
 * An upload queue wired to this app: the worker md5, prepareUpload and mediaStatus through the signed API
 * client, and tus with the same session headers the client sends.
 */
export function createAppUploadQueue(owner: () => string): UploadQueue {
  return createUploadQueue({
    hash: md5OfFile,
    prepare: (input) => api.call(prepareUpload, input),
    status: async (ids) => (await api.call(mediaStatus, { ids: ids.join(',') })).list,
    transport: createTusTransport({
      headers: () => api.sessionHeaders(prepareUpload),
      owner,
      fallbackMessage: MediaTexts.uploadStopped,
    }),
    describeError: (error) => ({
      message: messageOf(error),
      offline:
        isApiError(error) &&
        (error.code === CoreErrorCodes.NoNetwork.code || error.code === CoreErrorCodes.Timeout.code),
    }),
    onOnline,
  })
}
