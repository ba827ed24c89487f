/**
 * Bulk actions in the web app, in real Chromium on the embedded default (PGlite): tick cards (by mouse and by the
 * `x` key) and tag them, "all matching this search" confirmed with its count and run as a job with a progress page,
 * and a delete confirmed by a page that names the count. Each page is checked with axe and photographed at 1280 and
 * 390 px, light and dark.
 */
import { Bookmark, Bookmarks, type Ids, listAccounts } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { shots } from "./Shots.js"

const chromium = External.needs("CHROMIUM_PATH")

/** More than the job threshold (200), so "all matching" runs as a job. */
const many = 260

describe.runIf(chromium.run)("bulk actions in the web app (Chromium, PGlite)", () => {
  let service: Harness.Started | undefined
  let browser: Browser | undefined
  let page: Page | undefined
  const shoot = shots("bulk")
  const p = () => {
    if (page === undefined || service === undefined) throw new Error("the web app did not start")
    return { page, base: service.baseUrl, service }
  }

  /** Ready bookmarks written straight to storage (no enrichment, no network), newest last. */
  const seed = (prefix: string, count: number) =>
    p().service.run(Effect.gen(function*() {
      const { accounts } = yield* listAccounts({})
      const accountId = accounts[0]?.id
      if (accountId === undefined) throw new Error("no account")
      const items = Array.from({ length: count }, (_, i) => ({
        id: `bmk_${prefix}${String(i).padStart(6, "0")}` as Ids.BookmarkId,
        accountId,
        url: `https://example.com/${prefix}/${i}`,
        source: "import" as const,
        status: "ready" as const,
        processingError: "",
        callerTags: [],
        note: "",
        derived: { ...Bookmark.emptyDerived, title: `${prefix} ${i}` },
        overrides: {},
        pageText: "",
        wantedAt: Date.UTC(2026, 0, 1) + i * 1000
      }))
      yield* (yield* Bookmarks).insertImported(accountId, items, "keep")
    }))

  beforeAll(async () => {
    service = await Harness.start({ mode: "embedded", env: { SCREENSHOTS: "false" } })
    browser = await Chromium.launch(chromium.value)
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill("ada@example.com")
    await page.getByLabel("Password").fill("analytical engine 1843")
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
    await seed("Many", many)
    await seed("Pick", 5)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    if (service !== undefined) {
      await service.stop()
      await service.storage.cleanup()
    }
  })

  it("ticks cards by mouse and keyboard and tags them; the library says what was done", async () => {
    const { base, page } = p()
    await page.goto(`${base}/?q=pick`)
    await shoot(page, "library-bulk")
    // Other pages' tests find the save form's fields by "Tags" and "Search": the bulk form's labels say neither.
    await expect(page.getByLabel("Tags").count()).resolves.toBe(1)
    await expect(page.getByLabel("Search").count()).resolves.toBe(1)
    await page.getByLabel("Select Pick 1", { exact: true }).check()
    // `j` selects the first card (the newest: Pick 4), `x` ticks it (keys typed in a field are the field's).
    await page.evaluate("document.activeElement instanceof HTMLElement && document.activeElement.blur()")
    await page.locator("body").press("j")
    await page.locator("body").press("x")
    await expect(page.getByLabel("Select Pick 4", { exact: true }).isChecked()).resolves.toBe(true)
    await page.getByLabel("Action").selectOption("addTags")
    await page.locator("#bulk-tags").fill("chosen, later")
    await page.getByRole("button", { name: "Apply" }).click()
    await expect(page.locator("#bulk-result").innerText()).resolves.toBe("Tagged 2 bookmarks.")
    await shoot(page, "library-bulk-done")
    await page.goto(`${base}/?q=%23chosen`)
    const titles = await page.locator("[data-card] h3").allTextContents()
    expect(titles.map((t) => t.trim())).toEqual(["Pick 4", "Pick 1"])
  }, 120_000)

  it("a bulk action with nothing ticked is a clear message, not an error page", async () => {
    const { base, page } = p()
    await page.goto(`${base}/?q=pick`)
    await page.getByLabel("Action").selectOption("archive")
    await page.getByRole("button", { name: "Apply" }).click()
    await expect(page.getByRole("alert").innerText()).resolves.toContain("Tick at least one bookmark")
  }, 60_000)

  it("archives all bookmarks matching a search, not only the page: confirmed with the count, then a job", async () => {
    const { base, page } = p()
    await page.goto(`${base}/?q=many`)
    await expect(page.locator("[data-card]").count()).resolves.toBe(30)
    await page.getByLabel("all that match the filters above").check()
    await page.getByLabel("Action").selectOption("archive")
    await page.getByRole("button", { name: "Apply" }).click()
    await page.getByRole("heading", { name: `Archive (mark read): ${many} bookmarks matching this search?` })
      .waitFor()
    await shoot(page, "bulk-confirm-matching")
    await page.getByRole("button", { name: `Apply to ${many} bookmarks` }).click()
    await page.waitForURL(/\/bulk\/blk_/)
    await page.getByRole("heading", { name: `Archived ${many} bookmarks` }).waitFor()
    await page.getByText("Finished").waitFor({ timeout: 60_000 })
    await expect(page.locator("#bulk-ok").innerText()).resolves.toBe(String(many))
    await shoot(page, "bulk-progress")
    await page.goto(`${base}/?q=is%3Aarchived%20many`)
    await expect(page.locator(".count").innerText()).resolves.toBe("More than 30 results")
    await page.goto(`${base}/?q=is%3Aunread%20many`)
    await expect(page.locator(".count").innerText()).resolves.toBe("No results")
  }, 120_000)

  it("deletes ticked bookmarks after a confirmation page that names the count", async () => {
    const { base, page } = p()
    await page.goto(`${base}/?q=pick`)
    await page.getByLabel("Select Pick 0", { exact: true }).check()
    await page.getByLabel("Select Pick 2", { exact: true }).check()
    await page.getByLabel("Action").selectOption("delete")
    await page.getByRole("button", { name: "Apply" }).click()
    await page.getByRole("heading", { name: "Delete 2 selected bookmarks?" }).waitFor()
    await shoot(page, "bulk-delete-confirm")
    // Cancel keeps them.
    await page.getByRole("link", { name: "Cancel" }).click()
    await page.locator("[data-card]").first().waitFor()
    await expect(page.locator("[data-card]").count()).resolves.toBe(5)
    await page.getByLabel("Select Pick 0", { exact: true }).check()
    await page.getByLabel("Select Pick 2", { exact: true }).check()
    await page.getByLabel("Action").selectOption("delete")
    await page.getByRole("button", { name: "Apply" }).click()
    await page.getByRole("button", { name: "Delete 2 bookmarks" }).click()
    await expect(page.locator("#bulk-result").innerText()).resolves.toBe("Deleted 2 bookmarks.")
    const titles = await page.locator("[data-card] h3").allTextContents()
    expect(titles.map((t) => t.trim())).toEqual(["Pick 4", "Pick 3", "Pick 1"])
  }, 120_000)

  it("works without JavaScript: the checkboxes belong to the form by its id", async () => {
    const { base, page } = p()
    if (browser === undefined) throw new Error("no browser")
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState()
    })
    const plain = await context.newPage()
    await plain.goto(`${base}/?q=pick`)
    await expect(plain.locator("[data-pick-page]").isHidden()).resolves.toBe(true)
    await plain.getByLabel("Select Pick 3", { exact: true }).check()
    await plain.getByLabel("Action").selectOption("favourite")
    await plain.getByRole("button", { name: "Apply" }).click()
    await expect(plain.locator("#bulk-result").innerText()).resolves.toBe("Starred 1 bookmark.")
    await plain.goto(`${base}/?q=is%3Afavourite`)
    expect((await plain.locator("[data-card] h3").allTextContents()).map((t) => t.trim())).toEqual(["Pick 3"])
    await context.close()
  }, 60_000)
})
