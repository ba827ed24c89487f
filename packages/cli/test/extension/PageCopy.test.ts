/**
 * The extension's "Save with page copy" and list choice, in real Chromium against a real server (embedded mode):
 * a signed-in page (it needs a cookie; a script adds to it after load) with a stylesheet, a CSS background and an
 * image is saved with its copy into two chosen lists (one nested). The stored copy opens with nothing but itself
 * (every other request of the page that opens it is refused and counted), shows the inlined image and style, and
 * holds no script; the service never requested the page. Screenshots of the popup at its size, light and dark, go
 * to test-output/extension/. The stand-ins are those of Extension.test.ts (docs/extension.md, "Tests").
 */
import { External } from "@bookmark-library/testkit"
import { writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ExtensionBrowser from "../support/ExtensionBrowser.js"
import * as Harness from "../support/Harness.js"

/** A 2×2 opaque red PNG (its size is checked in the copy; the screenshot shows it). */
const redPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWO4Iyd3R06OAUIBACGmBGH6Pla+AAAAAElFTkSuQmCC",
  "base64"
)

const members = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Members' briefing on tidal power</title>
<meta name="description" content="The subscriber edition of the tidal power briefing.">
<link rel="stylesheet" href="/style.css">
<script src="/app.js" defer></script>
</head><body><main>
<h1>Members' briefing on tidal power</h1>
<p class="paid">Tidal turbines in the strait produced more power this winter than the old coal station did.</p>
<p>Engineers expect the second array to double the output by the end of the decade.</p>
<img id="chart" src="/chart.png" alt="Output chart" width="40" height="40">
<button type="button" onclick="alert('hi')">Share</button>
</main></body></html>`

const signIn = `<!doctype html><html lang="en"><head><title>Sign in</title></head>
<body><form><input type="password" name="p"></form></body></html>`

/** A site that shows the article only with its session cookie, and records every request. */
const startSite = async () => {
  const requests: Array<{ path: string; cookie: string }> = []
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/"
    const cookie = req.headers.cookie ?? ""
    requests.push({ path, cookie })
    const signedIn = cookie.includes("session=member")
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, { "content-type": type })
      res.end(body)
    }
    if (path === "/members.html") return send("text/html; charset=utf-8", signedIn ? members : signIn)
    if (path === "/style.css") {
      return send("text/css", `.paid { color: rgb(1, 2, 3); } main { background-image: url("/bg.png"); }`)
    }
    if (path === "/app.js") {
      return send(
        "text/javascript",
        `const p = document.createElement("p"); p.id = "by-script"; p.textContent = "Updated by script after load.";` +
          `document.querySelector("main").append(p);`
      )
    }
    if (path === "/chart.png" || path === "/bg.png") return send("image/png", redPng)
    res.writeHead(404).end()
  })
  return { ...await ExtensionBrowser.listenLoopback(server), requests }
}

const shoot = ExtensionBrowser.shootLightAndDark

describe.runIf(External.needs("CHROMIUM_PATH").run)("the extension's page copy and lists in Chromium", () => {
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

  beforeAll(async () => {
    const site = await startSite()
    // The site is on the service's allowlist: had enrichment fetched the page, it could have, and the site would see it.
    const service = await Harness.start({
      mode: "embedded",
      roles: "all",
      // Screenshots on: the copy's screenshot is taken from the copy, with every request refused.
      env: {},
      overrides: { guard: { allowlist: [site.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
    const browser = await ExtensionBrowser.launch(chromiumPath.value, "copy-")
    world = { service, site, browser }
  })

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
    await world.site.close()
  })

  it("saves a signed-in page with its copy into two chosen lists; the copy opens on its own; the URL is never fetched", async () => {
    const { browser, service, site } = w()
    const { context } = browser
    const { key } = await service.client.account("plus")
    await ExtensionBrowser.connect(browser, service.baseUrl, key)
    const reading = await service.client.api("POST", "/lists", key, { name: "Reading" })
    const paywalled = await service.client.api("POST", "/lists", key, { name: "Paywalled", parentId: reading.body.id })
    const work = await service.client.api("POST", "/lists", key, { name: "Work" })
    expect([reading.status, paywalled.status, work.status]).toEqual([201, 201, 201])

    await context.addCookies([{ name: "session", value: "member", domain: "127.0.0.1", path: "/" }])
    const url = `${site.origin}/members.html`
    const article = await context.newPage()
    await article.goto(url)
    await article.locator("#by-script").waitFor()
    const tabId = await ExtensionBrowser.tabOf(browser, url)
    expect(tabId).toBeGreaterThan(0)

    const popup = await ExtensionBrowser.popup(browser, tabId, 600)
    await popup.getByRole("group", { name: "Lists" }).getByLabel("Paywalled").waitFor()
    // Depth first, a sublist indented under its parent.
    const labels = popup.locator("#list-choices label")
    await expect(labels.allTextContents()).resolves.toEqual(["Reading", "Paywalled", "Work"])
    // Page code is passed as text: it runs in the browser, where the DOM is defined (not in this test's types).
    const indent = (name: string) =>
      popup.evaluate<number>(`(() => {
        const label = [...document.querySelectorAll("#list-choices label")].find((l) => l.textContent === ${
        JSON.stringify(name)
      })
        return label === undefined ? -1 : parseFloat(getComputedStyle(label).paddingLeft)
      })()`)
    expect(await indent("Paywalled")).toBeGreaterThan(await indent("Reading"))
    await popup.getByLabel("Paywalled").check()
    await popup.getByLabel("Work").check()
    await popup.getByLabel("Tags", { exact: true }).fill("energy")
    await popup.getByLabel("Save with page copy").check()
    await shoot(popup, "popup-lists-copy")
    await popup.getByRole("button", { name: "Save" }).click()
    await popup.getByRole("heading", { name: "Saved" }).waitFor()
    const link = await popup.getByRole("link", { name: "Open in your library" }).getAttribute("href")
    const bookmarkId = decodeURIComponent(link?.split("/bookmarks/")[1] ?? "")
    await popup.getByText(/Enrichment: (ready|failed)/).waitFor({ timeout: 30_000 })
    await expect(popup.locator("#enrichment").textContent()).resolves.toBe(
      "Enrichment: ready — “Members' briefing on tidal power”"
    )
    await popup.getByText("With a copy of the page as you see it. Lists: Paywalled, Work.").waitFor()
    await shoot(popup, "popup-saved-with-copy")
    await popup.close()

    const saved = await service.client.api("GET", `/bookmarks/${bookmarkId}`, key)
    expect(saved.body).toMatchObject({
      url,
      title: "Members' briefing on tidal power",
      description: "The subscriber edition of the tidal power briefing.",
      archiveCapturedBy: "browser",
      archiveProblem: "",
      processingError: "",
      screenshot: expect.stringMatching(/\/v1\/api\/assets\/[0-9a-f]{32}$/)
    })
    expect(saved.body.tags).toContain("energy")
    // The screenshot enrichment took of the copy, kept beside the popup's for a look.
    const shot = await fetch(saved.body.screenshot, { headers: { authorization: `Bearer ${key}` } })
    expect(shot.headers.get("content-type")).toBe("image/jpeg")
    writeFileSync(join(ExtensionBrowser.shots, "copy-screenshot.jpg"), Buffer.from(await shot.arrayBuffer()))
    const inLists = await service.client.api("GET", `/bookmarks/${bookmarkId}/lists`, key)
    expect(inLists.body.lists.map((l: { name: string }) => l.name).sort()).toEqual(["Paywalled", "Work"])

    // The copy: the page as the person saw it (after its script), the image and background inlined, no script.
    const copyUrl: string = saved.body.archive
    expect(copyUrl).toMatch(/\/archive\//)
    const html = await (await fetch(copyUrl)).text()
    expect(html).toContain("Updated by script after load.")
    expect(html).toContain("Tidal turbines in the strait")
    expect(html).toContain(`src="data:image/png;base64,${redPng.toString("base64")}"`)
    expect(html).toMatch(/url\(["']?data:image\/png;base64,/)
    expect(html).not.toMatch(/<script|onclick|app\.js|\/chart\.png|\/style\.css/i)

    // Opened with nothing but itself: every other request is refused and counted.
    const viewer = await context.newPage()
    const refused: Array<string> = []
    await viewer.route("**/*", (route) => {
      if (route.request().url() === copyUrl) return route.continue()
      refused.push(route.request().url())
      return route.abort()
    })
    await viewer.goto(copyUrl)
    const shown = await viewer.evaluate<{ width: number; color: string; text: string }>(`(() => {
      const img = document.querySelector("img")
      const paid = document.querySelector(".paid")
      return {
        width: img === null ? 0 : img.naturalWidth,
        color: paid === null ? "" : getComputedStyle(paid).color,
        text: document.body.innerText
      }
    })()`)
    expect(shown).toMatchObject({ width: 2, color: "rgb(1, 2, 3)" })
    expect(shown.text).toContain("Updated by script after load.")
    expect(refused).toEqual([])
    await viewer.close()

    // The page itself was requested once, by the person's browser with the session cookie; never by the service.
    const pageRequests = site.requests.filter((r) => r.path === "/members.html")
    expect(pageRequests).toEqual([{ path: "/members.html", cookie: "session=member" }])
    await article.close()
  })

  it("with no lists the popup shows no Lists group, and the copy is offered only for the tab's own page", async () => {
    const { browser, service, site } = w()
    const { context } = browser
    const { key } = await service.client.account("plus")
    await ExtensionBrowser.connect(browser, service.baseUrl, key)
    const url = `${site.origin}/members.html`
    const article = await context.newPage()
    await article.goto(url)
    const tabId = await ExtensionBrowser.tabOf(browser, url)
    const popup = await ExtensionBrowser.popup(browser, tabId, 600)
    await expect(popup.getByLabel("Save with page copy").isEnabled()).resolves.toBe(true)
    await expect(popup.locator("#lists").isHidden()).resolves.toBe(true)
    await popup.getByLabel("URL").fill(`${site.origin}/other.html`)
    await popup.getByLabel("URL").dispatchEvent("change")
    await expect(popup.getByLabel("Save with page copy").isDisabled()).resolves.toBe(true)
    await popup.close()
    await article.close()
  })
})
