import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time spent during a run, split between this process's main thread (the app), its other threads (the
 * load generator's worker, GC) and the local PostgreSQL server's processes (read from /proc; null when
 * PostgreSQL is not a local process of this Linux machine).
 */
export interface CpuSplit {
  mainMs: number
  otherThreadsMs: number
  postgresMs: number | null
}

const CLOCK_TICK_MS = 10

/** Sum of user + system time of every local `postgres` process, in ms; null without /proc. */
function postgresCpuMs(): number | null {
  let ticks = 0
  let found = false
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return null
  }
  for (const pid of pids) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // the process ended meanwhile
    }
    if (!stat.includes('(postgres)')) continue
    // Fields after "(comm) ": state is [0], utime [11], stime [12] (proc(5) fields 14 and 15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
    found = true
  }
  return found ? ticks * CLOCK_TICK_MS : null
}

/** Starts measuring; the returned function answers the CPU spent since. */
export function startCpuSplit(): () => CpuSplit {
  const process0 = process.cpuUsage()
  const main0 = process.threadCpuUsage()
  const postgres0 = postgresCpuMs()
  return () => {
    const all = process.cpuUsage(process0)
    const main = process.threadCpuUsage(main0)
    const postgres1 = postgresCpuMs()
    const mainMs = (main.user + main.system) / 1000
    return {
      mainMs,
      otherThreadsMs: (all.user + all.system) / 1000 - mainMs,
      postgresMs: postgres0 === null || postgres1 === null ? null : postgres1 - postgres0,
    }
  }
}
