import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    // Starts the server once on an empty database; each file's server starts on a copy of it.
    globalSetup: ['support/server-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two journey files at a time (each file has its own server, database, SMTP server and Chromium): on the
    // 2-core machines 655 s (a local run, other work running) against 1,541 s one file at a time in the last
    // CI run; see docs/decisions.md, "CI time".
    fileParallelism: true,
    maxWorkers: 2,
  },
})
