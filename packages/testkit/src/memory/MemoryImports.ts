/**
 * In-memory imports: records, files and leases. Writes inside a failed MemoryTransactor block are taken back (an
 * import's batch moves its position in the batch's transaction); wake-ups wait for the commit.
 */
import { Import, type ImportId, Imports } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"
import * as Signal from "./Signal.js"

interface Entry {
  readonly record: Import.Record
  readonly file: Uint8Array
  readonly lockedUntil: number
}

export const layer = Layer.effect(
  Imports,
  Effect.gen(function*() {
    const entries = new Map<string, Entry>()
    const signal = yield* Signal.make
    const update = (id: ImportId, f: (e: Entry) => Entry) =>
      MemoryJournal.write((record) => {
        const entry = entries.get(id)
        if (entry !== undefined) MemoryJournal.set(record, entries, id, f(entry))
      })
    return Imports.of({
      create: (record, file) =>
        Effect.andThen(
          MemoryJournal.write((undo) => MemoryJournal.set(undo, entries, record.id, { record, file, lockedUntil: 0 })),
          MemoryJournal.afterCommit(signal.notify)
        ),
      get: (id) => Effect.sync(() => Option.map(Option.fromNullishOr(entries.get(id)), (e) => e.record)),
      file: (id) => Effect.sync(() => Option.map(Option.fromNullishOr(entries.get(id)), (e) => e.file)),
      list: (accountId, limit) =>
        Effect.sync(() =>
          [...entries.values()]
            .map((e) => e.record)
            .filter((r) => r.accountId === accountId)
            .reverse()
            .sort((a, b) => b.createdAt - a.createdAt)
            .slice(0, limit)
        ),
      claim: ({ lease, now }) =>
        MemoryJournal.write((undo) => {
          const free = [...entries.values()]
            .filter((e) => e.record.state === "running" && e.lockedUntil <= now)
            .sort((a, b) => a.record.createdAt - b.record.createdAt)[0]
          if (free === undefined) return Option.none()
          MemoryJournal.set(undo, entries, free.record.id, { ...free, lockedUntil: now + lease })
          return Option.some(free.record)
        }),
      advance: (id, from, step, leaseUntil) =>
        MemoryJournal.write((undo) => {
          const entry = entries.get(id)
          if (entry === undefined || entry.record.position !== from) return false
          const r = entry.record
          MemoryJournal.set(undo, entries, id, {
            ...entry,
            record: {
              ...r,
              position: step.position,
              saved: r.saved + step.saved,
              duplicates: r.duplicates + step.duplicates,
              failed: r.failed + step.failed,
              enriched: r.enriched + step.enriched,
              failures: [...r.failures, ...step.failures].slice(0, Import.maxFailuresKept)
            },
            lockedUntil: leaseUntil
          })
          return true
        }),
      finish: (id, at) =>
        update(id, (e) => ({ ...e, record: { ...e.record, state: "done", finishedAt: at }, lockedUntil: 0 })),
      countEnriched: (id) => update(id, (e) => ({ ...e, record: { ...e.record, enriched: e.record.enriched + 1 } })),
      release: (id) => update(id, (e) => ({ ...e, lockedUntil: 0 })),
      awaitCreated: signal.wait
    })
  })
)
