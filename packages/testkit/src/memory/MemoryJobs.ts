/** In-memory job queue with leases, two lanes and per-host pacing of the import lane. */
import { type Job, Jobs } from "@bookmarks/domain"
import { Effect, Layer } from "effect"
import * as Signal from "./Signal.js"

interface Entry {
  job: Job.Job
  host: string
  seq: number
  lockedUntil: number
  done: boolean
}

export const layer = Layer.effect(
  Jobs,
  Effect.gen(function*() {
    const entries = new Map<string, Entry>()
    /** When each host may next start an import-lane job. */
    const hostNext = new Map<string, number>()
    let seq = 0
    const signal = yield* Signal.make
    const update = (id: string, f: (e: Entry) => void) => Effect.sync(() => {
      const entry = entries.get(id)
      if (entry !== undefined) f(entry)
    })
    const add = (job: Job.NewJob) =>
      void entries.set(job.id, {
        job: {
          id: job.id,
          bookmarkId: job.bookmarkId,
          attempts: 0,
          runAt: job.runAt,
          lane: job.lane ?? "interactive",
          events: job.events ?? true,
          importId: job.importId ?? null
        },
        host: job.host ?? "",
        seq: seq++,
        lockedUntil: 0,
        done: false
      })
    return Jobs.of({
      enqueue: (job) => Effect.zipRight(Effect.sync(() => add(job)), signal.notify),
      enqueueMany: (jobs) => Effect.zipRight(Effect.sync(() => jobs.forEach(add)), signal.notify),
      claim: ({ hostGap = 0, lane = "interactive", lease, max, now }) =>
        Effect.sync(() => {
          const due = [...entries.values()]
            .filter((e) => !e.done && e.job.lane === lane && e.job.runAt <= now && e.lockedUntil <= now)
            .sort((a, b) => a.job.runAt - b.job.runAt || a.seq - b.seq)
          const busy = new Set(
            [...entries.values()].filter((e) => !e.done && e.job.lane === "import" && e.lockedUntil > now).map((e) => e.host)
          )
          const taken: Array<Entry> = []
          for (const e of due) {
            if (taken.length >= max) break
            if (lane === "import" && e.host !== "") {
              if (busy.has(e.host) || (hostNext.get(e.host) ?? 0) > now) continue
              busy.add(e.host)
              hostNext.set(e.host, now + hostGap)
            }
            taken.push(e)
          }
          for (const e of taken) {
            e.lockedUntil = now + lease
            e.job = { ...e.job, attempts: e.job.attempts + 1 }
          }
          return taken.map((e) => e.job)
        }),
      complete: (id) => update(id, (e) => {
        e.done = true
        e.lockedUntil = 0
      }),
      retryAt: (id, runAt) => update(id, (e) => {
        e.lockedUntil = 0
        e.job = { ...e.job, runAt }
      }),
      release: (id) => update(id, (e) => {
        e.lockedUntil = 0
        e.job = { ...e.job, attempts: Math.max(0, e.job.attempts - 1) }
      }),
      pending: Effect.sync(() => [...entries.values()].filter((e) => !e.done).length),
      awaitEnqueued: signal.wait
    })
  })
)
