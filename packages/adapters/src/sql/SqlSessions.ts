/** Web sessions in SQL, by token hash; a page's session, user and account come back in one query. */
import * as SqlClient from "@effect/sql/SqlClient"
import { AccountId, Plan, Sessions, type SignedIn, UserId } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeFirst, Int8 } from "./SqlRows.js"

const Row = Schema.Struct({
  hash: Schema.String,
  user_id: UserId,
  created_at: Int8,
  expires_at: Int8,
  account_id: AccountId,
  email: Schema.String,
  user_created_at: Int8,
  plan: Plan.Plan,
  account_created_at: Int8,
  plan_changed_at: Int8
})
const toSignedIn = (row: typeof Row.Type): SignedIn => ({
  session: { hash: row.hash, userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at },
  user: { id: row.user_id, accountId: row.account_id, email: row.email, createdAt: row.user_created_at },
  account: { id: row.account_id, plan: row.plan, createdAt: row.account_created_at, planChangedAt: row.plan_changed_at }
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const first = decodeFirst(Row)

  return Sessions.of({
    create: Effect.fn("SqlSessions.create")(function*(s) {
      yield* storage(sql`
        INSERT INTO sessions (hash, user_id, created_at, expires_at)
        VALUES (${s.hash}, ${s.userId}, ${s.createdAt}, ${s.expiresAt})`)
    }),
    find: Effect.fn("SqlSessions.find")(function*(hash) {
      const rows = yield* storage(sql`
        SELECT s.hash, s.user_id, s.created_at, s.expires_at, u.account_id, u.email, u.created_at AS user_created_at,
               a.plan, a.created_at AS account_created_at, a.plan_changed_at
        FROM sessions s JOIN users u ON u.id = s.user_id JOIN accounts a ON a.id = u.account_id
        WHERE s.hash = ${hash}`)
      return Option.map(yield* storage(first(rows)), toSignedIn)
    }),
    extend: Effect.fn("SqlSessions.extend")(function*(hash, expiresAt) {
      yield* storage(sql`UPDATE sessions SET expires_at = ${expiresAt} WHERE hash = ${hash}`)
    }),
    delete: Effect.fn("SqlSessions.delete")(function*(hash) {
      yield* storage(sql`DELETE FROM sessions WHERE hash = ${hash}`)
    }),
    deleteForUser: Effect.fn("SqlSessions.deleteForUser")(function*(userId, keep) {
      const rows = yield* storage(Option.match(keep, {
        onNone: () => sql`DELETE FROM sessions WHERE user_id = ${userId} RETURNING hash`,
        onSome: (hash) => sql`DELETE FROM sessions WHERE user_id = ${userId} AND hash <> ${hash} RETURNING hash`
      }))
      return rows.length
    }),
    pruneExpired: Effect.fn("SqlSessions.pruneExpired")(function*(at) {
      const rows = yield* storage(sql`DELETE FROM sessions WHERE expires_at < ${at} RETURNING hash`)
      return rows.length
    })
  })
})

export const layer = Layer.effect(Sessions, make)
