/**
 * CORS as a browser applies it: a page on one origin calls the JSON API on another with a key. The listed origin
 * reads the bookmarks and the allowance headers; an unlisted one is blocked by Chromium itself.
 * Screenshots: test-output/cors/.
 */
import { External } from "@bookmark-library/testkit"
import { mkdir } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"

const browserPath = External.needs("CHROMIUM_PATH")
const shots = fileURLToPath(new URL("../../../../test-output/cors/", import.meta.url))

/** A page that calls `api` with `key` and writes what it could read into the document. */
const page = (api: string, key: string) =>
  `<!doctype html><meta charset="utf-8"><title>CORS client</title>
<body style="font: 16px sans-serif; padding: 2em"><h1>Bookmarks from another origin</h1><pre id="out">waiting…</pre>
<script>
fetch(${JSON.stringify(`${api}/v1/api/bookmarks?limit=5`)}, { headers: { Authorization: ${
    JSON.stringify(`Bearer ${key}`)
  } } })
  .then(async (r) => {
    const body = await r.json()
    document.getElementById("out").textContent = "status " + r.status + "\\nremaining " + r.headers.get("X-RateLimit-Remaining") +
      "\\nurls " + body.bookmarks.map((b) => b.url).join(" ")
  })
  .catch((e) => { document.getElementById("out").textContent = "blocked: " + e.message })
</script></body>`

const serve = async (html: () => string): Promise<{ server: Server; origin: string }> => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    response.end(html())
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe.runIf(browserPath.run)("CORS in Chromium", () => {
  let service: Harness.Started
  let browser: Browser
  let key = ""
  const pages: Array<Server> = []
  let listed = ""
  let unlisted = ""

  beforeAll(async () => {
    const html = () => page(service.baseUrl, key)
    const a = await serve(html)
    const b = await serve(html)
    pages.push(a.server, b.server)
    listed = a.origin
    unlisted = b.origin
    service = await Harness.start({ roles: "api", env: { CORS_ORIGINS: `${listed},https://app.example.com` } })
    const account = await service.client.account()
    key = account.key
    await service.client.api("POST", "/bookmarks", key, { url: "https://example.com/read-from-a-browser" })
    browser = await chromium.launch({
      executablePath: browserPath.value,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync"
      ]
    })
    await mkdir(shots, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    for (const server of pages) server.close()
    await service?.stop()
    await service?.storage.cleanup()
  })

  const visit = async (origin: string, shot: string) => {
    const tab = await browser.newPage()
    try {
      await tab.goto(origin)
      await tab.waitForFunction(`document.getElementById("out").textContent !== "waiting…"`)
      await tab.screenshot({ path: `${shots}${shot}` })
      return (await tab.textContent("#out")) ?? ""
    } finally {
      await tab.close()
    }
  }

  it("lets a listed origin read the bookmarks and the allowance headers with a key", async () => {
    const text = await visit(listed, "listed-origin.png")
    expect(text).toMatch(/^status 200\nremaining \d+\nurls https:\/\/example\.com\/read-from-a-browser$/)
  })

  it("leaves an origin that is not listed blocked by the browser", async () => {
    const text = await visit(unlisted, "unlisted-origin.png")
    expect(text).toMatch(/^blocked: /)
  })
})
