/** In-memory job queue with leases. */
import { type Job, Jobs } from "@bookmarks/domain"
import { Effect, Layer } from "effect"
import * as Signal from "./Signal.js"

interface Entry {
  job: Job.Job
  lockedUntil: number
  done: boolean
}

export const layer = Layer.effect(
  Jobs,
  Effect.gen(function*() {
    const entries = new Map<string, Entry>()
    const signal = yield* Signal.make
    const update = (id: string, f: (e: Entry) => void) => Effect.sync(() => {
      const entry = entries.get(id)
      if (entry !== undefined) f(entry)
    })
    return Jobs.of({
      enqueue: ({ bookmarkId, id, runAt }) =>
        Effect.zipRight(
          Effect.sync(() => void entries.set(id, { job: { id, bookmarkId, attempts: 0, runAt }, lockedUntil: 0, done: false })),
          signal.notify
        ),
      claim: ({ lease, max, now }) =>
        Effect.sync(() => {
          const due = [...entries.values()]
            .filter((e) => !e.done && e.job.runAt <= now && e.lockedUntil <= now)
            .sort((a, b) => a.job.runAt - b.job.runAt)
            .slice(0, max)
          for (const e of due) {
            e.lockedUntil = now + lease
            e.job = { ...e.job, attempts: e.job.attempts + 1 }
          }
          return due.map((e) => e.job)
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
