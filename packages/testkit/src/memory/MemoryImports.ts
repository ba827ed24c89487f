/** In-memory imports: records, files and leases. */
import { Import, type ImportId, Imports } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"
import * as Signal from "./Signal.js"

interface Entry {
  record: Import.Record
  file: Uint8Array
  lockedUntil: number
}

export const layer = Layer.effect(
  Imports,
  Effect.gen(function*() {
    const entries = new Map<string, Entry>()
    const signal = yield* Signal.make
    const update = (id: ImportId, f: (e: Entry) => void) =>
      Effect.sync(() => {
        const entry = entries.get(id)
        if (entry !== undefined) f(entry)
      })
    return Imports.of({
      create: (record, file) =>
        Effect.zipRight(Effect.sync(() => void entries.set(record.id, { record, file, lockedUntil: 0 })), signal.notify),
      get: (id) => Effect.sync(() => Option.map(Option.fromNullable(entries.get(id)), (e) => e.record)),
      file: (id) => Effect.sync(() => Option.map(Option.fromNullable(entries.get(id)), (e) => e.file)),
      claim: ({ lease, now }) =>
        Effect.sync(() => {
          const free = [...entries.values()]
            .filter((e) => e.record.state === "running" && e.lockedUntil <= now)
            .sort((a, b) => a.record.createdAt - b.record.createdAt)[0]
          if (free === undefined) return Option.none()
          free.lockedUntil = now + lease
          return Option.some(free.record)
        }),
      advance: (id, from, step, leaseUntil) =>
        Effect.sync(() => {
          const entry = entries.get(id)
          if (entry === undefined || entry.record.position !== from) return false
          const r = entry.record
          entry.record = {
            ...r,
            position: step.position,
            saved: r.saved + step.saved,
            duplicates: r.duplicates + step.duplicates,
            failed: r.failed + step.failed,
            enriched: r.enriched + step.enriched,
            failures: [...r.failures, ...step.failures].slice(0, Import.maxFailuresKept)
          }
          entry.lockedUntil = leaseUntil
          return true
        }),
      finish: (id, at) =>
        update(id, (e) => {
          e.record = { ...e.record, state: "done", finishedAt: at }
          e.lockedUntil = 0
        }),
      countEnriched: (id) => update(id, (e) => void (e.record = { ...e.record, enriched: e.record.enriched + 1 })),
      release: (id) => update(id, (e) => void (e.lockedUntil = 0)),
      awaitCreated: signal.wait
    })
  })
)
