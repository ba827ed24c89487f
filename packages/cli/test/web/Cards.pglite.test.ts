/**
 * The library's cards in real Chromium (issue 25): pictures fetched at enrichment and served by us within 15 KB a
 * card, stored icons, placeholders, the person's tags before generated ones, a calm line for a failed fetch, times in
 * the person's zone, "back to library" keeping the filter, keyboard shortcuts, the phone layout (menu button, folded
 * save form, nothing wider than the screen, 44 px tap targets) and two saves in a row both kept.
 */
import { External } from "@bookmark-library/testkit"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as CardsSite from "./CardsSite.js"
import * as Chromium from "./Chromium.js"
import { overflow, Visits } from "./Visits.js"

const ada = { email: "ada@example.com", password: "analytical engine 1843" }

interface World {
  readonly service: Harness.Started
  readonly site: CardsSite.CardsSite
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  readonly visits: Visits
}

const chromium = External.needs("CHROMIUM_PATH")

describe.runIf(chromium.run)("library cards in Chromium (embedded)", () => {
  let world: World | undefined
  const w = () => {
    if (world === undefined) throw new Error("the web app did not start")
    return world
  }
  const thumbnailBytes: Array<number> = []

  beforeAll(async () => {
    const site = await CardsSite.start()
    const service = await Harness.start({
      mode: "embedded",
      roles: "all",
      env: { SCREENSHOTS: "false" },
      overrides: { guard: { allowlist: [site.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
    const browser = await Chromium.launch(chromium.value)
    // A person in New York: every time on the pages is shown in their zone.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "America/New_York" })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    world = { service, site, browser, context, page, visits: new Visits("pglite/cards") }
  }, 120_000)

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
    await world.site.close()
  })

  const save = async (url: string, tags = "") => {
    const { page } = w()
    await page.locator("#save-url").fill(url)
    await page.locator("#save-tags").fill(tags)
    await page.getByRole("button", { name: "Save", exact: true }).click()
  }

  const settled = async () => {
    const { page, service } = w()
    for (let i = 0; i < 200; i++) {
      await page.goto(service.baseUrl)
      if ((await page.locator("#results .spinner").count()) === 0) return
      await page.waitForTimeout(250)
    }
    throw new Error("bookmarks still processing")
  }

  it("saves pages in place: two Saves in a row are both kept, an address without a scheme gets https://", async () => {
    const { page, service, site } = w()
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill(ada.email)
    await page.getByLabel("Password").fill(ada.password)
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
    // The second Save is pressed while the first is still answering: both are saved.
    await save(`${site.origin}/lake.html`, "travel, lakes")
    await save(`${site.origin}/bread.html`, "cooking")
    await page.locator("#results .card").nth(1).waitFor()
    await save(`${site.origin}/camera.html`)
    await save(`${site.origin}/plain.html`, "travel")
    await save(`${site.origin}/photo.jpg`)
    await save("example.com/page")
    await expect(page.locator("#save-status").textContent()).resolves.toContain("https://example.com/page")
    await page.locator("#save-url").fill("not a url at all")
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await page.locator("#save-status [role=alert]").waitFor()
    await expect(page.locator("#save-url").inputValue()).resolves.toBe("not a url at all")
    await page.goto(`${service.baseUrl}/notes/new`)
    await page.getByLabel("Title").fill("Packing list")
    await page.getByLabel("Text").fill("Boots\nMap\nCompass")
    await page.getByRole("button", { name: "Save note" }).click()
    await page.getByRole("heading", { name: "Packing list" }).waitFor()
    await settled()
    await expect(page.locator("#results .card").count()).resolves.toBe(7)
  })

  it("shows our own small pictures, icons and placeholders; each card's picture is at most 15 KB", async () => {
    const { page, service, site, visits } = w()
    await page.goto(service.baseUrl)
    const pictures = page.locator("#results .card .thumb img")
    // lake (og:image), bread (twitter:image), camera (JSON-LD) and the image bookmark itself.
    await expect(pictures.count()).resolves.toBe(4)
    for (const src of await pictures.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""))) {
      const link = new URL(src, service.baseUrl)
      expect(link.origin).toBe(service.baseUrl)
      const answer = await page.request.get(link.href)
      expect(answer.headers()["content-type"]).toBe("image/webp")
      expect(answer.headers()["cache-control"]).toContain("immutable")
      thumbnailBytes.push((await answer.body()).length)
    }
    expect(Math.max(...thumbnailBytes)).toBeLessThanOrEqual(15 * 1024)
    // Each picture was fetched once, at enrichment; the browser never asked the site for anything.
    expect(site.asked.get("/pics/lake.jpg")).toBe(1)
    const plain = page.locator("#results .card", { hasText: "Notes on plain text" })
    await expect(plain.locator(".thumb.placeholder").textContent()).resolves.toBe("1")
    // Icons: the declared PNG and the conventional ICO, stored and served by us.
    const lake = page.locator("#results .card", { hasText: "A week on the alpine lakes" })
    await expect(lake.locator("img.icon").getAttribute("src")).resolves.toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/api\/assets\//
    )
    await expect(page.locator("#results .card", { hasText: "Sourdough" }).locator("img.icon").count()).resolves.toBe(1)
    await expect(lake.locator(".desc").textContent()).resolves.toContain("Seven days, six lakes")
    // The person's tags first, generated ones apart: three shown, the rest behind "+N".
    await expect(lake.getByRole("list", { name: "Your tags" }).getByRole("link").allTextContents()).resolves.toEqual([
      "travel",
      "lakes"
    ])
    const generated = lake.getByRole("list", { name: "Generated tags" }).first()
    await expect(generated.locator(":scope > li > a").count()).resolves.toBeLessThanOrEqual(3)
    // A failed fetch is one calm line.
    const failed = page.locator("#results .card", { hasText: "example.com/page" })
    await expect(failed.locator(".status.failed").textContent()).resolves.toBe("Page could not be fetched")
    // Times in the person's zone: New York, not UTC.
    await expect(lake.locator("time").getAttribute("title")).resolves.toMatch(/\b(EST|EDT|GMT-[45])\b/)
    await expect(lake.locator("time").textContent()).resolves.toMatch(/now|second|minute/)
    // Uniform heights in a row of the grid.
    const heights = await page.locator("#results .card").evaluateAll((cards) =>
      cards.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().height))
    )
    expect(new Set(heights).size).toBe(1)
    await visits.check(page, "library")
    await page.goto(`${service.baseUrl}/?view=list`)
    await visits.check(page, "library-list")
    visits.write("thumbnails.json", { bytes: thumbnailBytes, max: Math.max(...thumbnailBytes) })
  })

  it("the bookmark page keeps a note's line breaks, and Back to library keeps the filter", async () => {
    const { page, service, visits } = w()
    await page.goto(`${service.baseUrl}/?tag=travel`)
    await expect(page.locator(".count").textContent()).resolves.toBe("2 results")
    await page.getByRole("link", { name: "A week on the alpine lakes" }).click()
    await page.getByRole("heading", { name: "A week on the alpine lakes" }).waitFor()
    await visits.check(page, "bookmark")
    await page.getByRole("link", { name: "← Back to library" }).click()
    await page.waitForURL((url) => url.searchParams.get("tag") === "travel")
    await page.goto(service.baseUrl)
    await page.getByRole("link", { name: "Packing list" }).click()
    const text = page.locator("dd.prose")
    await expect(text.evaluate((e) => (e as unknown as { readonly innerText: string }).innerText)).resolves.toBe(
      "Boots\nMap\nCompass"
    )
    await visits.check(page, "note")
  })

  it("sorts by title or oldest first and filters by days in the person's zone; a bad day is said on the page", async () => {
    const { page, service } = w()
    const titles = () => page.locator("#results .card h3").allTextContents()
    await page.goto(`${service.baseUrl}/?sort=title`)
    const byTitle = await titles()
    expect(byTitle.slice(0, 3)).toEqual(["A week on the alpine lakes", "Field camera review", "Notes on plain text"])
    await page.goto(`${service.baseUrl}/?sort=oldest`)
    const oldest = await titles()
    expect([oldest.length, oldest[0]]).toEqual([7, "A week on the alpine lakes"])
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(Date.now())
    await page.goto(`${service.baseUrl}/?from=${today}&to=${today}`)
    await expect(page.locator(".count").textContent()).resolves.toBe("7 results")
    await page.goto(`${service.baseUrl}/?to=2000-01-01`)
    await expect(page.locator(".count").textContent()).resolves.toBe("No results")
    const refused = await page.goto(`${service.baseUrl}/?from=2026-02-30`)
    expect(refused?.status()).toBe(200)
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Saved from must be a date")
  })

  it("keyboard: / searches, j and k move, o opens, e edits, ? shows the sheet", async () => {
    const { page, service } = w()
    await page.goto(service.baseUrl)
    await page.keyboard.press("j")
    await page.keyboard.press("j")
    await page.keyboard.press("k")
    await expect(page.locator("[data-card].selected").count()).resolves.toBe(1)
    const title = (await page.locator("[data-card].selected h3").textContent()) ?? ""
    await expect(page.locator("[data-card]").first().evaluate((e) => e.classList.contains("selected"))).resolves.toBe(
      true
    )
    await page.keyboard.press("o")
    await page.getByRole("heading", { level: 1, name: title }).waitFor()
    await page.goto(service.baseUrl)
    await page.keyboard.press("j")
    await page.keyboard.press("e")
    await page.getByRole("heading", { level: 1, name: "Edit" }).waitFor()
    await page.goto(service.baseUrl)
    await page.keyboard.press("?")
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor()
    await page.getByRole("button", { name: "Close" }).click()
    await page.keyboard.press("/")
    await expect(page.evaluate("document.activeElement.id")).resolves.toBe("q")
  })

  it("on a phone: a Menu button, the save form folded behind one button, 44 px targets, nothing too wide", async () => {
    const { page, service, visits } = w()
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 })
      await page.goto(service.baseUrl)
      await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false)
      await expect(page.getByLabel("URL").isVisible()).resolves.toBe(false)
      const small = await page.locator("header a, header summary, header button, .save-panel summary").evaluateAll((
        els
      ) =>
        els.filter((e) => (e as unknown as { readonly offsetParent: unknown }).offsetParent !== null)
          .map((e) => ({ text: e.textContent?.trim(), height: Math.round(e.getBoundingClientRect().height) }))
          .filter((e) => e.height < 44)
      )
      expect({ width, small }).toEqual({ width, small: [] })
      expect({ width, wider: await overflow(page) }).toEqual({ width, wider: [] })
      await page.getByText("Menu", { exact: true }).click()
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Keys" }).waitFor()
      await page.getByText("Save a page", { exact: true }).first().click()
      await expect(page.getByLabel("URL").isVisible()).resolves.toBe(true)
      expect({ width, wider: await overflow(page) }).toEqual({ width, wider: [] })
      await page.screenshot({ path: `${visits.dir}/library-${width}-menu-open.png`, fullPage: true })
    }
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Keys" }).click()
    await page.getByRole("heading", { name: "API keys" }).waitFor()
    await page.getByLabel("Label").fill("phone")
    await page.getByRole("button", { name: "Create key" }).click()
    await page.goto(`${service.baseUrl}/keys`)
    // The keys table is stacked rows on a phone: Revoke is on screen.
    const revoke = page.getByRole("button", { name: "Revoke phone" })
    const box = await revoke.boundingBox()
    expect(box !== null && box.x + box.width <= 390 && box.height >= 44).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })
    await visits.check(page, "keys")
  })
})
