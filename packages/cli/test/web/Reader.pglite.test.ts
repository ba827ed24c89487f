/**
 * The reader view and notes in real Chromium (docs/reading.md): a page whose content carries the whole XSS corpus
 * is saved and rendered (with its archived copy); its reader view shows the article with the photo served by us,
 * runs none of the payloads (a flag any of them would set stays unset, no dialog opens), passes axe in both themes
 * at 1280 and 390 px, keeps the chosen theme, text size and reading position, and **Done** marks it read. The corpus
 * saved as a note runs nothing either, in the preview and on the page, while its Markdown renders.
 */
import { External, XssCorpus } from "@bookmark-library/testkit"
import { gzipSync } from "node:zlib"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import * as ReadingSite from "./ReadingSite.js"
import { Visits } from "./Visits.js"

const chromium = External.needs("CHROMIUM_PATH")

interface World {
  readonly service: Harness.Started
  readonly site: ReadingSite.ReadingSite
  readonly browser: Browser
  readonly page: Page
  readonly visits: Visits
  readonly dialogs: Array<string>
  readonly siteRequests: Array<string>
}

const ran = (page: Page) => page.evaluate(`window.${XssCorpus.flag} === undefined ? "none" : "ran"`)

describe.runIf(chromium.run)("the reader view in Chromium (embedded)", () => {
  let world: World | undefined
  const w = () => {
    if (world === undefined) throw new Error("the web app did not start")
    return world
  }
  let readerPath = ""

  beforeAll(async () => {
    const site = await ReadingSite.start()
    const service = await Harness.start({
      mode: "embedded",
      roles: "all",
      overrides: { guard: { allowlist: [site.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
    const browser = await Chromium.launch(chromium.value)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const dialogs: Array<string> = []
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    // Every request the person's browser makes to the saved site (there must be none: no hot-linking).
    const siteRequests: Array<string> = []
    page.on("request", (request) => {
      if (request.url().startsWith(site.origin)) siteRequests.push(request.url())
    })
    world = { service, site, browser, page, visits: new Visits("pglite/reader"), dialogs, siteRequests }
  }, 120_000)

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
    await world.site.close()
  })

  it("saves the hostile article and renders it with its archived copy", async () => {
    const { page, service, site } = w()
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill("ada@example.com")
    await page.getByLabel("Password").fill("analytical engine 1843")
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
    await page.locator("#save-url").fill(`${site.origin}/story.html`)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    for (let i = 0; i < 240; i++) {
      await page.goto(service.baseUrl)
      if (
        (await page.locator("#results .card").count()) === 1 && (await page.locator("#results .spinner").count()) === 0
      ) break
      await page.waitForTimeout(500)
    }
    const card = page.locator("#results .card").first()
    await expect(card.locator("h3").textContent()).resolves.toContain(ReadingSite.title)
    readerPath = (await card.getByRole("link", { name: /^Read/ }).getAttribute("href")) ?? ""
    expect(readerPath).toMatch(/^\/bookmarks\/[^/]+\/read$/)
    await card.locator("h3 a").click()
    await page.getByRole("link", { name: "Archived copy" }).first().waitFor()
    await expect(page.getByRole("link", { name: "Reader view" }).getAttribute("href")).resolves.toBe(readerPath)
  }, 180_000)

  it("shows the article, its photo from our store, and runs none of the payloads", async () => {
    const { page, service, site, visits, dialogs, siteRequests } = w()
    siteRequests.length = 0
    const response = await visits.open(page, `${service.baseUrl}${readerPath}`, "reader")
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'")
    expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-inline")
    const content = page.locator("#reader-content")
    await expect(content.getAttribute("data-bookmark-id")).resolves.toBe(readerPath.split("/")[2])
    await expect(page.locator("h1").textContent()).resolves.toContain(ReadingSite.title)
    await expect(content.textContent()).resolves.toContain("The harbour wakes before the town does.")
    await expect(content.locator("h2", { hasText: "The quay" }).count()).resolves.toBe(1)
    // The article's own heading repeating the title is not shown twice.
    await expect(content.locator("h2, h3", { hasText: ReadingSite.title }).count()).resolves.toBe(0)
    await expect(page.locator(".reader-meta").textContent()).resolves.toMatch(/\d+ min read/)
    // The photo: stored as an asset at enrichment, served by us; the site was never asked by this browser.
    const photo = content.locator("img[alt='Boats leaving the harbour at dawn']")
    await expect(photo.getAttribute("src")).resolves.toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/api\/assets\/[0-9a-f]{32}$/
    )
    await photo.waitFor()
    await expect(
      page.evaluate(
        `document.querySelector("#reader-content img[alt='Boats leaving the harbour at dawn']").naturalWidth`
      )
    ).resolves.toBe(1200)
    // Links: absolute, to http(s) only, with rel.
    await expect(content.locator("a", { hasText: "the tide tables" }).getAttribute("href")).resolves.toBe(
      `${site.origin}/tides`
    )
    for (
      const link of await content.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))
    ) {
      expect(XssCorpus.safeUrl(link)).toBe(true)
    }
    await expect(content.locator("script, iframe, object, embed, form, svg, math, style, base, meta").count())
      .resolves.toBe(0)
    await page.mouse.wheel(0, 4000)
    await page.locator("#reader-content a").first().hover()
    await page.waitForTimeout(500)
    await expect(ran(page)).resolves.toBe("none")
    expect(dialogs).toEqual([])
    expect(siteRequests).toEqual([])
    await page.evaluate("window.scrollTo(0, 0)")
    await visits.check(page, "reader")
    await expect(ran(page)).resolves.toBe("none")
  }, 120_000)

  it("keeps the chosen theme and text size, and the reading position, in this browser", async () => {
    const { page, service, visits } = w()
    await page.goto(`${service.baseUrl}${readerPath}`)
    const html = page.locator("html")
    await expect(html.getAttribute("data-theme")).resolves.toBeNull()
    const theme = page.locator("[data-theme-next]")
    await theme.click()
    await expect(html.getAttribute("data-theme")).resolves.toBe("light")
    await theme.click()
    await expect(html.getAttribute("data-theme")).resolves.toBe("dark")
    await page.getByRole("button", { name: "Larger text" }).click()
    await expect(html.getAttribute("data-size")).resolves.toBe("4")
    const before = String(await page.evaluate(`getComputedStyle(document.querySelector(".reader")).fontSize`))
    await page.getByRole("button", { name: "Larger text" }).click()
    const after = String(await page.evaluate(`getComputedStyle(document.querySelector(".reader")).fontSize`))
    expect(Number.parseFloat(after)).toBeGreaterThan(Number.parseFloat(before))
    // The dark theme chosen on a light system: the page is dark anyway.
    await page.emulateMedia({ colorScheme: "light" })
    await page.reload()
    await expect(html.getAttribute("data-theme")).resolves.toBe("dark")
    await expect(html.getAttribute("data-size")).resolves.toBe("5")
    const background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
    expect(background).toBe("rgb(21, 22, 26)")
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.screenshot({ path: `${visits.dir}/reader-1280-dark-chosen-larger.png` })
    // Back to the system's theme and the default size.
    await theme.click()
    await page.getByRole("button", { name: "Smaller text" }).click()
    await page.getByRole("button", { name: "Smaller text" }).click()
    await expect(html.getAttribute("data-theme")).resolves.toBeNull()
    // The position: half way down, then a new visit starts there.
    const half = Number(
      await page.evaluate(`(() => {
      const y = Math.round((document.documentElement.scrollHeight - window.innerHeight) / 2)
      window.scrollTo(0, y)
      return y
    })()`)
    )
    await page.waitForTimeout(300)
    await page.goto(service.baseUrl)
    await page.goto(`${service.baseUrl}${readerPath}`)
    await page.waitForTimeout(300)
    const restored = Number(await page.evaluate("window.scrollY"))
    expect(Math.abs(restored - half)).toBeLessThan(40)
    await expect(page.evaluate(`document.getElementById("reader-progress").value`)).resolves.toBeGreaterThan(0.4)
    await page.emulateMedia({ colorScheme: null })
  }, 60_000)

  it("Done at the end marks the bookmark read", async () => {
    const { page, service } = w()
    await page.goto(`${service.baseUrl}${readerPath}`)
    await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    await page.locator("#reader-end.reached").waitFor()
    await page.getByRole("button", { name: "Done: mark as read" }).click()
    await page.getByText("Archived: marked as read.").waitFor()
    await page.goto(`${service.baseUrl}${readerPath}`)
    await expect(page.locator("#reader-end").textContent()).resolves.toContain("You marked this read.")
  }, 60_000)

  it("renders a note's Markdown, live in the preview and on the page, and runs none of the corpus in it", async () => {
    const { page, service, visits, dialogs } = w()
    const bookmark = readerPath.replace(/\/read$/, "")
    await page.goto(`${service.baseUrl}${bookmark}/edit`)
    const markdown = "Read *slowly*, then:\n- check [the tides](https://example.com/tides)\n- `mend` the nets\n\n"
    // A NUL is refused by every form of the app (the Text rule), so that payload is the page's test only.
    const hostile = XssCorpus.payloads.map(([, html]) => html).filter((html) => !html.includes("\u0000")).join("\n")
    await page.getByLabel(/^Note/).fill(markdown + hostile)
    const preview = page.locator("#note-preview")
    await preview.locator("em", { hasText: "slowly" }).waitFor()
    await expect(preview.locator("a[href='https://example.com/tides']").count()).resolves.toBe(1)
    await expect(preview.locator("script, img, iframe, svg, math, form, style").count()).resolves.toBe(0)
    await expect(ran(page)).resolves.toBe("none")
    await page.getByRole("button", { name: "Save changes" }).click()
    await page.getByText("Changes saved.").waitFor()
    const note = page.locator("dd.note-body").first()
    await expect(note.locator("li").count()).resolves.toBeGreaterThanOrEqual(2)
    await expect(note.locator("code", { hasText: "mend" }).count()).resolves.toBe(1)
    await expect(note.textContent()).resolves.toContain("<script>")
    await expect(note.locator("script, img, iframe, svg, math, form, style").count()).resolves.toBe(0)
    await page.waitForTimeout(300)
    await expect(ran(page)).resolves.toBe("none")
    expect(dialogs).toEqual([])
    await visits.check(page, "bookmark-with-note")
  }, 60_000)

  it("measures the reader's own script and stylesheet", async () => {
    const { page, service, visits } = w()
    await page.goto(`${service.baseUrl}${readerPath}`)
    const sources = await page.evaluate(`({
      js: [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src")),
      css: [...document.querySelectorAll("link[rel=stylesheet]")].map((s) => s.getAttribute("href"))
    })`) as { readonly js: ReadonlyArray<string>; readonly css: ReadonlyArray<string> }
    const gzipped = async (path: string) =>
      gzipSync(Buffer.from(await (await page.request.get(`${service.baseUrl}${path}`)).body()), { level: 9 }).length
    const own = sources.js.filter((src) => !src.includes("htmx"))
    const js = (await Promise.all(own.map(gzipped))).reduce((a, b) => a + b, 0)
    const readerCss = await gzipped(sources.css.find((href) => href.includes("reader")) ?? "")
    visits.write("bytes.json", {
      ownJsGzip: js,
      readerJsGzip: await gzipped(own.find((s) => s.includes("reader")) ?? ""),
      readerCssGzip: readerCss
    })
    expect(js).toBeLessThanOrEqual(20 * 1024)
  })
})
