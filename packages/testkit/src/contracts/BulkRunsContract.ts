/**
 * Contract of the BulkRuns port: the record and its selection, one process at a time by lease, steps only from where
 * the run stood, writes taken back with their transaction, finished runs forgotten after their retention.
 */
import {
  type AccountId,
  type Accounts,
  Bulk,
  BulkId,
  BulkRuns,
  Transactor,
  type Transactor as TransactorTag
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import { newAccount, uid } from "./Support.js"

type Ports = Accounts | BulkRuns | TransactorTag

export const bulkRunsContract = <E>(name: string, layer: Layer.Layer<Ports, E>) =>
  describe(`BulkRuns contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Ports>) => effect.pipe(Effect.provide(layer))

    const created = (
      createdAt: number,
      options: { readonly owner?: AccountId; readonly lockedUntil?: number; readonly ids?: ReadonlyArray<string> } = {}
    ) =>
      Effect.gen(function*() {
        const runs = yield* BulkRuns
        const accountId = options.owner ?? (yield* newAccount()).id
        const ids = options.ids ?? Array.from({ length: 10 }, (_, i) => `bmk_${i}`)
        const record: Bulk.Record = {
          id: BulkId.make(uid("blk_")),
          accountId,
          operation: { action: "addToList", tags: [], listId: "lst_x" },
          job: true,
          state: "running",
          total: ids.length,
          position: 0,
          ok: 0,
          notFound: 0,
          failed: 0,
          results: [],
          createdAt,
          finishedAt: null
        }
        yield* runs.create(record, ids, options.lockedUntil ?? 0)
        return { record, ids }
      })

    const problem = (n: number): Bulk.ItemResult => ({ id: `bmk_${n}`, result: "error", reason: "bad" })
    const step = (position: number, extra: Partial<Bulk.Step> = {}): Bulk.Step => ({
      position,
      ok: 1,
      notFound: 0,
      failed: 0,
      results: [],
      ...extra
    })

    it.effect("keeps the record, its operation and its selection in order", () =>
      run(Effect.gen(function*() {
        const runs = yield* BulkRuns
        const ids = ["bmk_c", "bmk_a", "bmk_b", "not an id!"]
        const { record } = yield* created(1_000, { ids })
        const tagged: Bulk.Record = {
          ...(yield* created(1_001)).record,
          id: BulkId.make(uid("blk_")),
          operation: { action: "addTags", tags: ["Rust", "go"], listId: "" },
          job: false
        }
        yield* runs.create(tagged, ["bmk_1"], 5)
        expect(yield* runs.get(record.id)).toEqual(Option.some(record))
        expect(yield* runs.get(tagged.id)).toEqual(Option.some(tagged))
        expect(yield* runs.selection(record.id)).toEqual(Option.some(ids))
        expect(yield* runs.get(BulkId.make(uid("blk_")))).toEqual(Option.none())
        expect(yield* runs.selection(BulkId.make(uid("blk_")))).toEqual(Option.none())
      })))

    it.effect("leases a running run to one claimer until the lease runs out or a step renews it", () =>
      run(Effect.gen(function*() {
        const runs = yield* BulkRuns
        // Other tests' runs may share the storage: ours is the oldest and was accepted leased until 100.
        const { record } = yield* created(-1_000_000, { lockedUntil: 100 })
        const mine = (found: Option.Option<Bulk.Record>) => Option.exists(found, (r) => r.id === record.id)
        expect(mine(yield* runs.claim({ now: 50, lease: 100 }))).toBe(false)
        expect(Option.map(yield* runs.claim({ now: 100, lease: 100 }), (r) => r.id)).toEqual(Option.some(record.id))
        expect(mine(yield* runs.claim({ now: 150, lease: 100 }))).toBe(false)
        expect(yield* runs.advance(record.id, 0, step(5), 500)).toBe(true)
        expect(mine(yield* runs.claim({ now: 300, lease: 100 }))).toBe(false)
        const after = yield* runs.claim({ now: 500, lease: 100 })
        expect(Option.map(after, (r) => [r.id, r.position])).toEqual(Option.some([record.id, 5]))
        // A stopping process frees its lease: the next claimer need not wait.
        yield* runs.release(record.id)
        expect(mine(yield* runs.claim({ now: 501, lease: 100 }))).toBe(true)
        yield* runs.finish(record.id, 600)
        expect(mine(yield* runs.claim({ now: 10_000_000, lease: 100 }))).toBe(false)
        expect(Option.map(yield* runs.get(record.id), (r) => [r.state, r.finishedAt])).toEqual(
          Option.some(["done", 600])
        )
      })))

    it.effect("a step moves only from the position it names; counts add up; results are kept up to the cap", () =>
      run(Effect.gen(function*() {
        const runs = yield* BulkRuns
        const { record } = yield* created(5, { ids: Array.from({ length: 3_000 }, (_, i) => `bmk_${i}`) })
        const first = step(100, {
          ok: 90,
          notFound: 6,
          failed: 4,
          results: [problem(1), { id: "bmk_2", result: "not_found" }]
        })
        expect(yield* runs.advance(record.id, 0, first, 10)).toBe(true)
        // A process still holding position 0 (its lease was taken over) changes nothing.
        expect(yield* runs.advance(record.id, 0, step(100, { ok: 100 }), 10)).toBe(false)
        const many = Array.from({ length: 1_200 }, (_, i) => problem(i + 3))
        expect(yield* runs.advance(record.id, 100, step(1_300, { ok: 0, failed: 1_200, results: many }), 10)).toBe(
          true
        )
        const now = Option.getOrThrow(yield* runs.get(record.id))
        expect([now.position, now.ok, now.notFound, now.failed]).toEqual([1_300, 90, 6, 1_204])
        expect(now.results.length).toBe(Bulk.maxKeptProblems)
        expect(now.results.slice(0, 3)).toEqual([problem(1), { id: "bmk_2", result: "not_found" }, problem(3)])
        expect(now.results[Bulk.maxKeptProblems - 1]).toEqual(problem(Bulk.maxKeptProblems))
        expect(Bulk.present(now)).toMatchObject({ state: "running", done: 1_300, total: 3_000 })
        // A finished run takes no more steps.
        yield* runs.finish(record.id, 20)
        expect(yield* runs.advance(record.id, 1_300, step(1_400), 30)).toBe(false)
      })))

    it.effect("a step inside a transaction that fails is taken back with it", () =>
      run(Effect.gen(function*() {
        const runs = yield* BulkRuns
        const tx = yield* Transactor
        const { record } = yield* created(7)
        const failed = yield* Effect.exit(tx.atomic(Effect.gen(function*() {
          expect(yield* runs.advance(record.id, 0, step(4, { ok: 4 }), 10)).toBe(true)
          return yield* Effect.fail("boom")
        })))
        expect(Exit.isFailure(failed)).toBe(true)
        expect(Option.map(yield* runs.get(record.id), (r) => [r.position, r.ok])).toEqual(Option.some([0, 0]))
        yield* tx.atomic(runs.advance(record.id, 0, step(4, { ok: 4 }), 10))
        expect(Option.map(yield* runs.get(record.id), (r) => [r.position, r.ok])).toEqual(Option.some([4, 4]))
      })))

    it.effect("forgets only the runs finished before the cutoff, with their selection", () =>
      run(Effect.gen(function*() {
        const runs = yield* BulkRuns
        const old = yield* created(1)
        const recent = yield* created(2)
        const running = yield* created(3)
        yield* runs.finish(old.record.id, 1_000)
        yield* runs.finish(recent.record.id, 5_000)
        expect(yield* runs.pruneFinished(2_000)).toBeGreaterThanOrEqual(1)
        expect(yield* runs.get(old.record.id)).toEqual(Option.none())
        expect(yield* runs.selection(old.record.id)).toEqual(Option.none())
        expect(Option.isSome(yield* runs.get(recent.record.id))).toBe(true)
        expect(Option.isSome(yield* runs.get(running.record.id))).toBe(true)
        expect(yield* runs.pruneFinished(2_000)).toBe(0)
      })))
  })
