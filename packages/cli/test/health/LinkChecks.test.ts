/**
 * Link health end to end (embedded): the service's own worker checks saved links against loopback sites with the
 * address policy on (only the sites allowlisted), once they are an interval old: a 410 is `gone`, a permanent redirect
 * to another site `moved`, a reset connection `unreachable` only on the third check in a row, and `health=broken`
 * finds them (docs/preservation.md, "Link health"). The service's clock is moved forward instead of waiting an hour.
 */
import { Waiting } from "@bookmark-library/testkit"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Prometheus from "../support/Prometheus.js"

const hour = 60 * 60 * 1000

interface Site {
  readonly origin: string
  readonly requests: Array<string>
  readonly close: () => Promise<void>
}

const serve = (handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
  new Promise<Site>((resolve) => {
    const requests: Array<string> = []
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      handler(req, res)
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        origin: `127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })

const page = (title: string) => `<html><head><title>${title}</title></head><body><p>${title}</p></body></html>`

describe("link checks end to end (embedded)", () => {
  let service: Harness.Started
  let site: Site
  let other: Site
  let key = ""
  /** "saved": every page answers; "later": the pages have moved on. */
  let phase: "saved" | "later" = "saved"

  beforeAll(async () => {
    other = await serve((_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(page("New home")))
    site = await serve((req, res) => {
      if (phase === "later") {
        if (req.url === "/gone") return void res.writeHead(410).end()
        if (req.url === "/moved") return void res.writeHead(301, { location: `http://${other.origin}/new` }).end()
        if (req.url === "/flaky") return void req.socket.destroy()
      }
      res.writeHead(200, { "content-type": "text/html" }).end(page(`Page ${req.url}`))
    })
    service = await Harness.start({
      mode: "embedded",
      env: { SCREENSHOTS: "false", ARCHIVE: "false", LINK_CHECK_INTERVAL: "1h" },
      overrides: {
        guard: { allowlist: [site.origin, other.origin] },
        fetch: { headersTimeout: 1_500, totalTimeout: 5_000 },
        linkChecks: { firstAfter: 0, every: 100, hostGap: 20 }
      }
    })
    key = (await service.client.account("ultra")).key
  }, 120_000)

  afterAll(async () => {
    await service.stop()
    await service.storage.cleanup()
    await site.close()
    await other.close()
  })

  const read = async (id: string) => (await service.client.api("GET", `/bookmarks/${id}`, key)).body
  const broken = async () =>
    ((await service.client.api("GET", "/bookmarks?health=broken", key)).body.bookmarks as Array<{ url: string }>)
      .map((b) => b.url)

  it("finds gone, moved and (after three failures) unreachable links, HEAD only, once they are due", async () => {
    const ids: Record<string, string> = {}
    for (const path of ["/fine", "/gone", "/moved", "/flaky"]) {
      const saved = await service.client.api("POST", "/bookmarks", key, { url: `http://${site.origin}${path}` })
      expect(saved.status).toBe(201)
      ids[path] = saved.body.id
      await service.client.ready(key, saved.body.id)
    }
    const id = (path: string) => ids[path] ?? ""
    // Not due before an interval has passed: no check goes out.
    await Waiting.sleep(600)
    expect(site.requests.filter((r) => r.startsWith("HEAD"))).toEqual([])
    expect((await read(id("/fine"))).linkHealth).toBe("")

    phase = "later"
    service.clock.advance(2 * hour)
    const first = await Waiting.pollUntil("the first checks", async () => {
      const all = await Promise.all(["/fine", "/gone", "/moved", "/flaky"].map(async (p) => read(id(p))))
      return all.every((b) => b.linkCheckedAt !== "") && all
    }, { timeoutMs: 30_000, intervalMs: 100 })
    expect(first.map((b) => b.linkHealth)).toEqual(["ok", "gone", "moved", ""])
    expect(first[2].movedTo).toBe(`http://${other.origin}/new`)
    expect(await broken()).toEqual([`http://${site.origin}/gone`])
    expect(site.requests.filter((r) => !r.startsWith("GET") && !r.startsWith("HEAD"))).toEqual([])
    expect(site.requests).toContain("HEAD /fine")

    // One failure is a blip; the second and third checks (a failing link is due again within the hour) decide.
    for (const failures of [2, 3]) {
      const before = (await read(id("/flaky"))).linkCheckedAt
      service.clock.advance(2 * hour)
      const after = await Waiting.pollUntil(`check ${failures} of /flaky`, async () => {
        const b = await read(id("/flaky"))
        return b.linkCheckedAt !== before && b
      }, { timeoutMs: 30_000, intervalMs: 100 })
      expect(after.linkHealth).toBe(failures === 3 ? "unreachable" : "")
    }
    expect(await broken()).toEqual([`http://${site.origin}/flaky`, `http://${site.origin}/gone`])
    const scraped = await Prometheus.scrape(service.baseUrl)
    expect(Prometheus.value(scraped, "link_checks_total", { outcome: "unreachable" })).toBeGreaterThanOrEqual(1)
    expect(Prometheus.value(scraped, "link_checks_total", { outcome: "undecided" })).toBe(2)
    expect(Prometheus.value(scraped, "link_checks_total", { outcome: "gone" })).toBeGreaterThanOrEqual(1)
  }, 120_000)
})
