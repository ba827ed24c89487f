/**
 * The link probe against loopback sites (docs/preservation.md, "Link health"): the answers that make each state
 * (200, a permanent redirect to another local URL, 404, 410, a reset connection, silence past a short timeout),
 * `HEAD` with the `GET` fallback, `Retry-After`, and the address policy on the first request and on every redirect.
 */
import { LinkHealth, LinkProbe } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type * as http from "node:http"
import * as HttpLinkProbe from "../../src/net/HttpLinkProbe.js"
import { closedPort, serve } from "./LoopbackServers.js"

const probeWith = (options: HttpLinkProbe.Options, url: string) =>
  Effect.flatMap(LinkProbe, (p) => p.probe(url)).pipe(Effect.provide(HttpLinkProbe.layer(options)))

/** What the checker makes of one probe of `url` with no earlier health. */
const stateOf = (url: string, probe: LinkHealth.Probe) => {
  const verdict = LinkHealth.verdict(url, probe, undefined, 0)
  return verdict._tag === "Record" ? (verdict.health.state ?? `failure ${verdict.health.failures}`) : "later"
}

describe("HttpLinkProbe", () => {
  it.live("reads 200, a 301 to another local URL, 404, 410, a reset and a timeout", () =>
    Effect.gen(function*() {
      const other = yield* serve((_req, res) => res.writeHead(200).end())
      const site = yield* serve((req: http.IncomingMessage, res: http.ServerResponse) => {
        switch (req.url) {
          case "/ok":
            return void res.writeHead(200, { "content-type": "text/html" }).end("<p>fine</p>")
          case "/moved":
            return void res.writeHead(301, { location: `http://${other.origin}/new-home` }).end()
          case "/temporary":
            return void res.writeHead(302, { location: "/ok" }).end()
          case "/missing":
            return void res.writeHead(404).end()
          case "/gone":
            return void res.writeHead(410).end()
          case "/reset":
            return void req.socket.destroy()
          case "/slow":
            return // never answers
        }
      })
      const options = { allowPrivateNetwork: false, allowlist: [site.origin, other.origin], headersTimeout: 300 }
      const base = `http://${site.origin}`
      const probe = (path: string) => probeWith(options, `${base}${path}`)

      expect(yield* probe("/ok")).toEqual({
        _tag: "Answered",
        status: 200,
        url: `${base}/ok`,
        hops: [],
        retryAfter: null
      })
      const moved = yield* probe("/moved")
      expect(moved).toEqual({
        _tag: "Answered",
        status: 200,
        url: `http://${other.origin}/new-home`,
        hops: [{ status: 301, to: `http://${other.origin}/new-home` }],
        retryAfter: null
      })
      expect(stateOf(`${base}/moved`, moved)).toBe("moved")
      expect(stateOf(`${base}/temporary`, yield* probe("/temporary"))).toBe("ok")
      expect(stateOf(`${base}/missing`, yield* probe("/missing"))).toBe("gone")
      expect(stateOf(`${base}/gone`, yield* probe("/gone"))).toBe("gone")
      const reset = yield* probe("/reset")
      expect(reset).toMatchObject({ _tag: "Failed", reason: "connection" })
      expect(stateOf(`${base}/reset`, reset)).toBe("failure 1")
      const started = Date.now()
      const slow = yield* probe("/slow")
      expect(slow).toMatchObject({ _tag: "Failed", reason: "timeout" })
      expect(Date.now() - started).toBeLessThan(3_000)
      const closed = yield* closedPort
      const refused = yield* probeWith(
        { ...options, allowlist: [...options.allowlist, `127.0.0.1:${closed}`] },
        `http://127.0.0.1:${closed}/`
      )
      expect(refused).toMatchObject({ _tag: "Failed", reason: "connection", detail: "connection refused" })
      // HEAD requests, and a GET only to confirm a page is gone: a check never downloads a page that answers.
      expect(site.requests.filter((r) => r.method === "GET").map((r) => r.url)).toEqual(["/missing", "/gone"])
    }))

  it.live("confirms with a GET a page HEAD calls gone: a server that answers HEAD wrongly keeps its link ok", () =>
    Effect.gen(function*() {
      const site = yield* serve((req, res) => void res.writeHead(req.method === "HEAD" ? 404 : 200).end())
      const url = `http://${site.origin}/page`
      const probe = yield* probeWith({ allowPrivateNetwork: false, allowlist: [site.origin] }, url)
      expect(probe).toMatchObject({ status: 200 })
      expect(stateOf(url, probe)).toBe("ok")
      expect(site.requests.map((r) => r.method)).toEqual(["HEAD", "GET"])
    }))

  it.live("falls back to a GET where HEAD is refused (405, 501), reading only a small part of the body", () =>
    Effect.gen(function*() {
      const site = yield* serve((req, res) => {
        if (req.method === "HEAD") return void res.writeHead(req.url === "/501" ? 501 : 405).end()
        res.writeHead(req.url === "/gone" ? 410 : 200, { "content-type": "text/plain" })
        res.end("x".repeat(1024 * 1024))
      })
      const options = { allowPrivateNetwork: false, allowlist: [site.origin] }
      expect(yield* probeWith(options, `http://${site.origin}/page`)).toMatchObject({ status: 200 })
      expect(yield* probeWith(options, `http://${site.origin}/501`)).toMatchObject({ status: 200 })
      expect(yield* probeWith(options, `http://${site.origin}/gone`)).toMatchObject({ status: 410 })
      expect(site.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        "HEAD /page",
        "GET /page",
        "HEAD /501",
        "GET /501",
        "HEAD /gone",
        "GET /gone"
      ])
      expect(HttpLinkProbe.getBodyLimit).toBeLessThanOrEqual(64 * 1024)
    }))

  it.live("passes on Retry-After of a 429 or 503", () =>
    Effect.gen(function*() {
      const site = yield* serve((req, res) => {
        res.writeHead(req.url === "/busy" ? 503 : 429, { "retry-after": req.url === "/busy" ? "7" : "120" }).end()
      })
      const options = { allowPrivateNetwork: false, allowlist: [site.origin] }
      const limited = yield* probeWith(options, `http://${site.origin}/limited`)
      expect(limited).toMatchObject({ status: 429, retryAfter: 120_000 })
      expect(LinkHealth.verdict(`http://${site.origin}/limited`, limited, undefined, 0)).toEqual({
        _tag: "Later",
        after: 120_000
      })
      expect(yield* probeWith(options, `http://${site.origin}/busy`)).toMatchObject({ status: 503, retryAfter: 7_000 })
    }))

  it.live("checks the address policy on the first request and on every redirect: the trap sees no connection", () =>
    Effect.gen(function*() {
      const trap = yield* serve((_req, res) => res.writeHead(200).end("trap"))
      const site = yield* serve((req, res) => {
        const to = req.url === "/to-private" ? "http://10.20.30.40/" : `http://${trap.origin}/stolen`
        res.writeHead(301, { location: to }).end()
      })
      const options = { allowPrivateNetwork: false, allowlist: [site.origin] }
      expect(yield* probeWith(options, `http://${trap.origin}/`)).toMatchObject({ _tag: "Failed", reason: "blocked" })
      expect(yield* probeWith(options, `http://${site.origin}/to-trap`)).toMatchObject({
        _tag: "Failed",
        reason: "blocked"
      })
      expect(yield* probeWith(options, `http://${site.origin}/to-private`)).toMatchObject({
        _tag: "Failed",
        reason: "blocked"
      })
      expect(trap.connections()).toBe(0)
      expect(yield* probeWith(options, "file:///etc/passwd")).toMatchObject({ _tag: "Failed", reason: "invalid" })
    }))
})
