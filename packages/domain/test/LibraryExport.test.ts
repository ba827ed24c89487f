/** Our JSON export read back: text notes by the one rule, screenshots kept as the asset ids they name. */
import { AccountId, Bookmark, BookmarkId, LibraryExport, Links } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"

const links = Links.Links.of({ asset: (id) => `https://bookmarks.example.com/v1/api/assets/${id}` })
const asset = "0123456789abcdef0123456789abcdef"

const record = (overrides: Partial<Bookmark.Record>): Bookmark.Record => ({
  id: BookmarkId.make("bmk_exported"),
  accountId: AccountId.make("acc_exported"),
  url: "https://example.com/a",
  source: "api",
  createdAt: 1_700_000_000_000,
  status: "ready",
  processingError: "",
  callerTags: ["mine"],
  note: "a note",
  derived: { ...Bookmark.emptyDerived, title: "A", screenshot: asset },
  overrides: {},
  pageText: "",
  ...overrides
})

describe("LibraryExport", () => {
  it("shows the screenshot's link and keeps its asset id in derived; reading it back keeps the id", () => {
    const exported = LibraryExport.toExported(record({}), links)
    expect(exported.screenshot).toBe(`https://bookmarks.example.com/v1/api/assets/${asset}`)
    expect(exported.derived.screenshot).toBe(asset)
    expect(LibraryExport.toCandidate(exported).restore?.derived.screenshot).toBe(asset)
  })

  it("reads an older export's screenshot link as its asset id, and anything else as none", () => {
    const exported = LibraryExport.toExported(record({}), links)
    const older = {
      ...exported,
      derived: { ...exported.derived, screenshot: `http://127.0.0.1:3000/v1/api/assets/${asset}` }
    }
    expect(LibraryExport.toCandidate(older).restore?.derived.screenshot).toBe(asset)
    const foreign = { ...exported, derived: { ...exported.derived, screenshot: "https://elsewhere.example/shot.png" } }
    expect(LibraryExport.toCandidate(foreign).restore?.derived.screenshot).toBe("")
  })

  it("a bookmark without an address is a text note, whatever its type says; it has no place in the HTML export", () => {
    const note = record({ url: Bookmark.noteUrl, derived: { ...Bookmark.emptyDerived, type: "textNote" } })
    expect(LibraryExport.toCandidate(LibraryExport.toExported(note, links)).kind).toBe("textNote")
    const retyped = record({ url: Bookmark.noteUrl, overrides: { type: "article" } })
    expect(LibraryExport.toCandidate(LibraryExport.toExported(retyped, links)).kind).toBe("textNote")
    expect(LibraryExport.toCandidate(LibraryExport.toExported(record({}), links)).kind).toBe("link")
    expect(LibraryExport.htmlItem(note)).toBe("")
  })
})
