/**
 * A bookmark saved with the browser's copy (docs/preservation.md, "Copies from the browser"): enrichment reads the
 * copy and fetches nothing, neither the URL nor its icon, renders no address (its screenshot is of the copy); the
 * copy stays the archived copy.
 */
import { Errors, getBookmark, PageCopy, saveWithCopy } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

const url = "https://members.example.com/article"

describe("enrichment of a bookmark saved with the browser's copy", () => {
  it.effect("takes title, description, summary, tags and the screenshot from the copy; no fetch, no address rendered", () =>
    inWorld(({ renderer, fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const html = page("Behind the Login", "Only members read this")
        const ack = yield* saveWithCopy(principal.account.id, { url, tags: ["mine"], html }, "extension")
        expect(yield* runDueJobs).toMatchObject([{ outcome: "completed" }])
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done).toMatchObject({
          status: "ready",
          title: "Behind the Login",
          description: "Only members read this",
          summary: "Bookmarks deserve careful enrichment.",
          processingError: "",
          archiveCapturedBy: "browser",
          archiveProblem: ""
        })
        expect(done.tags[0]).toBe("mine")
        expect(done.archivedAt).not.toBe("")
        expect(fetcher.calls).toEqual([])
        expect(renderer.calls).toEqual([])
        // The screenshot is of the copy itself, taken without the network.
        expect(renderer.documents).toHaveLength(1)
        expect(renderer.documents[0]).toContain("Behind the Login")
        expect(done.screenshot).toMatch(/\/v1\/api\/assets\/[0-9a-f]{32}$/)
      })
    ))

  it.effect("a copy that is not an HTML document is refused naming html, and nothing is saved", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const error = yield* failureOf(
          saveWithCopy(principal.account.id, { url, html: "%PDF-1.7" }, "api"),
          Errors.InvalidInput
        )
        expect(error.field).toBe("html")
      })
    ))
})

describe("PageCopy", () => {
  it("knows an HTML document by its opening", () => {
    expect(PageCopy.isHtmlDocument("\uFEFF <!-- saved --> <!DOCTYPE html><p>")).toBe(true)
    expect(PageCopy.isHtmlDocument("<html lang=en>")).toBe(true)
    expect(PageCopy.isHtmlDocument("<body>")).toBe(true)
    expect(PageCopy.isHtmlDocument("hello <html>")).toBe(false)
    expect(PageCopy.isHtmlDocument("<svg onload=x>")).toBe(false)
  })

  it("takes out scripts, event handlers, script addresses, refreshes and <base>", () => {
    const cleaned = PageCopy.clean(
      `<!doctype html><head><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=x">` +
        `<SCRIPT type=module>go()</SCRIPT><script src=a.js></script><script>never closed` +
        `</head><body onLoad='go()'><a href="javascript:go()" onclick=go()>a</a>` +
        `<img src=data:image/png;base64,AA== onerror="go()"><p>on="text" stays</p></body>`
    )
    expect(cleaned).not.toMatch(/script|go\(\)|onload|onclick|onerror|<base|refresh/i)
    expect(cleaned).toContain(`<img src=data:image/png;base64,AA==>`)
    expect(cleaned).toContain(`<p>on="text" stays</p>`)
  })

  it("refuses NUL characters and copies over the cap", () => {
    expect(PageCopy.parse("<!doctype html>\u0000", 1000)._tag).toBe("Failure")
    expect(PageCopy.parse(`<!doctype html>${"x".repeat(1000)}`, 1000)._tag).toBe("Failure")
    expect(PageCopy.parse("<!doctype html><p>ok", 1000)._tag).toBe("Success")
  })
})
