/** The hand-written check of a bookmark row: what it accepts matches the row schemas, the rest is a defect. */
import { AccountId, Bookmark, BookmarkId, BookmarkType, LinkHealth } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option, Result, Schema } from "effect"
import { toRecord } from "../../../src/sql/rows/BookmarkRow.js"
import * as RowCheck from "../../../src/sql/rows/RowCheck.js"
import { Int8, Row } from "../../../src/sql/rows/RowSchema.js"

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
  page_text: "",
  thumbnail: "0123456789abcdef0123456789abcdef",
  icon: "",
  favourite: false,
  archived: false,
  link_state: "ok",
  link_checked_at: "1767225600000",
  link_failures: 0,
  link_moved_to: ""
}

const defect = <A>(effect: Effect.Effect<A>) => {
  const exit = Effect.runSyncExit(effect)
  return Exit.isFailure(exit) ? Result.getOrUndefined(Cause.findDefect(exit.cause)) : undefined
}

/** The same row read the general way (`RowSchema`), which the hand check is held to. */
const GeneralRow = Row({
  id: BookmarkId,
  accountId: AccountId,
  url: Schema.String,
  source: Bookmark.Source,
  createdAt: Int8,
  status: Bookmark.Status,
  processingError: Schema.String,
  callerTags: Schema.Array(Schema.String),
  note: Schema.String,
  title: Schema.String,
  description: Schema.String,
  type: BookmarkType.BookmarkType,
  image: Schema.String,
  favicon: Schema.String,
  screenshot: Schema.String,
  summary: Schema.String,
  derivedTags: Schema.Array(Schema.String),
  overrides: Bookmark.Overrides,
  pageText: Schema.String,
  thumbnail: Schema.String,
  icon: Schema.String,
  favourite: Schema.Boolean,
  archived: Schema.Boolean,
  linkState: Schema.Literals([...LinkHealth.State.literals, ""]),
  linkCheckedAt: Schema.NullOr(Int8),
  linkFailures: Int8,
  linkMovedTo: Schema.String
})

const readGenerally = (row: unknown): Bookmark.Record | undefined =>
  Option.getOrUndefined(Option.map(
    Schema.decodeUnknownOption(GeneralRow)(row),
    (
      {
        archived,
        derivedTags,
        description,
        favicon,
        favourite,
        icon,
        linkCheckedAt,
        linkFailures,
        linkMovedTo,
        linkState,
        image,
        screenshot,
        summary,
        thumbnail,
        title,
        type,
        ...rest
      }
    ): Bookmark.Record => ({
      ...rest,
      derived: {
        title,
        description,
        type,
        image,
        favicon,
        screenshot,
        summary,
        tags: derivedTags,
        ...(thumbnail === "" ? {} : { thumbnail }),
        ...(icon === "" ? {} : { icon })
      },
      ...(favourite ? { favourite } : {}),
      ...(archived ? { archived } : {}),
      ...(linkCheckedAt === null ? {} : {
        health: {
          ...(linkState === "" ? {} : { state: linkState }),
          checkedAt: linkCheckedAt,
          failures: linkFailures,
          ...(linkMovedTo === "" ? {} : { movedTo: linkMovedTo })
        }
      })
    })
  ))

const readByHand = (row: RowCheck.Row): Bookmark.Record | undefined =>
  Exit.match(Effect.runSyncExit(RowCheck.all(toRecord)([row])), { onFailure: () => undefined, onSuccess: ([r]) => r })

describe("BookmarkRow.toRecord", () => {
  it("accepts what the general path accepts, reading the same record, and refuses what it refuses", () => {
    const variants: ReadonlyArray<readonly [string, unknown]> = [
      ["created_at", 5],
      ["created_at", "-1"],
      ["created_at", " 12"],
      ["created_at", "1e3"],
      ["created_at", ""],
      ["created_at", "12.5"],
      ["created_at", "99999999999999999"],
      ["created_at", 2 ** 53],
      ["created_at", null],
      ["source", "import"],
      ["source", "web"],
      ["status", "processing"],
      ["status", "archived"],
      ["type", "pdf"],
      ["type", null],
      ["caller_tags", []],
      ["caller_tags", ["a", 1]],
      ["derived_tags", "b"],
      ["overrides", {}],
      ["overrides", { title: "", description: "d", tags: [], note: "n", type: "video" }],
      ["overrides", { tags: "x" }],
      ["overrides", { type: "gif" }],
      ["overrides", { note: null }],
      ["overrides", []],
      ["overrides", null],
      ["url", 1],
      ["page_text", null],
      ["summary", undefined],
      ["thumbnail", null],
      ["icon", 7],
      ["favourite", true],
      ["archived", true],
      ["favourite", "t"],
      ["archived", null],
      ["link_state", ""],
      ["link_state", "gone"],
      ["link_state", "broken"],
      ["link_checked_at", null],
      ["link_checked_at", "x"],
      ["link_failures", 2],
      ["link_failures", null],
      ["link_moved_to", "https://example.org/"],
      ["link_moved_to", null]
    ]
    expect(readByHand(bookmarkRow)).toBeDefined()
    for (const [column, value] of [["id", "bmk_1"] as const, ...variants]) {
      const row = { ...bookmarkRow, [column]: value }
      expect([column, value, readByHand(row)]).toStrictEqual([column, value, readGenerally(row)])
    }
  })

  it("reads a row as pg returns it: int8 as text, jsonb parsed, absent overrides left out", () => {
    const record = toRecord(bookmarkRow)
    expect(record.createdAt).toBe(1767225600000)
    expect(record.overrides).toStrictEqual({ title: "Mine" })
    expect(record.derived).toMatchObject({
      title: "T",
      type: "article",
      tags: ["b"],
      thumbnail: "0123456789abcdef0123456789abcdef"
    })
    expect("icon" in record.derived).toBe(false)
    expect(record.health).toStrictEqual({ state: "ok", checkedAt: 1767225600000, failures: 0 })
    expect("health" in toRecord({ ...bookmarkRow, link_checked_at: null, link_state: "" })).toBe(false)
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
      ["url", 1],
      ["thumbnail", null],
      ["favourite", "true"],
      ["link_state", "broken"]
    ]
    for (const [column, value] of cases) {
      const found = defect(RowCheck.all(toRecord)([bookmarkRow, { ...bookmarkRow, [column]: value }]))
      expect(found).toBeInstanceOf(RowCheck.MalformedRow)
      expect(found).toMatchObject({
        column: column === "overrides" && !Array.isArray(value) ? "overrides.tags" : column
      })
    }
  })
})
