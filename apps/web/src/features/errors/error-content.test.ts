import { ErrorCodes, ShellTexts } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api/errors.ts'
import { errorContent, errorContentOf, statusFromParam } from './error-content.ts'

describe('error page content (spec §2, §8)', () => {
  it('uses the fixed texts of 400, 401, 403 and 404', () => {
    expect(errorContent({ status: 400 }).message).toBe('Something went wrong, please try later. (102)')
    expect(errorContent({ status: 401 }).message).toBe(ShellTexts.errorByStatus[401])
    expect(errorContent({ status: 403, message: 'ignored' }).message).toBe(ShellTexts.errorByStatus[403])
    expect(errorContent({ status: 404 }).message).toBe(
      'Page not found. Please open it later or contact our customer support. (404)',
    )
  })
  it('9002 is a status 500 page asking for a refresh', () => {
    expect(errorContent({ code: 9002, status: 500 })).toEqual({
      status: 500,
      message: ErrorCodes.StaleClient.message,
      stale: true,
      blockedLocation: false,
    })
    expect(errorContent({ status: 9002 }).stale).toBe(true)
  })
  it('other errors show their own message, with their status or 500', () => {
    expect(errorContent({ status: 404, code: 30023, message: 'x' })).toEqual({
      status: 404,
      message: ErrorCodes.BlockedLocation.message,
      stale: false,
      blockedLocation: true,
    })
    expect(errorContent({ status: 404 }).message).toBe(ShellTexts.errorByStatus[404])
    expect(errorContent({ status: 502, message: 'Bad gateway' })).toEqual({
      status: 502,
      message: 'Bad gateway',
      stale: false,
      blockedLocation: false,
    })
    expect(errorContent({})).toEqual({
      status: 500,
      message: ErrorCodes.Generic.message,
      stale: false,
      blockedLocation: false,
    })
    expect(errorContent({ status: 0, message: 'No network' }).status).toBe(500)
  })
  it('reads API errors, route responses and render failures', () => {
    const stale = new ApiError({ ...ErrorCodes.StaleClient })
    expect(errorContentOf(stale).stale).toBe(true)
    const forbidden = new ApiError({ code: 1002, status: 403, message: 'no' })
    expect(errorContentOf(forbidden).message).toBe(ShellTexts.errorByStatus[403])
    expect(errorContentOf(new Error('boom'))).toEqual({
      status: 500,
      message: ErrorCodes.Generic.message,
      stale: false,
      blockedLocation: false,
    })
    // What a loader's `throw data('Gone for good', { status: 410 })` reaches the error boundary as.
    const routeError = { status: 410, statusText: 'Gone', internal: false, data: 'Gone for good' }
    expect(errorContentOf(routeError)).toEqual({
      status: 410,
      message: 'Gone for good',
      stale: false,
      blockedLocation: false,
    })
    const blocked = new ApiError({ ...ErrorCodes.BlockedLocation })
    expect(errorContentOf(blocked).blockedLocation).toBe(true)
  })
  it('/error/{status} takes a number, anything else is 404', () => {
    expect(statusFromParam('403')).toBe(403)
    expect(statusFromParam('abc')).toBe(404)
    expect(statusFromParam(undefined)).toBe(404)
  })
})
