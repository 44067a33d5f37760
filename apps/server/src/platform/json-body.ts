import { RequestBody } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { AppError } from './errors.ts'

const OPEN_OBJECT = 0x7b
const OPEN_ARRAY = 0x5b
const CLOSE_OBJECT = 0x7d
const CLOSE_ARRAY = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read on the raw text (brackets inside strings
 * do not count) so that nothing recursive ever sees such a body. Malformed text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > max) return true
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth--
  }
  return false
}

/** Throws the contract's 1014 when a JSON body nests deeper than RequestBody.jsonMaxDepth. */
export function assertJsonDepth(text: string): void {
  if (nestsDeeperThan(text, RequestBody.jsonMaxDepth)) throw new AppError('BodyTooDeep')
}

/**
 * The JSON body parser of every contract call: at most RequestBody.jsonMaxBytes (a bigger body
 * answers 1015 before it is read whole) and RequestBody.jsonMaxDepth levels (1014), checked on the raw text;
 * then Fastify's own parser (prototype-poisoning checks included). Malformed JSON answers 1004.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: RequestBody.jsonMaxBytes },
    (req, body, done) => {
      try {
        assertJsonDepth(body as string)
      } catch (error) {
        done(error as AppError, undefined)
        return
      }
      parse(req, body as string, (error, value) => {
        if (error) done(new AppError('ValidationFailed', { message: 'The request body is not valid JSON.' }))
        else done(null, value)
      })
    },
  )
}
