import { Writable } from 'node:stream'

/**
 * The log lines of a test app (pass `stream` as startTestApp's logStream, with LOG_LEVEL warn or lower), for
 * tests that check a request logged no error.
 */
export function collectLogLines() {
  const lines: string[] = []
  let from = 0
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString())
      callback()
    },
  })
  return {
    stream,
    /** Count from here on (each test's beforeEach). */
    mark() {
      from = lines.length
    },
    /** The error-level lines (pino level 50 and up) since the last mark. */
    errors(): string[] {
      return lines.slice(from).filter((line) => (JSON.parse(line) as { level: number }).level >= 50)
    },
  }
}
