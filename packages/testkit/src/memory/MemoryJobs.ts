/** In-memory job queue with leases; writes inside a failed block are taken back, wake-ups wait for the commit. */
import { type Job, Jobs } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"
import * as Signal from "./Signal.js"

interface Entry {
  readonly job: Job.Job
  readonly lockedUntil: number
  readonly done: boolean
}

export const layer = Layer.effect(
  Jobs,
  Effect.gen(function*() {
    const entries = new Map<string, Entry>()
    const signal = yield* Signal.make
    const update = (id: string, f: (e: Entry) => Entry) =>
      MemoryJournal.write((record) => {
        const entry = entries.get(id)
        if (entry !== undefined) MemoryJournal.set(record, entries, id, f(entry))
      })
    return Jobs.of({
      enqueue: ({ bookmarkId, id, runAt }) =>
        Effect.zipRight(
          MemoryJournal.write((record) =>
            MemoryJournal.set(record, entries, id, { job: { id, bookmarkId, attempts: 0, runAt }, lockedUntil: 0, done: false })
          ),
          MemoryJournal.afterCommit(signal.notify)
        ),
      claim: ({ lease, max, now }) =>
        MemoryJournal.write((record) => {
          const due = [...entries.values()]
            .filter((e) => !e.done && e.job.runAt <= now && e.lockedUntil <= now)
            .sort((a, b) => a.job.runAt - b.job.runAt)
            .slice(0, max)
          return due.map((e) => {
            const claimed: Entry = { ...e, lockedUntil: now + lease, job: { ...e.job, attempts: e.job.attempts + 1 } }
            MemoryJournal.set(record, entries, e.job.id, claimed)
            return claimed.job
          })
        }),
      complete: (id) => update(id, (e) => ({ ...e, done: true, lockedUntil: 0 })),
      retryAt: (id, runAt) => update(id, (e) => ({ ...e, lockedUntil: 0, job: { ...e.job, runAt } })),
      release: (id) =>
        update(id, (e) => ({ ...e, lockedUntil: 0, job: { ...e.job, attempts: Math.max(0, e.job.attempts - 1) } })),
      pending: Effect.sync(() => [...entries.values()].filter((e) => !e.done).length),
      awaitEnqueued: signal.wait
    })
  })
)
