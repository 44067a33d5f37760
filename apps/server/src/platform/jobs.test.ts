import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../test/database.ts'
import type { Database } from './db.ts'
import { type Jobs, startJobs } from './jobs.ts'

const silent = { error: () => undefined } as never

let database: Database
let jobs: Jobs
beforeAll(async () => {
  database = await freshDatabase()
  jobs = await startJobs(database, silent)
})
afterAll(async () => {
  await jobs.stop({ graceful: false, close: true, timeout: 2_000 })
  await database.close()
})

describe(`jobs on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs a delayed job once, not before its time', async () => {
    const queue = 'test-delayed'
    await jobs.createQueue(queue)
    const runs: { at: number; data: unknown }[] = []
    await jobs.work(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      runs.push({ at: Date.now(), data: job?.data })
    })
    const sentAt = Date.now()
    const id = await jobs.send(queue, { hello: 'world' }, { startAfter: 2 })
    expect(id).toBeTruthy()

    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(runs).toHaveLength(0)

    const deadline = Date.now() + 15_000
    while (runs.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200))
    // Give a duplicate delivery every chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(runs).toHaveLength(1)
    expect(runs[0]?.data).toEqual({ hello: 'world' })
    expect((runs[0]?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(1_900)
    const job = await jobs.getJobById(queue, id as string)
    expect(job?.state).toBe('completed')
  })
})
