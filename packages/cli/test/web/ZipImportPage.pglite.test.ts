/**
 * The Import & export page in real Chromium with a zip of our export (docs/import-export.md, "Importing the zip"):
 * the zip is recognised by its content, its bookmarks are saved, the copy it carries opens from the bookmark page
 * (the signed, sandboxed link), a copy it lacks is listed with its reason, and a zip with a name that climbs out of
 * its folder is refused with a message on the page. Pages are checked with axe and photographed at 1280 and 390 px,
 * light and dark.
 */
import { External, ZipBuilder } from "@bookmark-library/testkit"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { Visits } from "./Visits.js"

const { zipOf } = ZipBuilder

const person = { email: "zoe@example.com", password: "moving my copies in" }
const asset = "ab".repeat(16)
const missing = "cd".repeat(16)
const copy = "<!doctype html><html><head><title>Kept</title></head><body><h1>The page as it was</h1></body></html>"

const exported = (url: string, title: string, copyFile: string) => ({
  id: "bkm_old",
  url,
  title,
  description: "",
  type: "article",
  tags: ["moved"],
  generatedTags: [],
  note: "from the old server",
  summary: "",
  image: "",
  screenshot: "",
  favicon: "",
  createdAt: "2026-03-01T08:00:00.000Z",
  status: "ready",
  processingError: "",
  archive: "https://old.example/assets/x",
  archivedAt: "2026-03-01T08:00:05.000Z",
  archiveProblem: "",
  saved: { tags: ["moved"], note: "from the old server" },
  derived: {
    title,
    description: "",
    type: "article",
    image: "",
    favicon: "",
    screenshot: "",
    summary: "",
    tags: [],
    archive: {
      copy: {
        asset: copyFile.slice(7, 39),
        takenAt: Date.parse("2026-03-01T08:00:05.000Z"),
        bytes: copy.length,
        contentType: "text/html; charset=utf-8",
        partial: ""
      },
      problem: ""
    }
  },
  edits: {},
  copyFile
})

const library = new TextEncoder().encode(JSON.stringify({
  format: "bookmark-library-export",
  version: 1,
  exportedAt: "2026-03-02T08:00:00.000Z",
  bookmarks: [
    exported("https://kept.example.org/article", "An article with its copy", `copies/${asset}.html`),
    exported("https://lost.example.org/other", "An article whose copy was lost", `copies/${missing}.html`)
  ]
}))

describe.runIf(External.needs("CHROMIUM_PATH").run)("Import page in Chromium with a zip of our export (PGlite)", () => {
  const chromium = External.needs("CHROMIUM_PATH")
  let world: { service: Harness.Started; browser: Browser; page: Page; visits: Visits; dir: string } | undefined
  const w = () => {
    if (world === undefined) throw new Error("the web app did not start")
    return world
  }

  beforeAll(async () => {
    const service = await Harness.start({
      mode: "embedded",
      roles: "all",
      env: { SCREENSHOTS: "false" },
      overrides: { guard: { resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
    const browser = await Chromium.launch(chromium.value)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    world = {
      service,
      browser,
      page,
      visits: new Visits("pglite/zip-import"),
      dir: mkdtempSync(join(tmpdir(), "zip-"))
    }
  })

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
    rmSync(world.dir, { recursive: true, force: true })
  })

  it("imports the zip, lists the copy it lacked, and the restored copy opens from the bookmark page", {
    timeout: 120_000
  }, async () => {
    const { dir, page, service, visits } = w()
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill(person.email)
    await page.getByLabel("Password").fill(person.password)
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()

    // A zip whose name climbs out of its folder: refused whole, with the reason on the page.
    const evil = join(dir, "evil.zip")
    writeFileSync(
      evil,
      zipOf([{ name: "bookmarks.json", data: library }, {
        name: "../../evil.html",
        data: new TextEncoder().encode(copy)
      }])
    )
    await page.goto(`${service.baseUrl}/import-export`)
    await page.getByLabel("File", { exact: true }).setInputFiles(evil)
    await page.getByRole("button", { name: "Import" }).click()
    await page.getByText("holds a file with an unsafe name ('../../evil.html'): refused whole").waitFor()
    await visits.check(page, "zip-refused")

    const good = join(dir, "library.zip")
    writeFileSync(
      good,
      zipOf([{ name: "bookmarks.json", data: library }, {
        name: `copies/${asset}.html`,
        data: new TextEncoder().encode(copy)
      }])
    )
    await page.getByLabel("File", { exact: true }).setInputFiles(good)
    await page.getByRole("button", { name: "Import" }).click()
    await page.getByRole("heading", { name: /^Import of / }).waitFor()
    await page.getByRole("status").filter({ hasText: "Finished" }).waitFor({ timeout: 60_000 })
    const counts = await Promise.all(["read", "saved", "failed"].map((c) => page.locator(`#count-${c}`).textContent()))
    expect(counts).toEqual(["2", "2", "0"])
    const notice = page.getByRole("table", { name: "Imported with a problem" }).getByRole("row").nth(1)
    await expect(notice.getByRole("cell").first().textContent()).resolves.toBe("bookmarks[1]")
    await expect(notice.getByRole("cell").nth(1).textContent()).resolves.toBe(
      `saved without its archived copy: copies/${missing}.html is not in the zip`
    )
    await visits.check(page, "zip-import-finished")

    await page.getByRole("link", { name: "See them in your library" }).click()
    await page.getByRole("link", { name: "An article with its copy", exact: true }).first().click()
    await page.getByRole("heading", { name: "An article with its copy" }).waitFor()
    await visits.check(page, "zip-restored-bookmark")
    const link = page.getByRole("link", { name: "Archived copy", exact: true })
    const href = await link.getAttribute("href")
    expect(href).not.toContain(asset)
    const opened = await page.request.get(new URL(href!, service.baseUrl).toString())
    expect(opened.status()).toBe(200)
    expect(opened.headers()["content-security-policy"]).toContain("sandbox")
    expect(await opened.text()).toBe(copy)
  })
})
