/**
 * Lists and tags in the web app, in real Chromium on the embedded default: the sidebar beside the library, creating,
 * nesting, renaming and deleting lists, picking a bookmark's lists on its page, the tags page (paged, rename, merge,
 * delete), and the clear messages of bad input. Each page
 * is checked with axe and photographed at 1280 and 390 px, light and dark.
 */
import { External } from "@bookmark-library/testkit"
import type { Browser, Page } from "playwright-core"
import Parser from "rss-parser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { shots } from "./Shots.js"

const chromium = External.needs("CHROMIUM_PATH")

describe.runIf(chromium.run)("lists in the web app (Chromium, PGlite)", () => {
  let service: Harness.Started | undefined
  let browser: Browser | undefined
  let page: Page | undefined
  const shoot = shots("lists")
  const p = () => {
    if (page === undefined || service === undefined) throw new Error("the web app did not start")
    return { page, base: service.baseUrl }
  }

  beforeAll(async () => {
    service = await Harness.start({ mode: "embedded", env: { SCREENSHOTS: "false" } })
    browser = await Chromium.launch(chromium.value)
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    page.setDefaultTimeout(10_000)
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill("ada@example.com")
    await page.getByLabel("Password").fill("analytical engine 1843")
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    if (service !== undefined) {
      await service.stop()
      await service.storage.cleanup()
    }
  })

  const save = async (url: string, tags = "") => {
    const { base, page } = p()
    await page.goto(base)
    await page.getByLabel("URL").fill(url)
    if (tags !== "") await page.locator("#save-tags").fill(tags)
    // With htmx the save answers in place (the form's status line).
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/bookmarks" && r.request().method() === "POST"),
      page.getByRole("button", { name: "Save", exact: true }).click()
    ])
    await page.locator("#save-status").getByRole("status").first().waitFor()
  }

  it(
    "creates nested lists from the Lists page and shows them in the sidebar; a taken name is a clear message",
    async () => {
      const { base, page } = p()
      await page.goto(`${base}/lists`)
      await expect(page.getByText("No lists yet").isVisible()).resolves.toBe(true)
      await shoot(page, "lists-empty")
      for (const [name, inside] of [["Reading", ""], ["Papers", "Reading"], ["Recipes", ""]] as const) {
        await page.goto(`${base}/lists`)
        await page.getByLabel("Name", { exact: true }).fill(name)
        if (inside !== "") await page.getByLabel("Inside").selectOption({ label: inside })
        await page.getByRole("button", { name: "Create" }).click()
        await page.getByRole("heading", { name, level: 1 }).waitFor()
      }
      const sidebar = page.getByRole("navigation", { name: "Lists" })
      const texts = await sidebar.getByRole("link").allTextContents()
      expect(texts.map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
        "All bookmarks",
        "Broken links",
        "Reading 0",
        "Papers 0",
        "Recipes 0",
        "Manage lists"
      ])
      await page.goto(`${base}/lists`)
      await page.getByLabel("Name", { exact: true }).fill("  reading ")
      await page.getByRole("button", { name: "Create" }).click()
      await expect(page.getByRole("alert").innerText()).resolves.toContain("a list named 'reading' exists already")
      await shoot(page, "lists-manage-error")
    },
    120_000
  )

  it(
    "picks lists for a bookmark on its page; the list page shows it; take out and delete keep the bookmark",
    async () => {
      const { base, page } = p()
      await save("https://example.com/first")
      await save("https://example.com/second")
      await page.goto(base)
      await shoot(page, "library-with-sidebar")
      await page.getByRole("link", { name: "https://example.com/first" }).first().click()
      const picker = page.getByRole("group", { name: "In these lists" })
      await picker.getByLabel("Reading").check()
      await picker.getByLabel("Papers").check()
      await page.getByRole("button", { name: "Save lists" }).click()
      await page.getByText("Lists saved.").waitFor()
      await expect(picker.getByLabel("Papers").isChecked()).resolves.toBe(true)
      await expect(picker.getByLabel("Recipes").isChecked()).resolves.toBe(false)
      await shoot(page, "bookmark-lists-picker")
      await page.getByRole("navigation", { name: "Lists" }).getByRole("link", { name: /Papers/ }).click()
      await page.getByRole("heading", { name: "Papers", level: 1 }).waitFor()
      await expect(page.getByRole("list", { name: "Bookmarks in Papers" }).getByRole("listitem").count()).resolves.toBe(
        1
      )
      await shoot(page, "list-page")
      // Rename and move to the top level.
      await page.getByLabel("Name", { exact: true }).fill("Old papers")
      await page.getByLabel("Inside").selectOption({ label: "None (top level)" })
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await page.getByRole("heading", { name: "Old papers", level: 1 }).waitFor()
      // A list cannot go under itself: it is not offered.
      const options = await page.getByLabel("Inside").locator("option").allInnerTexts()
      expect(options.map((o) => o.trim())).not.toContain("Old papers")
      await page.getByRole("button", { name: "Take out of this list" }).click()
      await page.getByText("Taken out of the list.").waitFor()
      await expect(page.getByText("This list is empty.").isVisible()).resolves.toBe(true)
      // Delete Reading: the bookmark stays in the library.
      await page.getByRole("navigation", { name: "Lists" }).getByRole("link", { name: /Reading/ }).click()
      await page.getByRole("link", { name: "Delete this list" }).click()
      await shoot(page, "list-delete-confirm")
      await page.getByRole("button", { name: "Delete list" }).click()
      await page.getByText("List deleted.").waitFor()
      await page.goto(base)
      await expect(page.getByRole("link", { name: "https://example.com/first" }).count()).resolves.toBeGreaterThan(0)
    },
    180_000
  )

  it("tags page: paged counts, filter, merge variants, rename with a clear refusal, delete", async () => {
    const { base, page } = p()
    await save("https://example.com/js1", "JavaScript, web")
    await save("https://example.com/js2", "java-script")
    for (let i = 0; i < 4; i++) {
      await save(`https://example.com/bulk${i}`, Array.from({ length: 30 }, (_, j) => `bulk${i}-${j}`).join(", "))
    }
    await page.goto(`${base}/tags`)
    await expect(page.getByText("Page 1 of 2").isVisible()).resolves.toBe(true)
    await expect(page.locator("tbody tr").count()).resolves.toBe(100)
    await shoot(page, "tags-page")
    await page.getByLabel("Find a tag").fill("java")
    await page.getByRole("button", { name: "Find" }).click()
    await page.waitForURL((url) => url.searchParams.get("q") === "java")
    await expect(page.locator("tbody tr").count()).resolves.toBe(2)
    await page.getByRole("link", { name: "Edit JavaScript" }).click()
    await page.getByRole("heading", { name: "Tag JavaScript" }).waitFor()
    await shoot(page, "tag-edit")
    await page.getByLabel("New name").fill("a, b")
    await page.getByRole("button", { name: "Rename" }).click()
    await expect(page.getByRole("alert").innerText()).resolves.toContain("New name: must be one tag")
    await page.getByRole("button", { name: "Merge 1 variant into JavaScript" }).click()
    await page.getByText("Tags merged on every bookmark.").waitFor()
    await page.goto(`${base}/?tag=javascript`)
    await expect(page.getByRole("link", { name: /example\.com\/js/ }).count()).resolves.toBe(2)
    await page.goto(`${base}/tags/edit?tag=web`)
    await page.getByRole("button", { name: "Delete tag web" }).click()
    await page.getByText("Tag deleted from every bookmark.").waitFor()
    await page.goto(`${base}/tags?q=web`)
    await expect(page.getByText("No tag matches.").isVisible()).resolves.toBe(true)
  }, 240_000)

  it("feeds: a list's and a tag's RSS and Atom parse with a feed parser; a revoked token answers 404", async () => {
    const { base, page } = p()
    await save("https://example.com/feed-item", "feedtag")
    await page.goto(`${base}/lists`)
    await page.getByLabel("Name", { exact: true }).fill("Feed <& list>")
    await page.getByRole("button", { name: "Create" }).click()
    await page.getByRole("heading", { name: "Feed <& list>", level: 1 }).waitFor()
    const listPath = new URL(page.url()).pathname
    const listId = listPath.split("/").pop() ?? ""
    await page.goto(base)
    await page.getByRole("link", { name: "https://example.com/feed-item" }).first().click()
    await page.getByRole("group", { name: "In these lists" }).getByLabel("Feed <& list>").check()
    await page.getByRole("button", { name: "Save lists" }).click()
    await page.getByText("Lists saved.").waitFor()
    await page.goto(`${base}${listPath}`)
    await page.getByRole("button", { name: "Create a feed link" }).click()
    await page.getByRole("heading", { name: "Feeds and shared pages", level: 1 }).waitFor()
    await shoot(page, "feed-created")
    const rssUrl = new URL(await page.getByLabel("RSS").inputValue())
    const atomUrl = new URL(await page.getByLabel("Atom").inputValue())
    expect(rssUrl.pathname).toMatch(/^\/feeds\/fd_[0-9A-Za-z]{40}\/rss$/)
    const parser = new Parser()
    const rss = await page.request.get(`${base}${rssUrl.pathname}`)
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8")
    const rssFeed = await parser.parseString(await rss.text())
    expect(rssFeed.title).toBe("Feed <& list>")
    expect(rssFeed.items.map((i) => i.link)).toEqual(["https://example.com/feed-item"])
    const atom = await page.request.get(`${base}${atomUrl.pathname}`)
    expect(atom.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8")
    const atomFeed = await parser.parseString(await atom.text())
    expect(atomFeed.title).toBe("Feed <& list>")
    expect(atomFeed.items.map((i) => i.link)).toEqual(["https://example.com/feed-item"])
    // A tag's feed.
    await page.goto(`${base}/tags/edit?tag=feedtag`)
    await page.getByRole("button", { name: "Create a feed link" }).click()
    const tagRss = new URL(await page.getByLabel("RSS").inputValue())
    const tagFeed = await parser.parseString(await (await page.request.get(`${base}${tagRss.pathname}`)).text())
    expect(tagFeed.title).toBe("#feedtag")
    expect(tagFeed.items).toHaveLength(1)
    // Revoke the list's feed: its addresses answer 404; the tag's still answers.
    await page.goto(`${base}/feeds`)
    await shoot(page, "feeds-list")
    await page.getByRole("listitem").filter({ hasText: "Feed of list Feed <& list>" }).getByRole("button", {
      name: "Revoke"
    })
      .click()
    await page.getByText("Feed revoked.").waitFor()
    expect((await page.request.get(`${base}${rssUrl.pathname}`)).status()).toBe(404)
    expect((await page.request.get(`${base}${atomUrl.pathname}`)).status()).toBe(404)
    expect((await page.request.get(`${base}${tagRss.pathname}`)).status()).toBe(200)
    expect((await page.request.get(`${base}/feeds/fd_${"x".repeat(40)}/rss`)).status()).toBe(404)
    expect((await page.request.get(`${base}/feeds/not-a-token/atom`)).status()).toBe(404)
    expect(listId).toMatch(/^lst_/)
  }, 240_000)

  it("a list's read-only public page: anyone with the address reads it signed out; revoked, it is gone", async () => {
    const { base, page } = p()
    await page.goto(`${base}/lists`)
    await page.getByRole("link", { name: "Feed <& list>" }).first().click()
    await page.getByRole("button", { name: "Share a read-only page" }).click()
    const address = new URL(await page.getByLabel("Address").inputValue())
    expect(address.pathname).toMatch(/^\/shared\/sh_[0-9A-Za-z]{40}$/)
    const stranger = await page.context().browser()?.newContext({ viewport: { width: 1280, height: 800 } })
    if (stranger === undefined) throw new Error("no browser")
    const visitor = await stranger.newPage()
    const opened = await visitor.goto(`${base}${address.pathname}`)
    expect(opened?.status()).toBe(200)
    await visitor.getByRole("heading", { name: "Feed <& list>", level: 1 }).waitFor()
    await expect(visitor.getByRole("link", { name: "https://example.com/feed-item" }).isVisible()).resolves.toBe(true)
    // Read-only: no forms, no session, no way into the owner's library.
    await expect(visitor.locator("form").count()).resolves.toBe(0)
    await expect(visitor.getByRole("button", { name: "Sign out" }).count()).resolves.toBe(0)
    await shoot(visitor, "shared-list")
    await page.goto(`${base}/feeds`)
    await page.getByRole("listitem").filter({ hasText: "Shared page of list Feed <& list>" })
      .getByRole("button", { name: "Revoke" }).click()
    await page.getByText("Feed revoked.").waitFor()
    expect((await visitor.goto(`${base}${address.pathname}`))?.status()).toBe(404)
    expect((await visitor.goto(`${base}/shared/sh_${"y".repeat(40)}`))?.status()).toBe(404)
    await stranger.close()
  }, 120_000)

  it(
    "installable: the manifest, its icons and no installability errors; the share target fills the save form",
    async () => {
      const { base, page } = p()
      await page.goto(base)
      const href = await page.locator("link[rel=manifest]").getAttribute("href")
      expect(href).toMatch(/^\/static\/manifest\.[0-9a-f]{12}\.webmanifest$/)
      const answer = await page.request.get(`${base}${href}`)
      expect(answer.headers()["content-type"]).toContain("application/manifest+json")
      const manifest = await answer.json() as {
        name: string
        start_url: string
        display: string
        icons: Array<{ src: string; sizes: string; type: string }>
        share_target: { action: string; method: string; enctype: string; params: Record<string, string> }
      }
      expect(manifest).toMatchObject({ name: "Bookmarks", start_url: "/", display: "standalone" })
      expect(manifest.share_target).toEqual({
        action: "/share",
        method: "GET",
        enctype: "application/x-www-form-urlencoded",
        params: { title: "title", text: "text", url: "url" }
      })
      for (const icon of manifest.icons.filter((i) => i.type === "image/png")) {
        const bytes = await (await page.request.get(`${base}${icon.src}`)).body()
        expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG")
        const side = bytes.readUInt32BE(16)
        expect(`${side}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes)
      }
      const cdp = await page.context().newCDPSession(page)
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors")
      // The test's browser context is a fresh (incognito) profile, where Chromium never offers to install: that one
      // error is the profile's, not the app's.
      expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([])
      const manifestSeen = await cdp.send("Page.getAppManifest")
      expect(manifestSeen.errors).toEqual([])
      await cdp.detach()
      // What a phone's share sheet opens: the address inside the text, the title and the rest as the note.
      await page.goto(
        `${base}/share?${new URLSearchParams({ title: "A good read", text: "Look: https://example.com/shared now" })}`
      )
      await expect(page.locator("#save-url").inputValue()).resolves.toBe("https://example.com/shared")
      await expect(page.locator("#save-note").inputValue()).resolves.toBe("A good read — Look: now")
      await shoot(page, "share-target")
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === "/bookmarks" && r.request().method() === "POST"),
        page.getByRole("button", { name: "Save", exact: true }).click()
      ])
      await page.locator("#save-status").getByRole("status").first().waitFor()
      await page.goto(`${base}/share?url=${encodeURIComponent("https://example.com/direct")}`)
      await expect(page.locator("#save-url").inputValue()).resolves.toBe("https://example.com/direct")
    },
    120_000
  )

  it("an unknown list is a 404 page and a form from elsewhere is refused", async () => {
    const { base, page } = p()
    const missing = await page.goto(`${base}/lists/lst_nothing`)
    expect(missing?.status()).toBe(404)
    const forged = await page.request.post(`${base}/lists`, { form: { name: "x", _csrf: "wrong" } })
    expect(forged.status()).toBe(403)
  })
})
