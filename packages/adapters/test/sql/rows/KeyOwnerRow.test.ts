/** The hand-written check of a key and its account: what it accepts matches the row schemas, the rest is a defect. */
import { AccountId, ApiKey, ApiKeyId, type KeyOwner, Plan } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option, Result, Schema } from "effect"
import { toKeyOwner } from "../../../src/sql/rows/KeyOwnerRow.js"
import * as RowCheck from "../../../src/sql/rows/RowCheck.js"
import { Int8, NullableInt8, Row } from "../../../src/sql/rows/RowSchema.js"
import { ScopesColumn } from "../../../src/sql/rows/ScopesColumn.js"

const keyRow = {
  id: "key_1",
  account_id: "acc_1",
  label: "l",
  masked: "bk_…abcd",
  source: "extension",
  scopes: null,
  created_at: 1,
  revoked_at: null,
  plan: "plus",
  account_created_at: "2",
  plan_changed_at: "3"
}

const defect = <A>(effect: Effect.Effect<A>) => {
  const exit = Effect.runSyncExit(effect)
  return Exit.isFailure(exit) ? Result.getOrUndefined(Cause.findDefect(exit.cause)) : undefined
}

/** The same row read the general way (`RowSchema`), which the hand check is held to. */
const GeneralRow = Row({
  id: ApiKeyId,
  accountId: AccountId,
  label: Schema.String,
  masked: Schema.String,
  source: ApiKey.KeySource,
  scopes: ScopesColumn,
  createdAt: Int8,
  revokedAt: NullableInt8,
  plan: Plan.Plan,
  accountCreatedAt: Int8,
  planChangedAt: Int8
})

const readGenerally = (row: unknown): KeyOwner | undefined =>
  Option.getOrUndefined(Option.map(
    Schema.decodeUnknownOption(GeneralRow)(row),
    ({ accountCreatedAt, plan, planChangedAt, ...key }): KeyOwner => ({
      key,
      account: { id: key.accountId, plan, createdAt: accountCreatedAt, planChangedAt }
    })
  ))

const readByHand = (row: RowCheck.Row): KeyOwner | undefined =>
  Exit.match(Effect.runSyncExit(RowCheck.all(toKeyOwner)([row])), { onFailure: () => undefined, onSuccess: ([r]) => r })

describe("KeyOwnerRow.toKeyOwner", () => {
  it("accepts what the general path accepts, reading the same key and account, and refuses what it refuses", () => {
    const variants: ReadonlyArray<readonly [string, unknown]> = [
      ["created_at", "7"],
      ["created_at", 1.5],
      ["revoked_at", 9],
      ["revoked_at", "9"],
      ["revoked_at", "soon"],
      ["revoked_at", undefined],
      ["source", "api"],
      ["source", "web"],
      ["scopes", "bookmarks:read"],
      ["scopes", "usage webhooks"],
      ["scopes", ""],
      ["scopes", "bookmarks:read admin"],
      ["scopes", 3],
      ["plan", "free"],
      ["plan", "gold"],
      ["label", null],
      ["account_id", 1],
      ["plan_changed_at", "99999999999999999"]
    ]
    expect(readByHand(keyRow)).toBeDefined()
    for (const [column, value] of [["id", "key_1"] as const, ...variants]) {
      const row = { ...keyRow, [column]: value }
      expect([column, value, readByHand(row)]).toStrictEqual([column, value, readGenerally(row)])
    }
  })

  it("reads the key and its account", () => {
    const owner = Effect.runSync(RowCheck.first(toKeyOwner)([keyRow]))
    expect(Option.getOrThrow(owner)).toStrictEqual({
      key: {
        id: "key_1",
        accountId: "acc_1",
        label: "l",
        masked: "bk_…abcd",
        source: "extension",
        scopes: ["bookmarks:read", "bookmarks:write", "webhooks", "usage"],
        createdAt: 1,
        revokedAt: null
      },
      account: { id: "acc_1", plan: "plus", createdAt: 2, planChangedAt: 3 }
    })
    expect(Effect.runSync(RowCheck.first(toKeyOwner)([]))).toStrictEqual(Option.none())
  })

  it("reads a narrowed key's scopes and rejects a scope it does not know", () => {
    const narrowed = Effect.runSync(RowCheck.first(toKeyOwner)([{ ...keyRow, scopes: "bookmarks:read usage" }]))
    expect(Option.map(narrowed, (o) => o.key.scopes)).toStrictEqual(Option.some(["bookmarks:read", "usage"]))
    expect(defect(RowCheck.first(toKeyOwner)([{ ...keyRow, scopes: "admin" }]))).toMatchObject({ column: "scopes" })
  })

  it("rejects an unknown plan or a non-integer revocation time", () => {
    expect(defect(RowCheck.first(toKeyOwner)([{ ...keyRow, plan: "gold" }]))).toMatchObject({ column: "plan" })
    expect(defect(RowCheck.first(toKeyOwner)([{ ...keyRow, revoked_at: "soon" }]))).toMatchObject({
      column: "revoked_at"
    })
  })
})
