/** Row schemas: fields read from their snake_case columns, int8 from text or a number, failures naming the column. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as SqlSchema from "effect/sql/SqlSchema"
import { Int8, NullableInt8, Row } from "../../../src/sql/rows/RowSchema.js"

const KeyRow = Row({ keyId: Schema.String, lastUsedAt: NullableInt8, createdAt: Int8 })

/** The rows as a driver would return them, read the way the stores read them. */
const read = (rows: ReadonlyArray<unknown>) =>
  SqlSchema.findAll({ Request: Schema.Void, Result: KeyRow, execute: () => Effect.succeed(rows) })(undefined)

describe("RowSchema.Row", () => {
  it.effect("reads each field from its column; int8 as Postgres (text) or PGlite (number) returns it", () =>
    Effect.gen(function*() {
      const rows = yield* read([
        { key_id: "key_1", last_used_at: null, created_at: "1767225600000", extra: 1 },
        { key_id: "key_2", last_used_at: 5, created_at: -3 }
      ])
      expect(rows).toStrictEqual([
        { keyId: "key_1", lastUsedAt: null, createdAt: 1767225600000 },
        { keyId: "key_2", lastUsedAt: 5, createdAt: -3 }
      ])
    }))

  it.effect("refuses a value that does not fit, naming the column", () =>
    Effect.gen(function*() {
      const ok = { key_id: "key_1", last_used_at: null, created_at: 1 }
      const cases: ReadonlyArray<[string, unknown]> = [
        ["created_at", "12.5"],
        ["created_at", "99999999999999999"],
        ["created_at", "1e3"],
        ["created_at", " 12"],
        ["created_at", ""],
        ["created_at", 1.5],
        ["created_at", null],
        ["last_used_at", "soon"],
        ["key_id", 7]
      ]
      for (const [column, value] of cases) {
        const error = yield* Effect.flip(read([ok, { ...ok, [column]: value }]))
        expect(error.message).toContain(`["${column}"]`)
      }
      const missing = yield* Effect.flip(read([{ key_id: "key_1", last_used_at: null }]))
      expect(missing.message).toContain(`["created_at"]`)
    }))
})
