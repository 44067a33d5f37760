import { PRODUCT_NAME } from '@velvet/contract'
import { toast } from '../../ui/toast-store.ts'
import { displayName, profilePath } from './profile-rules.ts'

/** Copies text: the clipboard API, else (plain http, older browsers) a hidden text area and the copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.className = 'v-visually-hidden'
    document.body.append(area)
    area.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
    }
  }
}

/**
 * Share a link: the system share sheet when the browser has one, else copy it with a toast saying
 * `copied` (or the link itself when copying fails too).
 */
export async function shareLink(title: string, url: string, copied: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
      return
    } catch (error) {
      // The person closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return
    }
  }
  if (await copyText(url)) toast.success(copied)
  else toast.error(`Couldn't copy the link. It is ${url}`)
}

/** Share a profile: the system share sheet when the browser has one, else copy the link with a toast. */
export async function shareProfile(profile: { user_name: string; nickname: string | null }): Promise<void> {
  const url = new URL(profilePath(profile.user_name), window.location.origin).href
  await shareLink(`${displayName(profile)} on ${PRODUCT_NAME}`, url, 'Profile link copied')
}
