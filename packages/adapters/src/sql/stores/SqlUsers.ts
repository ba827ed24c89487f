/**
 * People in SQL: the email is unique; the first user is guarded by the one-row `first_user_claim` table; provider
 * identities in `user_identities`, one row per issuer and subject.
 */
import { AccountId, type CreateOutcome, type StoredUser, UserId, Users } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Int8, Row } from "../rows/RowSchema.js"

const UserRow = Row({
  id: UserId,
  accountId: AccountId,
  email: Schema.String,
  createdAt: Int8,
  passwordHash: Schema.String
})
const toStored = ({ passwordHash, ...user }: typeof UserRow.Type): StoredUser => ({ user, passwordHash })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal("id, account_id, email, created_at, password_hash")

  const findByEmail = SqlSchema.findOneOption({
    Request: Schema.String,
    Result: UserRow,
    execute: (email) => sql`SELECT ${cols} FROM users WHERE email = ${email}`
  })

  const find = SqlSchema.findOneOption({
    Request: UserId,
    Result: UserRow,
    execute: (id) => sql`SELECT ${cols} FROM users WHERE id = ${id}`
  })

  const listForAccount = SqlSchema.findAll({
    Request: AccountId,
    Result: UserRow,
    execute: (accountId) => sql`SELECT ${cols} FROM users WHERE account_id = ${accountId} ORDER BY created_at, seq`
  })

  const findByIdentity = SqlSchema.findOneOption({
    Request: Schema.Struct({ issuer: Schema.String, subject: Schema.String }),
    Result: UserRow,
    execute: ({ issuer, subject }) =>
      sql`SELECT u.id, u.account_id, u.email, u.created_at, u.password_hash
        FROM user_identities i JOIN users u ON u.id = i.user_id
        WHERE i.issuer = ${issuer} AND i.subject = ${subject}`
  })

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
      return Option.map(yield* storage(findByEmail(email)), toStored)
    }),
    get: Effect.fn("SqlUsers.get")(function*(id) {
      return Option.map(yield* storage(find(id)), toStored)
    }),
    any: storage(sql`SELECT 1 AS one FROM users LIMIT 1`).pipe(
      Effect.map((rows) => rows.length > 0),
      Effect.withSpan("SqlUsers.any")
    ),
    setPasswordHash: Effect.fn("SqlUsers.setPasswordHash")(function*(id, passwordHash) {
      const rows = yield* storage(sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${id} RETURNING id`)
      return rows.length > 0
    }),
    findByIdentity: Effect.fn("SqlUsers.findByIdentity")(function*(issuer, subject) {
      return Option.map(yield* storage(findByIdentity({ issuer, subject })), toStored)
    }),
    linkIdentity: Effect.fn("SqlUsers.linkIdentity")(function*(link) {
      // One statement: the identity's row whoever won a race, and whether the user exists.
      const rows = yield* storage(sql`
        WITH inserted AS (
          INSERT INTO user_identities (issuer, subject, user_id, created_at)
          SELECT ${link.issuer}, ${link.subject}, id, ${link.createdAt} FROM users WHERE id = ${link.userId}
          ON CONFLICT (issuer, subject) DO NOTHING
          RETURNING user_id
        )
        SELECT user_id AS owner FROM inserted
        UNION ALL
        SELECT user_id AS owner FROM user_identities WHERE issuer = ${link.issuer} AND subject = ${link.subject}`)
      const owner = rows[0]?.["owner"]
      if (owner === undefined) return "noUser" as const
      return owner === link.userId ? "linked" as const : "taken" as const
    }),
    listForAccount: Effect.fn("SqlUsers.listForAccount")(function*(accountId) {
      return (yield* storage(listForAccount(accountId))).map((row) => toStored(row).user)
    })
  })
})

export const layer = Layer.effect(Users, make)
