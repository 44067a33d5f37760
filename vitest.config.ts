import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // One migrated PGlite for the run, which each test file's fresh database loads.
          globalSetup: ['apps/server/src/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory hungry; two workers suit the 2-core machines.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
