import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One Chromium and one server at a time: the machines have two cores.
    fileParallelism: false,
  },
})
