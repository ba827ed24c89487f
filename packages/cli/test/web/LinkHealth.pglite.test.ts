/**
 * Link health in the web app, in Chromium (docs/preservation.md, "Link health"): the "Broken links" view lists gone
 * and unreachable bookmarks only, a broken bookmark's page offers its archived copy first, a moved one says where it
 * leads. Checked with axe and photographed at 1280 and 390 px, light and dark. Workers do not run: the states are
 * written through the storage port, as a check would write them.
 */
import { Bookmark, type BookmarkId, Bookmarks, type LinkHealth } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect, Option } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { shots } from "./Shots.js"

const person = { email: "grace@example.com", password: "links rot over time" }
const chromium = External.needs("CHROMIUM_PATH")
const photograph = shots("pglite/link-health")

describe.runIf(chromium.run)("Link health in Chromium (PGlite)", () => {
  let world: { service: Harness.Started; browser: Browser; page: Page } | undefined
  const w = () => {
    if (world === undefined) throw new Error("the web app did not start")
    return world
  }

  beforeAll(async () => {
    const service = await Harness.start({ mode: "embedded", roles: "api", env: { SCREENSHOTS: "false" } })
    const browser = await Chromium.launch(chromium.value)
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    page.setDefaultTimeout(15_000)
    world = { service, browser, page }
  })

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
  })

  /** Saves `url` from the library's form and returns the new bookmark's id. */
  const save = async (url: string) => {
    const { page } = w()
    await page.locator("#save-url").fill(url)
    await page.locator("#save-status").evaluate((status) => status.replaceChildren())
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await page.locator("#save-status").getByRole("status").first().waitFor()
    await page.reload()
    const href = await page.getByRole("link", { name: url }).first().getAttribute("href").catch(() => null)
    const found = href ?? await page.locator(`a[href^="/bookmarks/bmk_"]`).first().getAttribute("href")
    return (found ?? "").replace("/bookmarks/", "") as BookmarkId
  }

  /** What enrichment and a link check would have written: a title, an archived copy, the health. */
  const checked = (id: BookmarkId, title: string, health: LinkHealth.Health, copy: boolean) =>
    w().service.run(Effect.gen(function*() {
      const bookmarks = yield* Bookmarks
      const at = Date.UTC(2026, 10, 20, 9, 30)
      yield* bookmarks.complete(id, {
        derived: {
          ...Bookmark.emptyDerived,
          title,
          description: `${title}: a page saved long ago.`,
          ...(copy
            ? {
              archive: {
                copy: {
                  asset: "0123456789abcdef0123456789abcdef",
                  takenAt: at,
                  bytes: 2_048,
                  contentType: "text/html",
                  partial: ""
                },
                problem: ""
              }
            }
            : {})
        },
        processingError: "",
        pageText: ""
      })
      yield* bookmarks.recordLinkCheck(id, health, at + 7 * 24 * 60 * 60 * 1000)
      return Option.isSome(yield* bookmarks.get(id))
    }))

  it("lists broken links in their own view and offers the archived copy first", { timeout: 120_000 }, async () => {
    const { page, service } = w()
    await page.goto(service.baseUrl)
    await page.getByLabel("Email").fill(person.email)
    await page.getByLabel("Password").fill(person.password)
    await page.getByRole("button", { name: "Create account" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
    await page.goto(`${service.baseUrl}/?q=is%3Abroken`)
    await page.getByText("No broken links: every link checked so far answers.").waitFor()
    await page.goto(service.baseUrl)

    const at = Date.UTC(2026, 10, 20, 9, 30)
    const gone = await save("https://old.example.com/essay")
    const down = await save("https://offline.example.net/notes")
    const moved = await save("https://blog.example.org/post")
    const fine = await save("https://docs.example.com/guide")
    expect(await checked(gone, "An essay that is gone", { state: "gone", checkedAt: at, failures: 0 }, true)).toBe(true)
    await checked(down, "Notes on a server that went dark", { state: "unreachable", checkedAt: at, failures: 3 }, false)
    await checked(moved, "A post that moved", {
      state: "moved",
      checkedAt: at,
      failures: 0,
      movedTo: "https://example.org/blog/post"
    }, true)
    await checked(fine, "A guide that still answers", { state: "ok", checkedAt: at, failures: 0 }, true)

    // The sidebar's "Broken links": the gone and the unreachable ones, nothing else.
    await page.goto(service.baseUrl)
    await page.getByRole("navigation", { name: "Lists" }).getByRole("link", { name: "Broken links" }).click()
    await page.getByRole("heading", { name: "Broken links", level: 1 }).waitFor()
    const titles = page.getByRole("list", { name: "Bookmarks" }).getByRole("heading")
    await expect(titles.allTextContents()).resolves.toEqual([
      "Notes on a server that went dark",
      "An essay that is gone"
    ])
    await expect(
      page.getByRole("navigation", { name: "Lists" }).getByRole("link", { name: "Broken links" }).getAttribute(
        "aria-current"
      )
    ).resolves.toBe("page")
    await photograph(page, "broken-links")

    // A gone bookmark: the notice, the archived copy before the original address.
    await page.goto(`${service.baseUrl}/bookmarks/${gone}`)
    const notice = page.getByRole("note").filter({ hasText: "This link is broken" })
    await notice.waitFor()
    await expect(notice.textContent()).resolves.toContain("the site says the page is gone")
    const links = await notice.getByRole("link").allTextContents()
    expect(links).toEqual(["Open the archived copy", "Try the original"])
    await expect(notice.getByRole("link", { name: "Open the archived copy" }).getAttribute("href")).resolves.toMatch(
      /\/archive\/0123456789abcdef0123456789abcdef\./
    )
    await expect(page.getByText("Gone (the site answers 404 or 410), checked").count()).resolves.toBe(1)
    await photograph(page, "gone-bookmark")

    // Unreachable without a copy: said so, the original still offered.
    await page.goto(`${service.baseUrl}/bookmarks/${down}`)
    const downNotice = page.getByRole("note").filter({ hasText: "This link is broken" })
    await expect(downNotice.textContent()).resolves.toContain("did not answer on several checks in a row")
    await expect(downNotice.textContent()).resolves.toContain("No archived copy was kept.")

    // Moved: where it leads; a link that answers shows no notice.
    await page.goto(`${service.baseUrl}/bookmarks/${moved}`)
    await expect(
      page.getByRole("note").filter({ hasText: "This page has moved" }).getByRole("link").getAttribute("href")
    )
      .resolves.toBe("https://example.org/blog/post")
    await photograph(page, "moved-bookmark")
    await page.goto(`${service.baseUrl}/bookmarks/${fine}`)
    await page.getByRole("heading", { name: "A guide that still answers" }).waitFor()
    await expect(page.getByRole("note").count()).resolves.toBe(0)
    await expect(page.getByText("Answers, checked").count()).resolves.toBe(1)
  })
})
