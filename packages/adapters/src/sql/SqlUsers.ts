/** People in SQL: the email is unique; the first user is guarded by the one-row `first_user_claim` table. */
import * as SqlClient from "@effect/sql/SqlClient"
import { AccountId, type CreateOutcome, type StoredUser, UserId, Users } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeAll, decodeFirst, Int8 } from "./SqlRows.js"

const Row = Schema.Struct({
  id: UserId,
  account_id: AccountId,
  email: Schema.String,
  created_at: Int8,
  password_hash: Schema.String
})
const toStored = (row: typeof Row.Type): StoredUser => ({
  user: { id: row.id, accountId: row.account_id, email: row.email, createdAt: row.created_at },
  passwordHash: row.password_hash
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const first = decodeFirst(Row)
  const all = decodeAll(Row)
  const one = (rows: ReadonlyArray<unknown>) => storage(Effect.map(first(rows), Option.map(toStored)))
  const cols = sql.literal("id, account_id, email, created_at, password_hash")

  return Users.of({
    create: Effect.fn("SqlUsers.create")(function*(user, passwordHash, { onlyIfFirst }) {
      const values = sql`${user.id}, ${user.accountId}, ${user.email}, ${passwordHash}, ${user.createdAt}`
      // A concurrent claimer waits on the claim row's key and then inserts nothing.
      const rows = onlyIfFirst
        ? yield* storage(sql`
          WITH claim AS (
            INSERT INTO first_user_claim (id, user_id) VALUES (1, ${user.id})
            ON CONFLICT (id) DO NOTHING
            RETURNING id
          )
          INSERT INTO users (id, account_id, email, password_hash, created_at)
          SELECT ${values} FROM claim WHERE NOT EXISTS (SELECT 1 FROM users)
          ON CONFLICT (email) DO NOTHING
          RETURNING id`)
        : yield* storage(sql`
          INSERT INTO users (id, account_id, email, password_hash, created_at) VALUES (${values})
          ON CONFLICT (email) DO NOTHING
          RETURNING id`)
      const outcome: CreateOutcome = rows.length > 0 ? "created" : onlyIfFirst ? "notFirst" : "emailTaken"
      return outcome
    }),
    findByEmail: Effect.fn("SqlUsers.findByEmail")(function*(email) {
      return yield* one(yield* storage(sql`SELECT ${cols} FROM users WHERE email = ${email}`))
    }),
    get: Effect.fn("SqlUsers.get")(function*(id) {
      return yield* one(yield* storage(sql`SELECT ${cols} FROM users WHERE id = ${id}`))
    }),
    any: storage(sql`SELECT 1 AS one FROM users LIMIT 1`).pipe(
      Effect.map((rows) => rows.length > 0),
      Effect.withSpan("SqlUsers.any")
    ),
    setPasswordHash: Effect.fn("SqlUsers.setPasswordHash")(function*(id, passwordHash) {
      const rows = yield* storage(sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${id} RETURNING id`)
      return rows.length > 0
    }),
    listForAccount: Effect.fn("SqlUsers.listForAccount")(function*(accountId) {
      const rows = yield* storage(sql`SELECT ${cols} FROM users WHERE account_id = ${accountId} ORDER BY created_at, seq`)
      return (yield* storage(all(rows))).map((row) => toStored(row).user)
    })
  })
})

export const layer = Layer.effect(Users, make)
