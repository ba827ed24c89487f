/**
 * The Import & export page in real Chromium: a real upload of a Chrome bookmarks file (setInputFiles), the live
 * progress to completion with the bad row reported, the bookmarks in the library, both export downloads parsed,
 * and refused files (garbage, too large) answered on the page. Every page is checked with axe and photographed.
 */
import { External } from "@bookmark-library/testkit"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { Visits } from "./Visits.js"

const fixture = fileURLToPath(new URL("../../../adapters/test/imports/fixtures/chrome.html", import.meta.url))
const person = { email: "ida@example.com", password: "moving my library in" }

/** What the Chrome fixture holds once imported (docs/import-export.md; the adapters' fixture test checks the rest). */
const expected = [
  ["https://www.postgresql.org/docs/current/", "PostgreSQL: Documentation", ["dev/databases"]],
  ["https://effect.website/docs", "Effect & friends – Docs", ["dev"]],
  ["https://www.rust-lang.org/", "Rust Programming Language", ["dev"]],
  ["https://developer.mozilla.org/en-US/", "MDN Web Docs", []],
  ["https://news.ycombinator.com/", "Hacker News", []]
] as const

export const describeImportPage = (mode: Harness.Mode, label: string) => {
  const chromium = External.needs("CHROMIUM_PATH")
  const database = mode === "scaled" ? External.needs("TEST_DATABASE_URL") : { run: true }

  describe.runIf(chromium.run && database.run)(`Import & export page in Chromium (${label})`, () => {
    let world: { service: Harness.Started; browser: Browser; page: Page; visits: Visits; dir: string } | undefined
    const w = () => {
      if (world === undefined) throw new Error("the web app did not start")
      return world
    }
    const text = (selector: string) => w().page.locator(selector).textContent()

    beforeAll(async () => {
      // The fixture names real sites; every name resolves to loopback, which the address policy refuses, so
      // enrichment fails fast and sends nothing anywhere (tests talk to loopback only).
      const service = await Harness.start({
        mode,
        roles: "all",
        env: { SCREENSHOTS: "false", IMPORT_HOST_GAP: "1s" },
        overrides: { guard: { resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
      })
      const browser = await Chromium.launch(chromium.value)
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const dir = mkdtempSync(join(tmpdir(), "import-page-"))
      world = {
        service,
        browser,
        page,
        visits: new Visits(`${mode === "embedded" ? "pglite" : "postgres"}/import`),
        dir
      }
    })

    afterAll(async () => {
      if (world === undefined) return
      await world.browser.close()
      await world.service.stop()
      await world.service.storage.cleanup()
      rmSync(world.dir, { recursive: true, force: true })
    })

    it("uploads a Chrome export, follows its progress live to the end and lists the row that failed", {
      timeout: 90_000
    }, async () => {
      const { page, service, visits } = w()
      await page.goto(service.baseUrl)
      await page.getByLabel("Email").fill(person.email)
      await page.getByLabel("Password").fill(person.password)
      await page.getByRole("button", { name: "Create account" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      await page.getByRole("navigation").getByRole("link", { name: "Import & export" }).click()
      await page.getByRole("heading", { name: "Import & export" }).waitFor()
      await expect(page.getByText("No imports yet.").isVisible()).resolves.toBe(true)
      await visits.check(page, "import-form")

      const polls: Array<string> = []
      page.on("request", (request) => {
        if (request.headers()["hx-request"] === "true" && new URL(request.url()).pathname.startsWith("/imports/")) {
          polls.push(request.url())
        }
      })
      await page.getByLabel("File", { exact: true }).setInputFiles(fixture)
      await page.getByRole("button", { name: "Import" }).click()
      await page.getByRole("heading", { name: /^Import of / }).waitFor()
      expect(new URL(page.url()).pathname).toMatch(/^\/imports\/imp_[0-9A-Za-z]+$/)
      await page.getByRole("status").filter({ hasText: "Finished" }).waitFor({ timeout: 60_000 })
      const counts = await Promise.all(
        ["read", "saved", "duplicates", "failed", "enriched"].map((c) => text(`#count-${c}`))
      )
      expect(counts).toEqual(["7", "5", "1", "1", "5"])
      await expect(page.locator("#read-bar").getAttribute("value")).resolves.toBe("7")
      const failure = page.getByRole("table", { name: "Rows not imported" }).getByRole("row").nth(1)
      await expect(failure.getByRole("cell").first().textContent()).resolves.toBe("line 21")
      await expect(failure.getByRole("cell").nth(1).textContent()).resolves.toContain(
        "url scheme 'javascript' is not allowed"
      )
      await expect(page.getByText("quiet (no webhook events)").isVisible()).resolves.toBe(true)
      await visits.check(page, "import-finished")

      await page.getByRole("link", { name: "See them in your library" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      for (const [, title] of expected) {
        await expect(page.getByRole("link", { name: title, exact: true }).first().isVisible()).resolves.toBe(true)
      }
      await page.getByRole("link", { name: "dev/databases" }).first().click()
      await page.getByRole("link", { name: "PostgreSQL: Documentation", exact: true }).first().waitFor()

      await page.getByRole("navigation").getByRole("link", { name: "Import & export" }).click()
      await page.getByRole("table", { name: "Your imports" }).waitFor()
      const listed = page.getByRole("table", { name: "Your imports" }).getByRole("row")
      await expect(listed.count()).resolves.toBe(2)
      await expect(listed.nth(1).textContent()).resolves.toMatch(/netscape\s*Finished\s*5\s*1\s*1/)
    })

    it("the progress updates itself while the pages of one site are processed one by one, then stops", {
      timeout: 90_000
    }, async () => {
      const { dir, page, visits } = w()
      // Four pages of one site: the import lane starts one per IMPORT_HOST_GAP (1 s here), so processing takes seconds.
      const paced = join(dir, "one-site.html")
      writeFileSync(
        paced,
        `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${
          [1, 2, 3, 4].map((n) =>
            `<DT><A HREF="https://paced.example.org/${n}" ADD_DATE="${1_700_000_000 + n}">Paced ${n}</A>\n`
          ).join("")
        }<DT><A HREF="mailto:someone@example.org">Mail</A>\n</DL>\n`
      )
      const polls: Array<string> = []
      page.on("request", (request) => {
        if (request.headers()["hx-request"] === "true" && new URL(request.url()).pathname.startsWith("/imports/")) {
          polls.push(request.url())
        }
      })
      await page.getByLabel("File", { exact: true }).setInputFiles(paced)
      await page.getByLabel("Announce each imported bookmark to my webhooks").check()
      await page.getByRole("button", { name: "Import" }).click()
      await page.getByRole("heading", { name: /^Import of / }).waitFor()
      await page.getByRole("status").filter({ hasText: "Processing pages" }).waitFor()
      await expect(page.getByText("each bookmark announced to your webhooks").isVisible()).resolves.toBe(true)
      await visits.check(page, "import-in-progress")
      const url = page.url()
      // No reload: htmx asks for the section every few seconds until every page is processed.
      await page.getByRole("status").filter({ hasText: "Finished" }).waitFor({ timeout: 60_000 })
      expect(page.url()).toBe(url)
      expect(polls.length).toBeGreaterThan(0)
      const counts = await Promise.all(
        ["read", "saved", "duplicates", "failed", "enriched"].map((c) => text(`#count-${c}`))
      )
      expect(counts).toEqual(["5", "4", "0", "1", "4"])
      // Finished, the section no longer asks for itself.
      await expect(page.locator("#import").getAttribute("hx-trigger")).resolves.toBeNull()
      await page.getByRole("link", { name: "← Import & export" }).click()
      await page.getByRole("heading", { name: "Import & export" }).waitFor()
    })

    it(
      "both export buttons download the library as files that parse and hold every bookmark",
      { timeout: 60_000 },
      async () => {
        const { dir, page, visits } = w()
        await visits.check(page, "export")
        const download = async (name: string) => {
          const [file] = await Promise.all([
            page.waitForEvent("download"),
            page.getByRole("link", { name, exact: true }).click()
          ])
          const path = join(dir, file.suggestedFilename())
          await file.saveAs(path)
          return { name: file.suggestedFilename(), content: readFileSync(path, "utf8") }
        }
        const json = await download("Export JSON")
        expect(json.name).toMatch(/^bookmarks-\d{4}-\d{2}-\d{2}\.json$/)
        const library = JSON.parse(json.content) as {
          format: string
          bookmarks: ReadonlyArray<{ url: string; title: string; tags: ReadonlyArray<string> }>
        }
        expect(library.format).toBe("bookmark-library-export")
        expect(library.bookmarks.map((b) => [b.url, b.title, b.tags])).toEqual([
          ...[4, 3, 2, 1].map((n) => [`https://paced.example.org/${n}`, `Paced ${n}`, []]),
          ...expected.map(([url, title, tags]) => [url, title, [...tags]])
        ])

        const html = await download("Export HTML (browsers)")
        expect(html.name).toMatch(/^bookmarks-\d{4}-\d{2}-\d{2}\.html$/)
        expect(html.content).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/)
        const links = [...html.content.matchAll(/<A HREF="([^"]+)"[^>]*>([^<]*)<\/A>/g)].map((m) => m[1])
        expect(links).toEqual([
          ...[4, 3, 2, 1].map((n) => `https://paced.example.org/${n}`),
          ...expected.map(([url]) => url)
        ])
        // Still on the page: a download does not navigate.
        await page.getByRole("heading", { name: "Import & export" }).waitFor()
      }
    )

    it(
      "a file in no known format and one over the limit are refused on the page with the form, never a 5xx; nothing is charged",
      { timeout: 90_000 },
      async () => {
        const { dir, page, visits } = w()
        const garbage = join(dir, "photo.jpg")
        writeFileSync(
          garbage,
          Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0, 0, 0xff, 0xd9])
        )
        await page.getByLabel("File", { exact: true }).setInputFiles(garbage)
        const [refused] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith("/imports") && r.request().method() === "POST"),
          page.getByRole("button", { name: "Import" }).click()
        ])
        expect(refused.status()).toBe(400)
        await expect(page.getByRole("alert").textContent()).resolves.toContain(
          "File: is in no format this service reads (netscape, pocket, karakeep, linkwarden, json, zip); if you know it, choose it under Format."
        )
        await visits.check(page, "import-refused")

        const huge = join(dir, "huge.html")
        writeFileSync(huge, Buffer.alloc(64 * 1024 * 1024 + 1, 0x20))
        await page.getByLabel("File", { exact: true }).setInputFiles(huge)
        const [tooLarge] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith("/imports") && r.request().method() === "POST", {
            timeout: 60_000
          }),
          page.getByRole("button", { name: "Import" }).click()
        ])
        expect(tooLarge.status()).toBe(413)
        await expect(page.getByRole("alert").textContent()).resolves.toContain("larger than 64 MiB")
        await visits.check(page, "import-too-large")
        rmSync(huge)
        // Three imports, two downloads and every page view later: nothing charged to the API allowance.
        await page.getByRole("navigation").getByRole("link", { name: "Usage" }).click()
        await expect(page.getByRole("region", { name: "This month" }).getByRole("paragraph").first().textContent())
          .resolves.toMatch(/^0 of /)
      }
    )

    it(
      "folders as lists: the choice on the form makes the Chrome folders nested lists",
      { timeout: 90_000 },
      async () => {
        const { page, service, visits } = w()
        await page.getByRole("navigation").getByRole("link", { name: "Import & export" }).click()
        await page.getByRole("heading", { name: "Import & export" }).waitFor()
        await page.getByLabel("Folders of a browser bookmarks file").selectOption({
          label: "As lists, nested like the folders"
        })
        await page.getByLabel("Addresses already in your library").selectOption("keep")
        await page.getByLabel("File", { exact: true }).setInputFiles(fixture)
        await page.getByRole("button", { name: "Import" }).click()
        await page.getByRole("status").filter({ hasText: "Finished" }).waitFor({ timeout: 60_000 })
        await expect(text("#count-saved")).resolves.toBe("6")
        await expect(page.getByText("quiet (no webhook events) · folders made lists").isVisible()).resolves.toBe(true)
        await visits.check(page, "import-folders-lists")
        await page.goto(`${service.baseUrl}/lists`)
        const tree = page.getByRole("main")
        await tree.getByRole("link", { name: "Dev", exact: true }).first().click()
        await page.getByRole("link", { name: "Rust Programming Language", exact: true }).first().waitFor()
        await expect(page.getByRole("link", { name: "Effect & friends – Docs", exact: true }).first().isVisible())
          .resolves.toBe(true)
        await page.goto(`${service.baseUrl}/lists`)
        await page.getByRole("main").getByRole("link", { name: "Databases", exact: true }).first().click()
        await page.getByRole("link", { name: "PostgreSQL: Documentation", exact: true }).first().waitFor()
      }
    )
  })
}
