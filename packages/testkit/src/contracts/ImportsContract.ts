/** Contract of the Imports port: the record and its file, one worker at a time, steps only from where it stood. */
import { type AccountId, type Accounts, type Import, ImportId, Imports } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"

export const importsContract = <E>(name: string, layer: Layer.Layer<Accounts | Imports, E>) =>
  describe(`Imports contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Imports>) => effect.pipe(Effect.provide(layer))

    const created = (createdAt: number, total = 10, owner?: AccountId) =>
      Effect.gen(function*() {
        const imports = yield* Imports
        const accountId = owner ?? (yield* newAccount()).id
        const record: Import.Record = {
          id: ImportId.make(uid("imp_")),
          accountId,
          format: "netscape",
          events: false,
          duplicatePolicy: "skip",
          folders: "lists",
          state: "running",
          total,
          position: 0,
          saved: 0,
          duplicates: 0,
          failed: 0,
          enriched: 0,
          failures: [],
          createdAt,
          finishedAt: null
        }
        const file = new Uint8Array([0, 1, 2, 255, 60, 104])
        yield* imports.create(record, file)
        return { record, file }
      })

    const step = (position: number, extra: Partial<Import.Step> = {}): Import.Step => ({
      position,
      saved: 1,
      duplicates: 0,
      failed: 0,
      enriched: 0,
      failures: [],
      ...extra
    })

    it.effect("keeps the record and the file's exact bytes", () =>
      run(Effect.gen(function*() {
        const imports = yield* Imports
        const { file, record } = yield* created(1_000)
        expect(yield* imports.get(record.id)).toEqual(Option.some(record))
        expect(Option.map(yield* imports.file(record.id), (bytes) => [...bytes])).toEqual(Option.some([...file]))
        expect(yield* imports.get(ImportId.make(uid("imp_")))).toEqual(Option.none())
      })))

    it.effect("leases a running import to one claimer until the lease runs out or a step renews it", () =>
      run(Effect.gen(function*() {
        const imports = yield* Imports
        // Other suites' imports may share the storage: claim until ours comes.
        const { record } = yield* created(-1_000_000)
        const first = yield* imports.claim({ now: 0, lease: 100 })
        expect(Option.map(first, (r) => r.id)).toEqual(Option.some(record.id))
        const during = yield* imports.claim({ now: 50, lease: 100 })
        expect(Option.exists(during, (r) => r.id === record.id)).toBe(false)
        expect(yield* imports.advance(record.id, 0, step(5), 500)).toBe(true)
        expect(Option.exists(yield* imports.claim({ now: 300, lease: 100 }), (r) => r.id === record.id)).toBe(false)
        const after = yield* imports.claim({ now: 500, lease: 100 })
        expect(Option.map(after, (r) => [r.id, r.position])).toEqual(Option.some([record.id, 5]))
        yield* imports.finish(record.id, 600)
        expect(Option.exists(yield* imports.claim({ now: 10_000, lease: 100 }), (r) => r.id === record.id)).toBe(false)
        expect(Option.map(yield* imports.get(record.id), (r) => [r.state, r.finishedAt])).toEqual(
          Option.some(["done", 600])
        )
      })))

    it.effect("a step moves only from the position it names; counts add up; failures are kept up to the cap", () =>
      run(Effect.gen(function*() {
        const imports = yield* Imports
        const { record } = yield* created(5)
        const failure = (n: number) => ({ position: `line ${n}`, reason: "bad" })
        expect(
          yield* imports.advance(
            record.id,
            0,
            step(250, { saved: 200, duplicates: 40, failed: 10, enriched: 3, failures: [failure(1), failure(2)] }),
            10
          )
        ).toBe(true)
        // A worker still holding position 0 (its lease was taken over) changes nothing.
        expect(yield* imports.advance(record.id, 0, step(250, { saved: 250 }), 10)).toBe(false)
        const many = Array.from({ length: 1_200 }, (_, i) => failure(i + 3))
        expect(yield* imports.advance(record.id, 250, step(500, { saved: 0, failed: 1_200, failures: many }), 10)).toBe(
          true
        )
        yield* imports.countEnriched(record.id)
        const now = Option.getOrThrow(yield* imports.get(record.id))
        expect([now.position, now.saved, now.duplicates, now.failed, now.enriched]).toEqual([500, 200, 40, 1_210, 4])
        expect(now.failures.length).toBe(1_000)
        expect(now.failures.slice(0, 3)).toEqual([failure(1), failure(2), failure(3)])
        expect(now.failures[999]).toEqual(failure(1_000))
      })))

    it.effect("lists one account's imports, newest first, up to the limit", () =>
      run(Effect.gen(function*() {
        const imports = yield* Imports
        const account = yield* newAccount()
        const older = yield* created(100, 10, account.id)
        const newer = yield* created(300, 10, account.id)
        const middle = yield* created(200, 10, account.id)
        yield* created(400)
        const ids = (records: ReadonlyArray<Import.Record>) => records.map((r) => r.id)
        expect(ids(yield* imports.list(account.id, 10))).toEqual([newer.record.id, middle.record.id, older.record.id])
        expect(ids(yield* imports.list(account.id, 2))).toEqual([newer.record.id, middle.record.id])
        expect(yield* imports.list((yield* newAccount()).id, 10)).toEqual([])
      })))
  })
