/** Checks of the SQL storage beyond the port contracts, run on every engine: transactions, outbox hints, round trips. */
import {
  Account,
  AccountId,
  Accounts,
  ApiKey,
  ApiKeyId,
  Bookmarks,
  authenticate,
  chargeRequest,
  getBookmark,
  JobId,
  Jobs,
  listBookmarks,
  Policy,
  Transactor
} from "@bookmarks/domain"
import { Contracts } from "@bookmarks/testkit"
import type * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Duration, Effect, Exit, Fiber, Layer, Option, Tracer } from "effect"
import * as SqlStorage from "../../src/sql/SqlStorage.js"

type Services = SqlStorage.Ports | SqlClient.SqlClient

let counter = 0
const uid = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

const newAccount = (): Account.Account => ({ id: AccountId.make(uid("acc_")), plan: "free", createdAt: 0, planChangedAt: 0 })

/** Runs `effect` and counts the SQL statements it sent (each `sql.execute` span is one round trip). */
const countingStatements = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const native = yield* Effect.tracer
    let statements = 0
    const tracer = Tracer.make({
      span: (name, ...rest) => {
        if (name === "sql.execute") statements++
        return native.span(name, ...rest)
      },
      context: (f, fiber) => native.context(f, fiber)
    })
    const result = yield* Effect.withTracer(effect, tracer)
    return { result, statements }
  })

export const storageChecks = <E>(name: string, layer: Layer.Layer<Services, E>) =>
  describe(`SQL storage checks: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Services | Policy.Policy>) =>
      effect.pipe(Effect.provide(Layer.merge(layer, Policy.layer())))

    it.effect("atomic rolls back every write of a failed block; a failed nested block only its own", () =>
      run(Effect.gen(function*() {
        const tx = yield* Transactor
        const accounts = yield* Accounts
        const lost = newAccount()
        const failure = yield* Effect.flip(tx.atomic(Effect.zipRight(accounts.create(lost), Effect.fail("boom" as const))))
        expect(failure).toBe("boom")
        expect(Option.isNone(yield* accounts.get(lost.id))).toBe(true)
        const kept = newAccount()
        const undone = newAccount()
        yield* tx.atomic(Effect.gen(function*() {
          yield* accounts.create(kept)
          yield* Effect.ignore(tx.atomic(Effect.zipRight(accounts.create(undone), Effect.fail("inner" as const))))
        }))
        expect(Option.isSome(yield* accounts.get(kept.id))).toBe(true)
        expect(Option.isNone(yield* accounts.get(undone.id))).toBe(true)
      })))

    it.live("a job enqueued in a rolled-back transaction wakes nobody; a committed one does", () =>
      run(Effect.gen(function*() {
        const tx = yield* Transactor
        const accounts = yield* Accounts
        const bookmarks = yield* Bookmarks
        const jobs = yield* Jobs
        const account = newAccount()
        yield* accounts.create(account)
        const bookmark = yield* bookmarks.insert(Contracts.newBookmark(account.id, 1))
        const before = yield* jobs.pending
        const waiter = yield* Effect.fork(jobs.awaitEnqueued)
        yield* Effect.sleep(Duration.millis(50))
        yield* Effect.ignore(tx.atomic(Effect.zipRight(
          jobs.enqueue({ id: JobId.make(uid("job_")), bookmarkId: bookmark.id, runAt: 0 }),
          Effect.fail("rolled back" as const)
        )))
        expect(yield* jobs.pending).toBe(before)
        expect(Option.isNone(yield* Fiber.join(waiter).pipe(Effect.timeoutOption(Duration.millis(500))))).toBe(true)
        const id = JobId.make(uid("job_"))
        yield* tx.atomic(jobs.enqueue({ id, bookmarkId: bookmark.id, runAt: 0 }))
        yield* Fiber.join(waiter).pipe(Effect.timeout(Duration.seconds(10)))
        yield* jobs.complete(id)
      })))

    it.effect("GET /bookmarks/:id and GET /bookmarks take three round trips: key, counter, rows", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const bookmarks = yield* Bookmarks
        const account = newAccount()
        yield* accounts.create(account)
        const key = `bk_${Array.from({ length: 40 }, () => base62[Math.floor(Math.random() * 62)]).join("")}`
        const info: ApiKey.Info = {
          id: ApiKeyId.make(uid("key_")),
          accountId: account.id,
          label: "",
          masked: ApiKey.mask(key),
          createdAt: 0,
          revokedAt: null
        }
        yield* accounts.addKey(info, ApiKey.hash(key))
        const saved = yield* bookmarks.insert(Contracts.newBookmark(account.id, 10, { url: "https://example.com/round-trips", callerTags: ["one"] }))
        const one = yield* countingStatements(Effect.gen(function*() {
          const principal = yield* authenticate(key)
          yield* chargeRequest(principal)
          return yield* getBookmark(principal.account.id, saved.id)
        }))
        expect(one.result.id).toBe(saved.id)
        expect(one.statements).toBe(3)
        const page = yield* countingStatements(Effect.gen(function*() {
          const principal = yield* authenticate(key)
          yield* chargeRequest(principal)
          return yield* listBookmarks(principal.account.id, { tag: "ONE", q: "round" })
        }))
        expect(page.result.bookmarks.map((b) => b.id)).toEqual([saved.id])
        expect(page.statements).toBe(3)
      })))

    it.effect("a write the schema refuses is a defect, not an outage to retry", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const account = newAccount()
        yield* accounts.create(account)
        const exit = yield* Effect.exit(accounts.create(account))
        expect(Exit.isFailure(exit) && Cause.isDie(exit.cause) && !Cause.isFailure(exit.cause)).toBe(true)
      })))

    it.effect("ping answers while the database does", () =>
      run(Effect.gen(function*() {
        yield* SqlStorage.ping
      })))
  })
