/** ExtractPage: what the page as served adds to what enrichment had, and what a bot challenge leaves. */
import { Bookmark, type Extracted } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { withExtracted } from "../../../src/usecases/enrichment/ExtractPage.js"
import type { Progress } from "../../../src/usecases/enrichment/Progress.js"

const fromFile: Progress = {
  derived: { ...Bookmark.emptyDerived, title: "Title from the file", description: "Description from the file" },
  pageMarkdown: "",
  pageText: "",
  news: false,
  error: "",
  transient: false
}

const extracted: Extracted = {
  type: "article",
  title: "",
  description: "What the page says of itself",
  image: "https://example.com/cover.png",
  favicon: "https://example.com/icon.png",
  text: "The text of the page.",
  challenge: false,
  news: true
}

describe("withExtracted", () => {
  it("takes the page's type, metadata and text; a value the page lacks keeps what was there", () => {
    expect(withExtracted(fromFile, extracted)).toEqual({
      ...fromFile,
      derived: {
        ...fromFile.derived,
        type: "article",
        title: "Title from the file",
        description: "What the page says of itself",
        image: "https://example.com/cover.png",
        favicon: "https://example.com/icon.png"
      },
      pageText: "The text of the page.",
      news: true
    })
  })

  it("a bot challenge keeps only its icon and says so: nothing of it describes the page", () => {
    const challenge = { ...extracted, title: "Just a moment...", challenge: true }
    expect(withExtracted(fromFile, challenge)).toEqual({
      ...fromFile,
      derived: { ...fromFile.derived, favicon: "https://example.com/icon.png" },
      error: "blocked by a bot challenge"
    })
  })
})
