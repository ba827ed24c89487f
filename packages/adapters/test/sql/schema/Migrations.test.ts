/** Migrations on Postgres: several processes starting at once apply the schema exactly once. */
import { External } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Redacted, Schema } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as PostgresClient from "../../../src/sql/clients/PostgresClient.js"
import * as Migrations from "../../../src/sql/schema/Migrations.js"
import * as Harness from "../Harness.js"

const database = External.needs("TEST_DATABASE_URL")

describe.runIf(database.run)("Migrations on Postgres", () => {
  const url = Harness.postgresSchema(database.value)
  const client = () => Layer.build(PostgresClient.layer({ url: Redacted.make(url()), maxConnections: 2 }))

  it.live(
    "two clients migrating at once apply each migration once; running again applies nothing",
    () =>
      Effect.gen(function*() {
        const [a, b] = yield* Effect.all([client(), client()])
        const migrate = (context: Context.Context<SqlClient.SqlClient>) => Effect.provide(Migrations.run, context)
        const [first, second] = yield* Effect.all([migrate(a), migrate(b)], { concurrency: "unbounded" })
        const all = Object.keys(Migrations.migrations).map((key) => [Number(key.slice(0, 4)), key.slice(5)])
        expect([...first, ...second].sort((a, b) => a[0] - b[0])).toEqual(all)
        expect(yield* migrate(a)).toEqual([])
        const sql = Context.get(b, SqlClient.SqlClient)
        const rows = yield* sql`SELECT migration_id FROM ${sql(Migrations.table)} ORDER BY migration_id`
        expect(yield* Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ migration_id: Schema.Number })))(rows))
          .toEqual(all.map(([n]) => ({ migration_id: n })))
        const tables =
          yield* sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
        expect(tables.map((t) => t["table_name"]).sort()).toEqual([
          "account_storage",
          "accounts",
          "allowance_counters",
          "allowance_days",
          "allowance_key_counters",
          "api_keys",
          "asset_usage",
          "assets",
          "bookmarks",
          "bulk_runs",
          "deliveries",
          "delivery_attempts",
          "effect_sql_migrations",
          "first_user_claim",
          "highlights",
          "import_files",
          "imports",
          "job_hosts",
          "jobs",
          "list_items",
          "lists",
          "oauth_clients",
          "oauth_codes",
          "oauth_tokens",
          "secret_links",
          "sessions",
          "sign_in_failures",
          "tag_counts",
          "user_identities",
          "users",
          "webhooks"
        ])
      }).pipe(Effect.scoped),
    60_000
  )

  it.live("an unreachable server fails the client layer with StorageUnavailable", () =>
    Effect.gen(function*() {
      const failure = yield* Effect.flip(Layer.build(PostgresClient.layer({
        url: Redacted.make("postgres://postgres@127.0.0.1:1/none"),
        connectTimeout: "2 seconds"
      })))
      expect(failure._tag).toBe("StorageUnavailable")
    }).pipe(Effect.scoped), 30_000)
})
