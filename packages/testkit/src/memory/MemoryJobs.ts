/**
 * In-memory job queue with leases, two lanes and per-host pacing of the import lane. Writes inside a failed block
 * are taken back (the pacing of hosts too, as `job_hosts` is in SQL); wake-ups wait for the commit. A job goes with
 * its bookmark, as the SQL rows do (ON DELETE CASCADE): reads the library through its port, as Deliveries reads
 * webhooks.
 */
import { Bookmarks, type Job, Jobs } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"
import * as Signal from "./Signal.js"

interface Entry {
  readonly job: Job.Job
  readonly host: string
  readonly seq: number
  readonly lockedUntil: number
  readonly done: boolean
}

export const layer = Layer.effect(
  Jobs,
  Effect.gen(function*() {
    const bookmarks = yield* Bookmarks
    const entries = new Map<string, Entry>()
    /**
     * Jobs not done whose bookmark still exists: the library is read first, the choice is then one synchronous step.
     */
    const live = Effect.suspend(() =>
      Effect.map(
        Effect.forEach([...entries.values()].filter((e) => !e.done), (e) =>
          Effect.map(bookmarks.get(e.job.bookmarkId), (found) => (Option.isSome(found) ? [e.job.id] : []))),
        (ids) =>
          new Set(ids.flat())
      )
    )
    /** When each host may next start an import-lane job. */
    const hostNext = new Map<string, number>()
    // Only orders jobs enqueued at the same runAt; a rolled-back enqueue leaves a gap, which orders nothing wrong.
    let seq = 0
    const signal = yield* Signal.make
    const update = (id: string, f: (e: Entry) => Entry) =>
      MemoryJournal.write((record) => {
        const entry = entries.get(id)
        if (entry !== undefined) MemoryJournal.set(record, entries, id, f(entry))
      })
    const add = (record: MemoryJournal.Record, job: Job.NewJob) =>
      MemoryJournal.set(record, entries, job.id, {
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
      enqueue: (job) =>
        Effect.andThen(MemoryJournal.write((record) => add(record, job)), MemoryJournal.afterCommit(signal.notify)),
      enqueueMany: (jobs) =>
        Effect.andThen(
          MemoryJournal.write((record) => jobs.forEach((job) => add(record, job))),
          MemoryJournal.afterCommit(signal.notify)
        ),
      claim: ({ hostGap = 0, lane = "interactive", lease, max, now }) =>
        Effect.flatMap(live, (alive) =>
          MemoryJournal.write((record) => {
            const due = [...entries.values()]
              .filter((e) =>
                !e.done && alive.has(e.job.id) && e.job.lane === lane && e.job.runAt <= now && e.lockedUntil <= now
              )
              .sort((a, b) => a.job.runAt - b.job.runAt || a.seq - b.seq)
            const busy = new Set(
              [...entries.values()].filter((e) => !e.done && e.job.lane === "import" && e.lockedUntil > now).map((e) =>
                e.host
              )
            )
            const taken: Array<Entry> = []
            for (const e of due) {
              if (taken.length >= max) break
              if (lane === "import" && e.host !== "") {
                if (busy.has(e.host) || (hostNext.get(e.host) ?? 0) > now) continue
                busy.add(e.host)
                MemoryJournal.set(record, hostNext, e.host, now + hostGap)
              }
              taken.push(e)
            }
            return taken.map((e) => {
              const claimed: Entry = { ...e, lockedUntil: now + lease, job: { ...e.job, attempts: e.job.attempts + 1 } }
              MemoryJournal.set(record, entries, e.job.id, claimed)
              return claimed.job
            })
          })),
      complete: (id) => update(id, (e) => ({ ...e, done: true, lockedUntil: 0 })),
      retryAt: (id, runAt) => update(id, (e) => ({ ...e, lockedUntil: 0, job: { ...e.job, runAt } })),
      release: (id) =>
        update(id, (e) => ({ ...e, lockedUntil: 0, job: { ...e.job, attempts: Math.max(0, e.job.attempts - 1) } })),
      backlog: (now) =>
        Effect.map(live, (alive) => {
          const queued = [...entries.values()].filter((e) => alive.has(e.job.id))
          const due = queued.filter((e) => e.job.runAt <= now && e.lockedUntil <= now).map((e) => e.job.runAt)
          return { size: queued.length, oldestDueAt: due.length === 0 ? null : Math.min(...due) }
        }),
      pending: Effect.map(live, (alive) => alive.size),
      awaitEnqueued: signal.wait
    })
  })
)
