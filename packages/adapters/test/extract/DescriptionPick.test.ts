/** DescriptionPick: the page's own description, or its lead, never the site's boilerplate or the title again. */
import { describe, expect, it } from "@effect/vitest"
import { type DescriptionSources, fromLead, pick } from "../../src/extract/DescriptionPick.js"

const text = [
  "Hexham's public library reopened its doors on Saturday, three years after a fire destroyed its reading room.",
  "The restored building has a new children's wing, a café and a digitisation studio where volunteers scan records.",
  "Librarians rescued about 4,000 books from the fire and sent them to specialists in Durham for cleaning."
].join("\n\n").repeat(2)

const sources = (extra: Partial<DescriptionSources>): DescriptionSources => ({
  declared: [],
  title: "Town library reopens three years after fire",
  siteDescriptions: [],
  front: false,
  text,
  lead: text.split("\n\n")[0] ?? "",
  ...extra
})

describe("DescriptionPick", () => {
  it("the first declared description that describes the page", () => {
    expect(
      pick(sources({ declared: ["The library reopened with a children's wing three years after the fire.", "Other"] }))
    )
      .toBe("The library reopened with a children's wing three years after the fire.")
  })

  it("passes over the site's boilerplate, the title repeated and the site's own description; then the lead", () => {
    const boilerplate = "The Northern Post: the latest news, sport and weather from across the North of England."
    expect(pick(sources({ declared: [boilerplate] }))).toBe(text.split("\n\n")[0])
    expect(pick(sources({ declared: ["Town library reopens three years after fire"] }))).toBe(text.split("\n\n")[0])
    expect(
      pick(
        sources({
          declared: ["Books and reading rooms for the town of Hexham."],
          siteDescriptions: ["Books and reading rooms for the town of Hexham."]
        })
      )
    )
      .toBe(text.split("\n\n")[0])
  })

  it("a long lead is quoted in whole sentences up to 300 characters; a single long sentence is cut with an ellipsis", () => {
    const first = "New Zealand is an island country in the southwestern Pacific Ocean."
    const second =
      "It consists of two main landmasses, the North Island and the South Island, and more than 700 smaller islands."
    const third =
      "It lies east of Australia across the Tasman Sea, and its capital is Wellington, while its most populous city is Auckland on the North Island."
    expect(fromLead(`${first} ${second} ${third}`)).toBe(`${first} ${second}`)
    const long = `${"A sentence that goes on and on without a stop ".repeat(10)}until the end.`
    const cut = fromLead(long)
    expect(cut.endsWith("…")).toBe(true)
    expect(cut.length).toBeLessThanOrEqual(300)
    expect(long.startsWith(cut.slice(0, -1))).toBe(true)
  })
})
