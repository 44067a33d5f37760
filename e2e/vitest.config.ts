import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    // Starts the server once on an empty database; each file's server starts on a copy of it.
    globalSetup: ['support/server-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One journey file at a time. Two at a time (each file has its own server, database, SMTP server and
    // Chromium) took the suite from about 13 to 8-9 minutes, but both trial runs had one failure under that
    // load (one of them people.e2e's list rename, since found: a form reset after its sheet opened); see
    // docs/decisions.md, "CI time" and "Hardening (issue 14)".
    fileParallelism: false,
  },
})
