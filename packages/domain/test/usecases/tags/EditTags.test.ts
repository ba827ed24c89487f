/** Tags across the library: a paged list with counts and variants; rename, merge, merge variants and delete. */
import {
  deleteTag,
  Errors,
  listBookmarks,
  listTags,
  mergeTags,
  mergeVariants,
  renameTag,
  TagEdits,
  tagsPage,
  tagsPerPage
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

describe("tags across the library", () => {
  it.effect("renames, merges, merges variants and deletes; GET /bookmarks sees it at once", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const save = (url: string, tags: string) => Fixtures.save(principal, { url, tags })
        yield* save("https://example.com/1", "JavaScript, web")
        yield* save("https://example.com/2", "java-script")
        yield* save("https://example.com/3", "javascripts, rust")
        yield* save("https://example.com/4", "recipes")
        const page = yield* tagsPage(account.id, 1)
        expect(page.tags.find((t) => t.tag === "JavaScript")?.variants).toBe(3)
        expect(yield* mergeVariants(account.id, "JavaScript")).toEqual({ changed: 3 })
        expect((yield* listBookmarks(account.id, { tag: "javascript" })).bookmarks).toHaveLength(3)
        expect(yield* renameTag(account.id, "rust", "Rust lang")).toEqual({ changed: 1 })
        expect(yield* mergeTags(account.id, ["web", "Rust lang"], "code")).toEqual({ changed: 2 })
        expect(yield* deleteTag(account.id, "recipes")).toEqual({ changed: 1 })
        expect((yield* listTags(account.id)).tags).toEqual([
          { tag: "JavaScript", count: 3 },
          { tag: "code", count: 2 }
        ])
        expect((yield* listBookmarks(account.id, {})).bookmarks).toHaveLength(4)
        for (const bad of ["", " , ", "a, b", "x".repeat(65)]) {
          expect(yield* failureOf(renameTag(account.id, "code", bad), Errors.InvalidInput)).toMatchObject({
            field: "to"
          })
        }
      })
    ))

  it.effect("pages the tags, most used first, and filters them", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const tags = Array.from({ length: 31 }, (_, i) => `t${String(i).padStart(3, "0")}`)
        for (let i = 0; i < 8; i++) {
          yield* Fixtures.save(principal, {
            url: `https://example.com/${i}`,
            tags: tags.slice(i * 4, i * 4 + 4).concat(i < 2 ? ["common"] : [])
          })
        }
        const first = yield* tagsPage(account.id, 1)
        expect(first).toMatchObject({ total: 32, page: 1, pages: Math.ceil(32 / tagsPerPage) })
        expect(first.tags[0]).toMatchObject({ tag: "common", count: 2 })
        expect((yield* tagsPage(account.id, 99)).page).toBe(first.pages)
        expect((yield* tagsPage(account.id, 1, "T00")).tags.map((t) => t.tag)).toEqual(
          tags.slice(0, 10)
        )
      })
    ))

  it("variant keys fold case, accents, punctuation and a plural s", () => {
    expect(new Set(["JavaScript", "java-script", "javascripts", "Java Script"].map(TagEdits.variantKey)).size).toBe(1)
    expect(TagEdits.variantKey("café")).toBe(TagEdits.variantKey("Cafe"))
    expect(TagEdits.variantKey("css")).toBe("css")
    expect(TagEdits.variantKey("news")).not.toBe(TagEdits.variantKey("new"))
  })
})
