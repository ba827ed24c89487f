/** Checks of the SQL storage beyond the port contracts, run on every engine: round trips, defects, health. */
import {
  type Account,
  AccountId,
  Accounts,
  type AllowanceCounter,
  ApiKey,
  ApiKeyId,
  authenticate,
  Bookmarks,
  chargeRequest,
  getBookmark,
  type Links,
  listBookmarks,
  Scope,
  Settings,
  Transactor
} from "@bookmark-library/domain"
import { FakeLinks } from "@bookmark-library/testkit"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Option, Result, Tracer } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlDirect from "../../src/sql/clients/SqlDirect.js"
import * as SqlStorage from "../../src/sql/SqlStorage.js"

type Services = SqlStorage.Ports | AllowanceCounter | SqlClient.SqlClient

let counter = 0
const uid = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

const newAccount = (): Account.Account => ({
  id: AccountId.make(uid("acc_")),
  plan: "free",
  createdAt: 0,
  planChangedAt: 0
})

/**
 * Runs `effect` and counts the SQL statements it sent: each statement's span (kind "client", named after the
 * database) is one round trip, and so is each statement the client ran directly on its pool (`SqlDirect`, which
 * opens no span).
 */
const countingStatements = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const direct = yield* Effect.serviceOption(SqlDirect.SqlDirect)
    const directBefore = Option.match(direct, { onNone: () => 0, onSome: (d) => d.statements() })
    const native = yield* Effect.tracer
    let statements = 0
    const tracer = Tracer.make({
      span: (options) => {
        if (options.kind === "client") statements++
        return native.span(options)
      },
      context: native.context
    })
    const result = yield* Effect.withTracer(effect, tracer)
    const directAfter = Option.match(direct, { onNone: () => 0, onSome: (d) => d.statements() })
    return { result, statements: statements + directAfter - directBefore, direct: directAfter - directBefore }
  })

export const storageChecks = <E>(name: string, layer: Layer.Layer<Services, E>) =>
  describe(`SQL storage checks: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Services | Settings.Settings | Links.Links>) =>
      effect.pipe(Effect.provide(Layer.mergeAll(layer, Settings.layer(), FakeLinks.layer())))

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
          source: "api",
          scopes: Scope.all,
          createdAt: 0,
          revokedAt: null
        }
        yield* accounts.addKey(info, ApiKey.hash(key))
        const saved = yield* bookmarks.insert(
          Contracts.newBookmark(account.id, 10, { url: "https://example.com/round-trips", callerTags: ["one"] })
        )
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
        // Where the client runs statements on its pool directly (Postgres), the key and the rows go that way.
        const direct = yield* Effect.serviceOption(SqlDirect.SqlDirect)
        expect([one.direct, page.direct]).toEqual(Option.isSome(direct) ? [2, 2] : [0, 0])
      })))

    it.effect("a save's createdAt stamp commits on its own where it can, inside the transaction where it must", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const bookmarks = yield* Bookmarks
        const tx = yield* Transactor
        const direct = yield* Effect.serviceOption(SqlDirect.SqlDirect)
        const directCount = () => Option.match(direct, { onNone: () => 0, onSome: (d) => d.statements() })
        const existing = newAccount()
        yield* accounts.create(existing)
        const before = directCount()
        const first = yield* tx.atomic(
          bookmarks.insert(Contracts.newBookmark(existing.id, 100, { url: "https://example.com/stamp-1" }))
        )
        // Postgres: one statement on the side pool (the stamp); PGlite: none.
        expect(directCount() - before).toBe(Option.isSome(direct) ? 1 : 0)
        // An account created in the same transaction is not visible to the side pool: the stamp falls back.
        const fresh = newAccount()
        const second = yield* tx.atomic(Effect.gen(function*() {
          yield* accounts.create(fresh)
          return yield* bookmarks.insert(Contracts.newBookmark(fresh.id, 100, { url: "https://example.com/stamp-2" }))
        }))
        const third = yield* tx.atomic(
          bookmarks.insert(Contracts.newBookmark(existing.id, 100, { url: "https://example.com/stamp-3" }))
        )
        expect(second.accountId).toBe(fresh.id)
        expect(third.createdAt).toBeGreaterThan(first.createdAt)
      })))

    it.effect("a write the schema refuses is a defect, not an outage to retry", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const account = newAccount()
        yield* accounts.create(account)
        const exit = yield* Effect.exit(accounts.create(account))
        expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause) && !Cause.hasFails(exit.cause)).toBe(true)
      })))

    it.effect("a row its schema refuses is a defect naming the column, not an outage", () =>
      run(Effect.gen(function*() {
        const accounts = yield* Accounts
        const sql = yield* SqlClient.SqlClient
        const account = newAccount()
        yield* accounts.create(account)
        yield* sql`UPDATE accounts SET plan = 'gold' WHERE id = ${account.id}`
        const exit = yield* Effect.exit(accounts.get(account.id))
        expect(Exit.isFailure(exit) && !Cause.hasFails(exit.cause)).toBe(true)
        const defect = Exit.isFailure(exit) ? Result.getOrUndefined(Cause.findDefect(exit.cause)) : undefined
        expect(String(defect)).toContain(`["plan"]`)
      })))

    it.effect("ping answers while the database does", () =>
      run(Effect.gen(function*() {
        yield* SqlStorage.ping
      })))
  })
