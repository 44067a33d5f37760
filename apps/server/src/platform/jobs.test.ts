import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { freshDatabase } from '../test/database.ts'
import type { Database } from './db.ts'
import { defineJob, type Jobs, pgBossSender, registerJobs, startJobs, type WorkedJob, work } from './jobs.ts'

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

  it('checks a typed job on send, and hands its worker the parsed payload', async () => {
    const greet = defineJob({
      name: 'test-typed',
      payload: z.object({ user_id: z.number().int().positive(), note: z.string().optional() }),
      queue: { retryLimit: 0 },
    })
    const worked: WorkedJob<{ user_id: number; note?: string }>[] = []
    await registerJobs(jobs, [
      work(greet, async (batch) => void worked.push(...batch), { pollingIntervalSeconds: 0.5 }),
    ])
    const sender = pgBossSender(jobs)

    // What the worker could not read never reaches the queue; the error names the job and the field.
    await expect(sender.send(greet, { user_id: -1 })).rejects.toThrow(/job test-typed: .*user_id/)
    await expect(sender.send(greet, { user_id: '7' } as never)).rejects.toThrow(/test-typed/)
    // Nothing of them was queued: the worker below gets the one good job alone.

    await sender.send(greet, { user_id: 7, note: 'hi' })
    const deadline = Date.now() + 15_000
    while (worked.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200))
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(worked.map((job) => job.data)).toEqual([{ user_id: 7, note: 'hi' }])
  })

  it('fails a job whose payload the worker cannot read, naming the job', async () => {
    const strict = defineJob({
      name: 'test-strict',
      payload: z.object({ n: z.number() }),
      queue: { retryLimit: 0 },
    })
    const handled: unknown[] = []
    await registerJobs(jobs, [
      work(strict, async (batch) => void handled.push(...batch), { pollingIntervalSeconds: 0.5 }),
    ])
    // Written around the typed sender, as an older release or a hand-made job would.
    const id = (await jobs.send(strict.name, { n: 'not a number' })) as string
    const deadline = Date.now() + 15_000
    let state: string | undefined
    while (state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      state = (await jobs.getJobById(strict.name, id))?.state
    }
    expect(state).toBe('failed')
    expect(handled).toEqual([])
    const failed = await jobs.getJobById(strict.name, id)
    expect(JSON.stringify(failed?.output)).toContain('job test-strict')
  })

  it('schedules a cron job in UTC once per queue, however often it is registered', async () => {
    const sweep = defineJob({ name: 'test-sweep', payload: z.object({}), cron: '41 4 * * *' })
    await registerJobs(jobs, [work(sweep, async () => undefined)])
    await registerJobs(jobs, [work(sweep, async () => undefined)])
    const schedules = (await jobs.getSchedules()).filter((schedule) => schedule.name === sweep.name)
    expect(schedules).toHaveLength(1)
    expect(schedules[0]).toMatchObject({ cron: '41 4 * * *', timezone: 'UTC' })
  })
})
