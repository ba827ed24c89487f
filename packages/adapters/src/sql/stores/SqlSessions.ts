/** Web sessions in SQL, by token hash; a page's session, user and account come back in one query. */
import { AccountId, Plan, Sessions, type SignedIn, UserId } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const SignedInRow = Row({
  hash: Schema.String,
  userId: UserId,
  createdAt: Int8,
  expiresAt: Int8,
  accountId: AccountId,
  email: Schema.String,
  userCreatedAt: Int8,
  plan: Plan.Plan,
  accountCreatedAt: Int8,
  planChangedAt: Int8
})
const toSignedIn = (row: typeof SignedInRow.Type): SignedIn => ({
  session: { hash: row.hash, userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt },
  user: { id: row.userId, accountId: row.accountId, email: row.email, createdAt: row.userCreatedAt },
  account: { id: row.accountId, plan: row.plan, createdAt: row.accountCreatedAt, planChangedAt: row.planChangedAt }
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const find = SqlSchema.findOneOption({
    Request: Schema.String,
    Result: SignedInRow,
    execute: (hash) =>
      sql`
      SELECT s.hash, s.user_id, s.created_at, s.expires_at, u.account_id, u.email, u.created_at AS user_created_at,
             a.plan, a.created_at AS account_created_at, a.plan_changed_at
      FROM sessions s JOIN users u ON u.id = s.user_id JOIN accounts a ON a.id = u.account_id
      WHERE s.hash = ${hash}`
  })

  return Sessions.of({
    create: Effect.fn("SqlSessions.create")(function*(s) {
      yield* storage(sql`
        INSERT INTO sessions (hash, user_id, created_at, expires_at)
        VALUES (${s.hash}, ${s.userId}, ${s.createdAt}, ${s.expiresAt})`)
    }),
    find: Effect.fn("SqlSessions.find")(function*(hash) {
      return Option.map(yield* storage(find(hash)), toSignedIn)
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
