/**
 * The popup sets a bookmark's states, in real Chromium against a real server (embedded mode): a new save marked as a
 * favourite with its Save, and a page already saved shown with its states as toggles, archived from there, then a
 * toggle for a bookmark deleted meanwhile (the batch's item result says so; the box goes back). Each state is checked
 * through the JSON API after enrichment has run. Screenshots of the popup, light and dark, go to
 * test-output/extension/. The stand-ins are those of Extension.test.ts (docs/extension.md, "Tests").
 */
import { External } from "@bookmark-library/testkit"
import { createServer } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ExtensionBrowser from "../support/ExtensionBrowser.js"
import * as Harness from "../support/Harness.js"

/** A site of two articles, for the tab the popup is opened over and for enrichment to read. */
const startSite = async () => {
  const server = createServer((req, res) => {
    const name = (req.url ?? "/").replace(/^\/|\.html.*$/g, "")
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end(`<!doctype html><html lang="en"><head><title>Notes on ${name}</title></head>
<body><main><h1>Notes on ${name}</h1><p>A short article about ${name}, long enough to be read.</p></main></body></html>`)
  })
  return ExtensionBrowser.listenLoopback(server)
}

const shoot = ExtensionBrowser.shootLightAndDark

describe.runIf(External.needs("CHROMIUM_PATH").run)("the extension sets a bookmark's states in Chromium", () => {
  const chromiumPath = External.needs("CHROMIUM_PATH")
  let world:
    | {
      service: Harness.Started
      site: Awaited<ReturnType<typeof startSite>>
      browser: ExtensionBrowser.ExtensionBrowser
    }
    | undefined
  const w = () => {
    if (world === undefined) throw new Error("the extension did not start")
    return world
  }

  /** A connected extension on a new account, and the popup opened over a tab showing `path` of the site. */
  const popupOver = async (path: string, before: (key: string, url: string) => Promise<void> = async () => {}) => {
    const { browser, service, site } = w()
    const { context } = browser
    const { key } = await service.client.account("plus")
    await ExtensionBrowser.connect(browser, service.baseUrl, key)
    const url = `${site.origin}${path}`
    await before(key, url)
    const article = await context.newPage()
    await article.goto(url)
    const tabId = await ExtensionBrowser.tabOf(browser, url)
    expect(tabId).toBeGreaterThan(0)
    const popup = await ExtensionBrowser.popup(browser, tabId, 600)
    return { key, url, popup, article }
  }

  beforeAll(async () => {
    const site = await startSite()
    const service = await Harness.start({
      mode: "embedded",
      roles: "all",
      env: { SCREENSHOTS: "false" },
      overrides: { guard: { allowlist: [site.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
    const browser = await ExtensionBrowser.launch(chromiumPath.value, "states-")
    world = { service, site, browser }
  })

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
    await world.site.close()
  })

  it("marks a new save as a favourite right after the save; the state outlasts enrichment", async () => {
    const { service } = w()
    const { key, url, popup, article } = await popupOver("/tides.html")
    const fresh = popup.getByRole("group", { name: "The new bookmark" })
    await expect(fresh.getByLabel("Favourite").isChecked()).resolves.toBe(false)
    await expect(fresh.getByLabel("Done reading (archive)").isChecked()).resolves.toBe(false)
    await expect(popup.getByText("Already in your library").isVisible()).resolves.toBe(false)
    await fresh.getByLabel("Favourite").check()
    await shoot(popup, "popup-states-new")
    await popup.getByRole("button", { name: "Save" }).click()
    await popup.getByRole("heading", { name: "Saved" }).waitFor()
    await popup.getByText("Marked as a favourite.", { exact: true }).waitFor()
    await expect(popup.locator("#save-notes").isHidden()).resolves.toBe(true)
    const link = await popup.getByRole("link", { name: "Open in your library" }).getAttribute("href")
    const bookmarkId = decodeURIComponent(link?.split("/bookmarks/")[1] ?? "")
    await popup.getByText(/Enrichment: (ready|failed)/).waitFor({ timeout: 30_000 })
    await shoot(popup, "popup-states-saved")
    const saved = await service.client.api("GET", `/bookmarks/${bookmarkId}`, key)
    expect(saved.body).toMatchObject({
      url,
      status: "ready",
      title: "Notes on tides",
      favourite: true,
      archived: false
    })
    const favourites = await service.client.api("GET", `/bookmarks?q=${encodeURIComponent("is:favourite")}`, key)
    expect(favourites.body.bookmarks.map((b: { id: string }) => b.id)).toEqual([bookmarkId])
    await popup.close()
    await article.close()
  })

  it("shows an already saved page's states, archives it from the popup, and puts back a change the server refused", async () => {
    const { service } = w()
    let bookmarkId = ""
    const { key, popup, article } = await popupOver("/currents.html", async (key, url) => {
      const saved = await service.client.api("POST", "/bookmarks", key, { url })
      expect(saved.status).toBe(201)
      bookmarkId = saved.body.id
      await service.client.ready(key, bookmarkId)
      const starred = await service.client.api("POST", "/bookmarks/batch", key, {
        action: "favourite",
        ids: [bookmarkId]
      })
      expect(starred.body.results).toEqual([{ id: bookmarkId, result: "ok" }])
    })
    const states = async () => {
      const read = await service.client.api("GET", `/bookmarks/${bookmarkId}`, key)
      return { favourite: read.body.favourite, archived: read.body.archived }
    }
    await popup.getByText("Already in your library").waitFor()
    const existing = popup.getByRole("group", { name: "The saved bookmark" })
    await existing.waitFor()
    await expect(existing.getByLabel("Favourite").isChecked()).resolves.toBe(true)
    await expect(existing.getByLabel("Done reading (archived)").isChecked()).resolves.toBe(false)

    await existing.getByLabel("Done reading (archived)").check()
    await popup.getByText("Archived: done reading.").waitFor()
    await expect(states()).resolves.toEqual({ favourite: true, archived: true })
    await shoot(popup, "popup-states-already")

    await existing.getByLabel("Favourite").uncheck()
    await popup.getByText("No longer a favourite.").waitFor()
    await expect(states()).resolves.toEqual({ favourite: false, archived: true })

    // Deleted meanwhile (in the web app, say): the batch answers 200 with the item not found; the box goes back.
    const gone = await service.client.api("POST", "/bookmarks/batch", key, { action: "delete", ids: [bookmarkId] })
    expect(gone.body.results).toEqual([{ id: bookmarkId, result: "ok" }])
    // A click, not check(): the box goes back as soon as the refusal arrives, which check() would call a failed click.
    await existing.getByLabel("Favourite").click()
    await popup.getByRole("alert").getByText(
      "Not marked as a favourite: The server refused this: This bookmark is no longer in your library."
    ).waitFor()
    await expect(existing.getByLabel("Favourite").isChecked()).resolves.toBe(false)
    await expect(existing.getByLabel("Favourite").isEnabled()).resolves.toBe(true)
    await shoot(popup, "popup-states-refused")
    await popup.close()
    await article.close()
  })
})
