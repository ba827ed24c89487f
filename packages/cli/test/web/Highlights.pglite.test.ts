/**
 * Highlights in real Chromium (docs/reading.md, "Highlights"): text selected in the reader view is highlighted in a
 * colour with a note from the toolbar, drawn as a `<mark>` and still there after a reload; when the copy is refreshed
 * with one paragraph rewritten (and another added before), the other highlight is found again and the rewritten
 * one is listed as orphaned; a mark opens its edit form; the Markdown exports carry the quotes and notes;
 * `is:highlighted` finds the bookmark; the All highlights page searches. Screenshots and axe of both pages.
 */
import { Bookmark, BookmarkId, Bookmarks, Users } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect, Option } from "effect"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { Visits } from "./Visits.js"

const chromium = External.needs("CHROMIUM_PATH")

const first = "Octopuses have three hearts and blue blood, which carries oxygen well in cold water."
const second = "The harbour wakes before the town does, and the gulls are the first to know it."
const third = "Nets are mended on the quay while the tide turns and the light comes up grey."
const text = [first, second, third].join("\n\n")
const edited = [
  "A new opening paragraph was added when the page changed.",
  first,
  "Entirely different words now.",
  third
]
  .join("\n\n")

interface World {
  readonly service: Harness.Started
  readonly browser: Browser
  readonly page: Page
  readonly visits: Visits
}

/** Selects `passage` inside the article, as a person dragging over it would. */
const select = (page: Page, passage: string) =>
  page.evaluate(`(() => {
    const wanted = ${JSON.stringify(passage)}
    const article = document.getElementById("reader-content")
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const at = node.data.indexOf(wanted)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      window.getSelection().removeAllRanges()
      window.getSelection().addRange(range)
      return
    }
    throw new Error("not in the article: " + wanted)
  })()`)

