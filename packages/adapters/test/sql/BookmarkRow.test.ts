/** The hand-written row checks of the read paths: what they accept matches the row schemas, the rest is a defect. */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option } from "effect"
import { toRecord } from "../../src/sql/BookmarkRow.js"
import { toKeyOwner } from "../../src/sql/KeyOwnerRow.js"
import * as RowCheck from "../../src/sql/RowCheck.js"

const bookmarkRow = {
  id: "bmk_1",
  account_id: "acc_1",
  url: "https://example.com/",
  source: "api",
  created_at: "1767225600000",
  status: "ready",
  processing_error: "",
  caller_tags: ["a"],
  note: "n",
  title: "T",
  description: "D",
  type: "article",
  image: "",
  favicon: "",
  screenshot: "",
  summary: "S",
  derived_tags: ["b"],
  overrides: { title: "Mine", extra: 1 },
  page_text: ""
}

const keyRow = {
  id: "key_1",
  account_id: "acc_1",
  label: "l",
  masked: "bk_…abcd",
  source: "extension",
  created_at: 1,
  revoked_at: null,
  plan: "plus",
  account_created_at: "2",
  plan_changed_at: "3"
}

const defect = <A>(effect: Effect.Effect<A>) => {
  const exit = Effect.runSyncExit(effect)
  return Exit.isFailure(exit) ? Option.getOrUndefined(Cause.dieOption(exit.cause)) : undefined
}

describe("BookmarkRow.toRecord", () => {
  it("reads a row as pg returns it: int8 as text, jsonb parsed, absent overrides left out", () => {
    const record = toRecord(bookmarkRow)
    expect(record.createdAt).toBe(1767225600000)
    expect(record.overrides).toStrictEqual({ title: "Mine" })
    expect(record.derived).toMatchObject({ title: "T", type: "article", tags: ["b"] })
    expect(toRecord({ ...bookmarkRow, created_at: 5 }).createdAt).toBe(5)
  })

  it("rejects a malformed row as a defect naming the column", () => {
    const cases: ReadonlyArray<[string, unknown]> = [
      ["created_at", "12.5"],
      ["created_at", "99999999999999999"],
      ["status", "archived"],
      ["type", null],
      ["caller_tags", ["a", 1]],
      ["overrides", { tags: "x" }],
      ["overrides", []],
      ["url", 1]
    ]
    for (const [column, value] of cases) {
      const found = defect(RowCheck.all(toRecord)([bookmarkRow, { ...bookmarkRow, [column]: value }]))
      expect(found).toBeInstanceOf(RowCheck.MalformedRow)
      expect(found).toMatchObject({ column: column === "overrides" && !Array.isArray(value) ? "overrides.tags" : column })
    }
  })
})

describe("KeyOwnerRow.toKeyOwner", () => {
  it("reads the key and its account", () => {
    const owner = Effect.runSync(RowCheck.first(toKeyOwner)([keyRow]))
    expect(Option.getOrThrow(owner)).toStrictEqual({
      key: { id: "key_1", accountId: "acc_1", label: "l", masked: "bk_…abcd", source: "extension", createdAt: 1, revokedAt: null },
      account: { id: "acc_1", plan: "plus", createdAt: 2, planChangedAt: 3 }
    })
    expect(Effect.runSync(RowCheck.first(toKeyOwner)([]))).toStrictEqual(Option.none())
  })

  it("rejects an unknown plan or a non-integer revocation time", () => {
    expect(defect(RowCheck.first(toKeyOwner)([{ ...keyRow, plan: "gold" }]))).toMatchObject({ column: "plan" })
    expect(defect(RowCheck.first(toKeyOwner)([{ ...keyRow, revoked_at: "soon" }]))).toMatchObject({ column: "revoked_at" })
  })
})
