import { Archive } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as ArchiveColumn from "../../../src/sql/rows/ArchiveColumn.js"

const copy = {
  asset: "0123456789abcdef0123456789abcdef",
  takenAt: 1_790_000_000_000,
  bytes: 1234,
  contentType: "text/html; charset=utf-8",
  partial: ""
}

const viaSchema = (value: unknown) => Schema.decodeUnknownOption(Archive.Archive)(value)

describe("ArchiveColumn (hand-checked) reads what the Archive schema reads", () => {
  it("NULL is no archive; a written archive reads back equal, with or without a copy", () => {
    expect(ArchiveColumn.read({ archive: null })).toBeUndefined()
    expect(ArchiveColumn.write(undefined)).toBeNull()
    const fromBrowser = { copy: { ...copy, capturedBy: "browser" as const }, problem: "" }
    for (const archive of [{ copy, problem: "" }, fromBrowser, { problem: "capture timed out after 20s" }]) {
      const stored = JSON.parse(ArchiveColumn.write(archive) ?? "null")
      expect(ArchiveColumn.read({ archive: stored })).toEqual(archive)
      expect(viaSchema(stored)._tag).toBe("Some")
    }
  })

  it("refuses what the schema refuses", () => {
    for (
      const bad of [
        "text",
        [],
        {},
        { problem: 1 },
        { copy: { ...copy, takenAt: "soon" }, problem: "" },
        { copy: { ...copy, asset: undefined }, problem: "" },
        { copy: "x", problem: "" },
        { copy: { ...copy, capturedBy: "server" }, problem: "" }
      ]
    ) {
      expect(viaSchema(bad)._tag).toBe("None")
      expect(() => ArchiveColumn.read({ archive: bad })).toThrow()
    }
  })
})
