/**
 * ExtractiveSummary: the page's own sentences, verbatim, from its prose only, never across a heading; the lead for
 * news.
 */
import { describe, expect, it } from "@effect/vitest"
import { summarise } from "../../src/analysis/ExtractiveSummary.js"

const blocks = (...parts: ReadonlyArray<string>) => parts.join("\n\n")
const sentencesOf = (summary: string) => summary.split(/(?<=[.!?])\s+/)

describe("ExtractiveSummary", () => {
  it("quotes sentences in their original case and punctuation, never the headline or kicker above them", () => {
    const text = blocks(
      "Biz & IT — Two-year-old bug exposes thousands of home routers to takeover",
      "Security researchers say a bug first reported two years ago still leaves routers open to takeover — and the fix is simple.",
      "The flaw sits in the web panel shared by several router brands, including the “Home & Office” series.",
      "Owners can protect themselves by changing the router's password and turning off remote management."
    )
    const summary = summarise(text, "Two-year-old bug exposes thousands of home routers to takeover")
    expect(summary).not.toContain("Biz & IT")
    for (const sentence of sentencesOf(summary)) {
      expect(text.split("\n\n").some((block) => block.includes(sentence))).toBe(true)
    }
    expect(summary).toContain(
      "Security researchers say a bug first reported two years ago still leaves routers open to takeover — and the fix is simple."
    )
    expect(sentencesOf(summary).length).toBeGreaterThanOrEqual(2)
    expect(sentencesOf(summary).length).toBeLessThanOrEqual(3)
  })

  it("never glues a heading to the paragraph under it", () => {
    const text = blocks(
      "References and Borrowing",
      "A reference is like a pointer that is guaranteed to point to a valid value for its whole life.",
      "Borrowing",
      "You can have either one mutable reference or any number of immutable references at a time.",
      "The Rules of References",
      "References must always be valid, and the compiler checks every borrowing rule before the program runs."
    )
    const summary = summarise(text, "References and Borrowing")
    expect(summary).not.toMatch(/Borrowing You|References A |References References/)
    expect(summary.startsWith("A reference is like a pointer")).toBe(true)
  })

  it("never uses player controls, consent banners, subscription prompts or forms", () => {
    const text = blocks(
      "Play Video Current Time 0:00 / Duration 2:31 Loaded: 0% Progress: 0% Remaining Time -2:31",
      "This is a modal window.",
      "Beginning of dialog window. Escape will cancel and close the window.",
      "We use cookies to improve your experience and to show you personalised advertising on our video pages.",
      "Glaciers carve U-shaped valleys as the moving ice grinds and plucks the rock beneath it.",
      "You have read 3 of your 5 free articles this month. Subscribe today for unlimited access to our glacier videos.",
      "River valleys, by contrast, are cut by water into a V shape that glaciers later widen.",
      "Get the day's most important stories delivered to your inbox every weekday morning."
    )
    const summary = summarise(text, "How glaciers carve valleys")
    expect(summary).toBe(
      "Glaciers carve U-shaped valleys as the moving ice grinds and plucks the rock beneath it. River valleys, by contrast, are cut by water into a V shape that glaciers later widen."
    )
  })

  it("news leans on its lead; a reference page may pick its most central sentence further down", () => {
    const text = blocks(
      "The harbour authority closed the ferry terminal on Tuesday after part of the sea wall collapsed in a storm.",
      "About 1,200 passengers a day use the crossing in winter, many of them commuters.",
      "Shopkeepers said fresh food could run short by the weekend.",
      "Engineers warned that the sea wall, the harbour wall and every older wall of the harbour need repair, since each wall of the harbour is older than the terminal."
    )
    const news = summarise(text, "Sea wall collapse closes ferry terminal", { news: true })
    expect(news).not.toContain("Engineers warned")
    expect(news.startsWith("The harbour authority closed the ferry terminal")).toBe(true)
    const reference = summarise(text, "Sea wall collapse closes ferry terminal", { news: false })
    expect(reference).toContain("Engineers warned")
  })

  it("Japanese sentences end at 。 and follow each other without a space", () => {
    const text =
      "気象庁は27日、東京の桜が満開になったと発表しました。平年より5日早い満開です。都内の公園では、花見を楽しむ人たちの姿が見られました。"
    const summary = summarise(text, "東京で桜が満開")
    expect(text).toContain(summary)
    expect(summary.split("。").filter((s) => s !== "").length).toBeGreaterThanOrEqual(2)
  })
})
