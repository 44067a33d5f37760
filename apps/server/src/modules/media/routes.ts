import { mediaStatus, prepareUpload } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { MediaUploadService } from './service.ts'

export function registerMediaRoutes(app: FastifyInstance, deps: { service: MediaUploadService }): void {
  const { service } = deps
  registerCall(app, prepareUpload, ({ viewer, input }) => service.prepare(viewer, input), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
  })
  registerCall(app, mediaStatus, ({ viewer, input }) => service.status(viewer, input.ids))
}
