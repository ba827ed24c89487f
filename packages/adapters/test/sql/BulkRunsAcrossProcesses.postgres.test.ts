/**
 * Bulk runs over one Postgres database shared by two processes (two storage instances, each with its own pool):
 * the second reads the first's progress from storage, and finishes the run once the first has died and its lease
 * has run out; another account's run is unknown to it (docs/lists.md, "Bulk actions").
 */
import {
  Actor,
  BookmarkId,
  Bookmarks,
  Bulk,
  BulkPace,
  bulkProgress,
  BulkRuns,
  Errors,
  operationOf,
  resumeBulk,
  runBulk,
  selectionOf,
  Settings
} from "@bookmark-library/domain"
import { External, FakeLinks } from "@bookmark-library/testkit"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import * as CryptoIdGenerator from "../../src/ids/CryptoIdGenerator.js"
import * as Harness from "./Harness.js"

const database = External.needs("TEST_DATABASE_URL")

describe.runIf(database.run)("bulk runs across processes on Postgres", () => {
  const schemaUrl = Harness.postgresSchema(database.value)
  const process = () =>
    Layer.mergeAll(
      Harness.shared(Harness.postgresStorageIn(schemaUrl)),
      CryptoIdGenerator.layer,
      Settings.layer(),
      FakeLinks.layer()
    )
  const first = process()
  const second = process()

  it.live(
    "the second process reads the first's progress and finishes its run after the first died",
    () =>
      Effect.gen(function*() {
        const total = Bulk.jobThreshold + 70
        // The first process: an account, its bookmarks and a run that dies in its fourth step.
        const started = yield* Effect.gen(function*() {
          const account = yield* Contracts.newAccount()
          const bookmarks = yield* Bookmarks
          const ids: Array<string> = []
          for (let i = 0; i < total; i++) {
            const saved = yield* bookmarks.insert(
              Contracts.newBookmark(account.id, 1_000 + i, { url: `https://example.com/${i}` })
            )
            ids.push(saved.id)
          }
          const runs = yield* BulkRuns
          let left = 3
          const state = { died: false }
          const dying = BulkRuns.of({
            ...runs,
            advance: (id, from, step, leaseUntil) =>
              Effect.suspend(() => {
                if (left-- > 0) return runs.advance(id, from, step, leaseUntil)
                state.died = true
                return Effect.die(new Error("the process stopped"))
              })
          })
          const run = yield* runBulk(
            account.id,
            yield* operationOf({ action: "favourite" }),
            yield* selectionOf({ ids })
          ).pipe(Effect.provideService(BulkRuns, dying))
          while (!state.died) yield* Effect.sleep("10 millis")
          return { account, run, ids }
        }).pipe(Effect.provide(first))

        const me = Actor.account(started.account.id)
        const { run } = started
        expect(run).toMatchObject({ state: "running", total, done: 0 })

        // The second process: the progress as the first left it, then the run taken over and finished.
        const finished = yield* Effect.gen(function*() {
          const stopped = yield* bulkProgress(me, run.id)
          expect(stopped).toMatchObject({ state: "running", done: 60, ok: 60, failed: 0, finishedAt: null })
          const stranger = yield* Contracts.newAccount()
          const refused = yield* Effect.flip(bulkProgress(Actor.account(stranger.id), run.id))
          expect(refused).toBeInstanceOf(Errors.NotFound)
          expect(refused).toMatchObject({ resource: "batch", id: run.id })
          const runs = yield* BulkRuns
          // The lease the first process took holds until it runs out.
          expect(Option.isSome(yield* runs.claim({ now: Date.now(), lease: Bulk.lease }))).toBe(false)
          const claimed = yield* runs.claim({ now: Date.now() + Bulk.lease + 1_000, lease: Bulk.lease })
          expect(Option.map(claimed, (r) => [r.id, r.position])).toEqual(Option.some([run.id, 60]))
          return yield* resumeBulk(Option.getOrThrow(claimed))
        }).pipe(Effect.provide(second))
        expect(finished).toMatchObject({ state: "done", position: total, ok: total })

        // Back in the first process: the run as the second finished it, every bookmark starred.
        yield* Effect.gen(function*() {
          expect(yield* bulkProgress(me, run.id)).toMatchObject({
            state: "done",
            total,
            done: total,
            ok: total,
            notFound: 0,
            failed: 0
          })
          const bookmarks = yield* Bookmarks
          const starred = yield* Effect.forEach(
            started.ids,
            (id) => Effect.map(bookmarks.get(BookmarkId.make(id)), (b) => Option.exists(b, (r) => r.favourite === true))
          )
          expect(starred.every(Boolean)).toBe(true)
        }).pipe(Effect.provide(first))
      }).pipe(Effect.provideService(BulkPace, { rest: 0 })),
    60_000
  )
})
