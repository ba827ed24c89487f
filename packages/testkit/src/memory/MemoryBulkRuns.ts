/**
 * In-memory bulk runs: records, selections and leases. Writes inside a failed MemoryTransactor block are taken back
 * (a run's step moves its position in the step's transaction).
 */
import { Bulk, type BulkId, BulkRuns } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

interface Entry {
  readonly record: Bulk.Record
  readonly ids: ReadonlyArray<string>
  readonly lockedUntil: number
  /** Order of creation, the tie-break of claims. */
  readonly seq: number
}

export const layer = Layer.sync(BulkRuns, () => {
  const entries = new Map<string, Entry>()
  let seq = 0
  const update = (id: BulkId, f: (e: Entry) => Entry) =>
    MemoryJournal.write((undo) => {
      const entry = entries.get(id)
      if (entry !== undefined) MemoryJournal.set(undo, entries, id, f(entry))
    })
  return BulkRuns.of({
    create: (record, ids, lockedUntil) =>
      MemoryJournal.write((undo) =>
        MemoryJournal.set(undo, entries, record.id, { record, ids: [...ids], lockedUntil, seq: seq++ })
      ),
    get: (id) => Effect.sync(() => Option.map(Option.fromNullishOr(entries.get(id)), (e) => e.record)),
    selection: (id) => Effect.sync(() => Option.map(Option.fromNullishOr(entries.get(id)), (e) => e.ids)),
    claim: ({ lease, now }) =>
      MemoryJournal.write((undo) => {
        const free = [...entries.values()]
          .filter((e) => e.record.state === "running" && e.lockedUntil <= now)
          .sort((a, b) => a.record.createdAt - b.record.createdAt || a.seq - b.seq)[0]
        if (free === undefined) return Option.none()
        MemoryJournal.set(undo, entries, free.record.id, { ...free, lockedUntil: now + lease })
        return Option.some(free.record)
      }),
    advance: (id, from, step, leaseUntil) =>
      MemoryJournal.write((undo) => {
        const entry = entries.get(id)
        if (entry === undefined || entry.record.state !== "running" || entry.record.position !== from) return false
        MemoryJournal.set(undo, entries, id, {
          ...entry,
          record: Bulk.advanced(entry.record, step),
          lockedUntil: leaseUntil
        })
        return true
      }),
    finish: (id, at) =>
      update(id, (e) =>
        e.record.state === "done"
          ? e
          : { ...e, record: { ...e.record, state: "done", finishedAt: at }, lockedUntil: 0 }),
    release: (id) => update(id, (e) => ({ ...e, lockedUntil: 0 })),
    pruneFinished: (before) =>
      MemoryJournal.write((undo) => {
        let pruned = 0
        for (const [id, e] of entries) {
          if (e.record.finishedAt !== null && e.record.finishedAt < before) {
            MemoryJournal.remove(undo, entries, id)
            pruned++
          }
        }
        return pruned
      })
  })
})
