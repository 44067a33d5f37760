import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two journey files at a time on the two-core machines. Each file starts its own server (own port, data
    // folder and database, so its own API rate limit), SMTP server and Chromium, so files share nothing; and
    // much of a journey is waiting (a scheduled post's minute, the e-mail code's resend interval, sandbox
    // webhooks), which the other file's work fills.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