describe.runIf(chromium.run)("highlights in Chromium (embedded)", () => {
  let world: World | undefined
  const w = () => {
    if (world === undefined) throw new Error("the web app did not start")
    return world
  }
  let bookmarkId = ""
  const reader = () => `${w().service.baseUrl}/bookmarks/${bookmarkId}/read`

  beforeAll(async () => {
    const service = await Harness.start({ mode: "embedded", roles: "all" })
    const browser = await Chromium.launch(chromium.value)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    world = { service, browser, page, visits: new Visits("pglite/highlights") }
  }, 120_000)

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
  })

  it("highlights a selection with a colour and a note; it is still there after a reload", async () => {
    const { page, service } = w()
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill("ada@example.com")
    await page.getByLabel("Password").fill("analytical engine 1843")
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
    // A read article whose kept text is the reader's content (no archived copy: the text is shown as paragraphs).
    bookmarkId = await service.run(Effect.gen(function*() {
      const owner = Option.getOrThrow(yield* (yield* Users).findByEmail("ada@example.com"))
      const bookmarks = yield* Bookmarks
      const saved = yield* bookmarks.insert({
        id: BookmarkId.make("bmk_highlightsessay0000001"),
        accountId: owner.user.accountId,
        url: "https://example.com/essay",
        source: "app",
        now: Date.now(),
        status: "processing",
        processingError: "",
        callerTags: ["sea"],
        note: "",
        derived: Bookmark.emptyDerived,
        overrides: {},
        pageText: ""
      })
      const derived = { ...Bookmark.emptyDerived, title: "Notes from the harbour", type: "article" as const }
      yield* bookmarks.complete(saved.id, { derived, processingError: "", pageText: text })
      return saved.id
    }))
    await page.goto(reader())
    await select(page, "three hearts and blue blood")
    const toolbar = page.locator("#highlight-toolbar")
    await toolbar.waitFor({ state: "visible" })
    await toolbar.getByLabel("Note (optional)").fill("For the talk on Friday")
    await page.screenshot({ path: join(w().visits.dir, "reader-toolbar-1280-light.png") })
    await toolbar.getByRole("button", { name: "Highlight green" }).click()
    await page.waitForURL(/\/read#hl-hlt_/)
    const firstMark = page.locator("#reader-content mark.hl-green")
    await expect(firstMark.textContent()).resolves.toBe("three hearts and blue blood")

    await page.setViewportSize({ width: 390, height: 780 })
    await page.emulateMedia({ colorScheme: "dark" })
    await select(page, "the gulls are the first to know it")
    await toolbar.waitFor({ state: "visible" })
    await page.screenshot({ path: join(w().visits.dir, "reader-toolbar-390-dark.png") })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: null })
    await toolbar.getByRole("button", { name: "Highlight yellow" }).click()
    await page.waitForURL(/\/read#hl-hlt_/)
    await page.reload()
    await expect(page.locator("#reader-content mark.hl").allTextContents()).resolves.toEqual([
      "three hearts and blue blood",
      "the gulls are the first to know it"
    ])
    await expect(page.locator("#highlights .note").allTextContents()).resolves.toEqual(["For the talk on Friday"])
    await expect(page.locator("#orphaned-highlights").isHidden()).resolves.toBe(true)
  }, 180_000)

  it(
    "a refreshed copy with a rewritten paragraph: one highlight survives, the other is shown as orphaned",
    async () => {
      const { page, service, visits } = w()
      await service.run(Effect.gen(function*() {
        const bookmarks = yield* Bookmarks
        const id = BookmarkId.make(bookmarkId)
        yield* bookmarks.restart(id)
        const derived = { ...Bookmark.emptyDerived, title: "Notes from the harbour", type: "article" as const }
        yield* bookmarks.complete(id, { derived, processingError: "", pageText: edited })
      }))
      await visits.open(page, reader(), "reader-highlights")
      await expect(page.locator("#reader-content mark.hl").allTextContents()).resolves.toEqual([
        "three hearts and blue blood"
      ])
      const orphaned = page.locator("#orphaned-highlights")
      await expect(orphaned.isVisible()).resolves.toBe(true)
      await expect(orphaned.locator("blockquote").allTextContents()).resolves.toEqual([
        "the gulls are the first to know it"
      ])
      await expect(page.locator("#highlights [data-anchored-list] blockquote").allTextContents()).resolves.toEqual([
        "three hearts and blue blood"
      ])
      await visits.check(page, "reader-highlights")

      // A click on a mark opens its form: the note is changed there.
      await page.locator("#reader-content mark.hl-green").click()
      const note = page.locator("[data-anchored-list] textarea")
      await expect(page.evaluate("document.activeElement.id")).resolves.toMatch(/^note-hlt_/)
      await note.fill("For the talk on Friday, slide 3")
      await page.locator("[data-anchored-list]").getByRole("button", { name: "Save" }).click()
      await page.waitForURL(/\/read#hl-hlt_/)
      await expect(page.locator("[data-anchored-list] .note").textContent()).resolves.toBe(
        "For the talk on Friday, slide 3"
      )
    },
    120_000
  )

  it(
    "exports the highlights as Markdown, finds the bookmark with is:highlighted, lists and searches them",
    async () => {
      const { page, service, visits } = w()
      const one = await page.request.get(`${service.baseUrl}/bookmarks/${bookmarkId}/highlights.md`)
      expect(one.headers()["content-type"]).toBe("text/markdown; charset=utf-8")
      const markdown = await one.text()
      expect(markdown).toContain("## [Notes from the harbour](<https://example.com/essay>)")
      expect(markdown).toContain("> three hearts and blue blood\n\nFor the talk on Friday, slide 3")
      expect(markdown).toContain("> the gulls are the first to know it")
      const all = await (await page.request.get(`${service.baseUrl}/export?format=markdown`)).text()
      // A write without the session's CSRF token is refused, as every form of the app.
      const forged = await page.request.post(`${service.baseUrl}/bookmarks/${bookmarkId}/highlights`, {
        form: { exact: "harbour", start: "0", end: "7", colour: "blue" }
      })
      expect(forged.status()).toBe(403)
      expect(all.startsWith("# Highlights\n")).toBe(true)
      expect(all).toContain(markdown)

      await page.goto(`${service.baseUrl}/?q=${encodeURIComponent("is:highlighted")}`)
      await expect(page.locator("#results .card h3").allTextContents()).resolves.toEqual([
        expect.stringContaining("Notes from the harbour")
      ])
      await page.goto(`${service.baseUrl}/?q=${encodeURIComponent("-is:highlighted")}`)
      await expect(page.locator("#results .card").count()).resolves.toBe(0)

      await visits.open(page, `${service.baseUrl}/highlights`, "highlights")
      await expect(page.locator(".highlights-list blockquote").allTextContents()).resolves.toEqual([
        "the gulls are the first to know it",
        "three hearts and blue blood"
      ])
      await visits.check(page, "highlights")
      await page.getByLabel("Search highlights").fill("slide")
      await page.getByRole("button", { name: "Find" }).click()
      await page.waitForURL((url) => url.searchParams.get("q") === "slide")
      await expect(page.locator(".highlights-list blockquote").allTextContents()).resolves.toEqual([
        "three hearts and blue blood"
      ])
      await page.goto(`${service.baseUrl}/highlights?tag=nothing`)
      await expect(page.locator(".empty-state").textContent()).resolves.toBe("No highlight matches.")
    },
    120_000
  )
})
