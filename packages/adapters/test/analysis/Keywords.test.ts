/** Keywords: inflections merged, phrases and names preferred when repeated, no time words, numbers or units. */
import { describe, expect, it } from "@effect/vitest"
import { extract } from "../../src/analysis/Keywords.js"

describe("Keywords", () => {
  it("merges inflections into one tag: bake, baking, baked; borrow, borrowing", () => {
    const baking = extract(
      "Bake the loaf for an hour. Baking at a low heat keeps the loaf soft. A loaf baked too hot dries out. She bakes a loaf every Monday.",
      "Baking a soft loaf"
    )
    expect(baking.filter((tag) => tag.startsWith("bak"))).toHaveLength(1)
    const borrowing = extract(
      "Borrowing lets a function use a value without owning it. You borrow a value with a reference. The borrow checker enforces the borrowing rules.",
      "References and borrowing"
    )
    expect(borrowing.filter((tag) => /borrow/.test(tag) && !tag.includes(" "))).toHaveLength(1)
    expect(borrowing.filter((tag) => /borrow/.test(tag)).length).toBeLessThanOrEqual(1)
  })

  it("never tags a time word, a number or a unit", () => {
    const tags = extract(
      "The 45 km ride took three hours on Monday. Every hour the riders stopped for 10 minutes. The ride covered 45 km in March, and 300 riders joined the ride this year.",
      "A 45 km ride on Monday"
    )
    for (const tag of tags) expect(tag).not.toMatch(/^(?:\d+|km|hours?|minutes?|monday|march|year|three)$/)
    expect(tags).toContain("ride")
  })

  it("prefers a phrase or a name the page repeats over its single words, and never shows both", () => {
    const tags = extract(
      "The sea wall collapsed during the storm. Engineers had warned that the sea wall was old. Ada Lovelace Day is in October, and Ada Lovelace wrote the first program. The storm flooded the terminal.",
      "Sea wall collapses in storm"
    )
    expect(tags).toContain("sea wall")
    expect(tags).toContain("ada lovelace")
    expect(tags).not.toContain("sea")
    expect(tags).not.toContain("wall")
  })

  it("uses the stop words of the page's language and segments Japanese into words", () => {
    const german = extract(
      "Der Wolf lebt in Niedersachsen. Die Wölfe in Niedersachsen sind geschützt, und die Schäfer fordern Zäune. Der Wolf ist zurück.",
      "Wölfe in Niedersachsen"
    )
    for (const tag of german) expect(["der", "die", "und", "ist", "sind", "in"]).not.toContain(tag)
    expect(german).toContain("niedersachsen")
    const japanese = extract(
      "東京の桜が満開になりました。桜の満開は平年より早いです。公園では桜を見る人が多くいました。",
      "東京で桜が満開"
    )
    expect(japanese).toEqual(expect.arrayContaining(["桜", "満開"]))
    for (const tag of japanese) expect(tag.length).toBeLessThanOrEqual(6)
  })
})
