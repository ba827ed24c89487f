/**
 * The bounded zip reading under the import (docs/import-export.md, "Importing the zip"): an entry that declares a
 * small size but expands far beyond it is stopped by counting the bytes that come out, never by trusting the zip,
 * and one whose bytes do not match what it declares is refused as damaged.
 */
import { ZipBuilder } from "@bookmark-library/testkit"
import { describe, expect, it } from "vitest"
import { entries, expand } from "../../src/imports/ZipEntries.js"

const { deflatedZeros, zipOf } = ZipBuilder

describe("ZipEntries", () => {
  const zeros = deflatedZeros(1024 * 1024)
  const lying = zipOf([{ name: "copies/a.html", deflated: { ...zeros, size: 100 } }])

  it("counts what an entry expands to, whatever size it declares", () => {
    const listed = entries(lying, 10)
    if ("problem" in listed) throw new Error(listed.problem)
    const [entry] = listed.entries
    if (entry === undefined) throw new Error("no entry")
    expect(entry.size).toBe(100)
    expect(expand(lying, entry, 64 * 1024)._tag).toBe("TooLarge")
    // Under the cap, the lie itself refuses the entry.
    expect(expand(lying, entry, 2 * 1024 * 1024, false)).toEqual({
      _tag: "Damaged",
      reason: "is damaged (its size is not as declared)"
    })
  })

  it("refuses a zip with more entries than allowed", () => {
    const many = zipOf(
      Array.from({ length: 3 }, (_, i) => ({ name: `copies/${i}.html`, data: new TextEncoder().encode("x") }))
    )
    expect("problem" in entries(many, 2)).toBe(true)
    expect("problem" in entries(many, 3)).toBe(false)
  })
})
