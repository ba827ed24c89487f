/**
 * The search language, states and duplicates in the web app, in real Chromium (docs/search.md): a duplicate save is
 * told "Already saved", a query the library cannot read shows the message with the fault underlined, the favourite and
 * archive toggles, `is:` searches, and the duplicates page with a merge. Every page is checked with axe and
 * photographed at 1280 and 360 px (Visits), and in the dark scheme at 1280 and 390 px.
 */
import { External } from "@bookmark-library/testkit"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { Visits } from "./Visits.js"

const person = { email: "ada@example.com", password: "finding things again" }

/** The bookmarks listed: one heading each. */
const cards = (page: Page) => page.getByRole("list", { name: "Bookmarks" }).getByRole("heading")

export const describeSearchPages = (mode: Harness.Mode, label: string) => {
  const chromium = External.needs("CHROMIUM_PATH")
  const database = mode === "scaled" ? External.needs("TEST_DATABASE_URL") : { run: true }

  describe.runIf(chromium.run && database.run)(`Search, states and duplicates in Chromium (${label})`, () => {
    let world: { service: Harness.Started; browser: Browser; page: Page; visits: Visits } | undefined
    const w = () => {
      if (world === undefined) throw new Error("the web app did not start")
      return world
    }

    /** The axe check and light screenshots of Visits, then the dark scheme at 1280 and 390 px. */
    const shots = async (name: string) => {
      const { page, visits } = w()
      await visits.check(page, name)
      await page.emulateMedia({ colorScheme: "dark" })
      await page.screenshot({ path: join(visits.dir, `${name}-dark-desktop.png`), fullPage: true })
      await page.setViewportSize({ width: 390, height: 800 })
      await page.screenshot({ path: join(visits.dir, `${name}-dark-390.png`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.emulateMedia({ colorScheme: "light" })
    }

    const save = async (url: string, tags = "") => {
      const { page } = w()
      await page.locator("#save-url").fill(url)
      await page.locator("#save-tags").fill(tags)
      // With htmx the save answers in place (the form's status line): emptied first, then waited for.
      await page.locator("#save-status").evaluate((status) => status.replaceChildren())
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === "/bookmarks" && r.request().method() === "POST"),
        page.getByRole("button", { name: "Save", exact: true }).click()
      ])
      await page.locator("#save-status").getByRole("status").first().waitFor()
    }

    const search = async (q: string) => {
      const { page, service } = w()
      await page.goto(`${service.baseUrl}/?q=${encodeURIComponent(q)}`)
      await page.getByRole("heading", { name: "Library" }).waitFor()
    }

    beforeAll(async () => {
      // Every name resolves to loopback, which the address policy refuses: enrichment fails fast, nothing leaves.
      const service = await Harness.start({
        mode,
        roles: "all",
        env: { SCREENSHOTS: "false" },
        overrides: { guard: { resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
      })
      const browser = await Chromium.launch(chromium.value)
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      world = { service, browser, page, visits: new Visits(`${mode === "embedded" ? "pglite" : "postgres"}/search`) }
    })

    afterAll(async () => {
      if (world === undefined) return
      await world.browser.close()
      await world.service.stop()
      await world.service.storage.cleanup()
    })

    it("says Already saved for the same page under another address, and underlines the fault of a search", {
      timeout: 90_000
    }, async () => {
      const { page } = w()
      await page.goto(w().service.baseUrl)
      await page.getByLabel("Email").fill(person.email)
      await page.getByLabel("Password").fill(person.password)
      await page.getByRole("button", { name: "Create account" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()

      await save("https://www.example.com/story?utm_source=feed", "news")
      await expect(page.getByText("Already saved").count()).resolves.toBe(0)
      await save("http://example.com/story#comments", "later")
      const told = page.getByRole("status").filter({ hasText: "Already saved" })
      await told.waitFor()
      const earlier = await told.getByRole("link", { name: "See the earlier bookmark" }).getAttribute("href")
      expect(earlier).toMatch(/^\/bookmarks\/bmk_[0-9A-Za-z]+$/)
      await shots("already-saved")
      await save("https://docs.example.org/guide", "manual")

      // A live search (htmx) as the person types: the message and the fault, underlined, replace the results.
      await page.getByRole("searchbox", { name: "Search" }).fill("#news site:example.com) x")
      const alert = page.getByRole("alert").filter({ hasText: "closes nothing" })
      await alert.waitFor()
      await expect(alert.locator("mark.fault").textContent()).resolves.toBe(")")
      await expect(alert.textContent()).resolves.toContain("at character 23")
      await shots("search-error")

      await search("site:example.com #news OR #manual")
      await expect(cards(page).count()).resolves.toBe(2)
      await search("is:shiny")
      await expect(page.getByRole("alert").textContent()).resolves.toContain("`is:` must be one of")
      await expect(page.locator("mark.fault").textContent()).resolves.toBe("i")
    })

    it("favourites and archives a bookmark with toggles; is:favourite and is:unread find them", {
      timeout: 60_000
    }, async () => {
      const { page } = w()
      await search("site:docs.example.org")
      await page.getByRole("list", { name: "Bookmarks" }).getByRole("heading").getByRole("link").first().click()
      await page.getByRole("button", { name: "☆ Favourite" }).click()
      await page.getByRole("status").filter({ hasText: "Added to favourites." }).waitFor()
      await expect(page.getByRole("button", { name: "★ Favourite" }).getAttribute("aria-pressed")).resolves.toBe(
        "true"
      )
      await page.getByRole("button", { name: "Archive (mark read)" }).click()
      await page.getByRole("status").filter({ hasText: "Archived" }).waitFor()
      await shots("bookmark-states")
      await search("is:favourite is:archived")
      await expect(cards(page).count()).resolves.toBe(1)
      await search("is:unread")
      await expect(cards(page).count()).resolves.toBe(2)
    })

    it("groups duplicates and merges a group into the earliest, with every tag", { timeout: 60_000 }, async () => {
      const { page } = w()
      await page.getByRole("link", { name: "Duplicates" }).first().click()
      await page.getByRole("heading", { name: "Duplicates", level: 1 }).waitFor()
      const groups = page.getByRole("list", { name: "Groups of duplicates" })
      await expect(groups.getByRole("heading", { level: 2 }).count()).resolves.toBe(1)
      await shots("duplicates")
      await page.getByRole("button", { name: "Merge 2 into the earliest" }).click()
      await page.getByRole("status").filter({ hasText: "Merged" }).waitFor()
      await expect(page.getByText("No duplicates: every page is saved once.").isVisible()).resolves.toBe(true)
      await shots("duplicates-merged")
      await search("#news #later")
      await expect(cards(page).count()).resolves.toBe(1)
      await search("is:duplicate")
      await expect(page.getByText("Nothing matches.").isVisible()).resolves.toBe(true)
    })
  })
}
