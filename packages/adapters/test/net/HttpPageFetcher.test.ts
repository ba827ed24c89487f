// The fetcher against loopback fixtures only: SSRF refusals (a counting trap must see no connection) and behaviour.
import { type FetchFailed, type FetchLimits, PageFetcher } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import * as zlib from "node:zlib"
import * as AllowHosts from "../../src/net/AllowHosts.js"
import type { Resolver } from "../../src/net/GuardedLookup.js"
import * as HttpPageFetcher from "../../src/net/HttpPageFetcher.js"
import { closedPort, serve } from "./LoopbackServers.js"

const mapTo = (address: string): Resolver => async () => [{ address, family: address.includes(":") ? 6 : 4 }]

const fetchWith = (options: HttpPageFetcher.Options, url: string, limits?: FetchLimits) =>
  Effect.flatMap(PageFetcher, (f) => f.fetch(url, limits)).pipe(Effect.provide(HttpPageFetcher.layer(options)))

const allowHosts = (value: string) => Result.getOrThrow(AllowHosts.parse(value))

const failure = (effect: Effect.Effect<unknown, FetchFailed>) => Effect.flip(effect)

describe("HttpPageFetcher SSRF policy (loopback trap)", () => {
  it.live("refuses every spelling of a loopback or unspecified address, and the trap sees no connection", () =>
    Effect.gen(function*() {
      const trap = yield* serve((_req, res) => res.end("trap"), { alsoIpv6: true })
      const p = trap.port
      const fixture = yield* serve((_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${p}/stolen` })
        res.end()
      })
      const options = { allowPrivateNetwork: false, allowlist: [fixture.origin], resolver: mapTo("127.0.0.1") }
      const urls = [
        `http://127.0.0.1:${p}/`,
        `http://[::1]:${p}/`,
        `http://[::ffff:127.0.0.1]:${p}/`,
        `http://2130706433:${p}/`,
        `http://0x7f000001:${p}/`,
        `http://0177.0.0.1:${p}/`,
        `http://127.1:${p}/`,
        `http://0.0.0.0:${p}/`,
        `http://evil.test:${p}/`,
        `https://evil.test:${p}/`,
        `http://${fixture.origin}/redirect-to-trap`
      ]
      for (const url of urls) {
        const error = yield* failure(fetchWith(options, url))
        expect({ url, reason: error.reason }).toEqual({ url, reason: "blocked" })
      }
      // `localhost` goes through the system resolver (it answers from /etc/hosts, no traffic leaves).
      const viaSystem = yield* failure(fetchWith({ allowPrivateNetwork: false }, `http://localhost:${p}/`))
      expect(viaSystem.reason).toBe("blocked")
      // The fully qualified spellings (trailing dots) name the same hosts and meet the same refusal.
      for (const url of [`http://localhost.:${p}/`, `http://localhost..:${p}/`, `http://127.0.0.1.:${p}/`]) {
        const error = yield* failure(fetchWith({ allowPrivateNetwork: false }, url))
        expect({ url, reason: error.reason }).toEqual({ url, reason: "blocked" })
      }
      const dotted = yield* failure(fetchWith(options, `http://evil.test.:${p}/`))
      expect(dotted.reason).toBe("blocked")
      expect(fixture.requests.map((r) => r.url)).toEqual(["/redirect-to-trap"])
      expect(trap.connections()).toBe(0)
    }))

  it.live("the same trap is reachable when the policy is lifted, so the test above can fail", () =>
    Effect.gen(function*() {
      const trap = yield* serve((_req, res) => res.end("trap"), { alsoIpv6: true })
      const page = yield* fetchWith(
        { allowPrivateNetwork: true, resolver: mapTo("127.0.0.1") },
        `http://evil.test:${trap.port}/`
      )
      expect(Buffer.from(page.body).toString()).toBe("trap")
      const v6 = yield* fetchWith({ allowPrivateNetwork: true }, `http://[::1]:${trap.port}/`)
      expect(v6.status).toBe(200)
      expect(trap.connections()).toBe(2)
    }))

  it.live("ALLOW_HOSTS reaches exactly its names and ranges: a listed name and a listed address on loopback", () =>
    Effect.gen(function*() {
      const site = yield* serve((_req, res) => res.end("home wiki"), { alsoIpv6: true })
      const resolver: Resolver = async (host) =>
        host === "wiki.home" || host === "other.home" ? [{ address: "127.0.0.1", family: 4 }] : []
      const byName = { allowPrivateNetwork: false, allowHosts: allowHosts("wiki.home"), resolver }
      const page = yield* fetchWith(byName, `http://wiki.home:${site.port}/`)
      expect(Buffer.from(page.body).toString()).toBe("home wiki")
      // Another name on the same address, and the address itself, are not on the list.
      for (const url of [`http://other.home:${site.port}/`, `http://127.0.0.1:${site.port}/`]) {
        const error = yield* failure(fetchWith(byName, url))
        expect({ url, reason: error.reason }).toEqual({ url, reason: "blocked" })
        expect(error.detail).toContain("ALLOW_HOSTS")
      }
      const byRange = { allowPrivateNetwork: false, allowHosts: allowHosts("127.0.0.1/32"), resolver }
      expect((yield* fetchWith(byRange, `http://other.home:${site.port}/`)).status).toBe(200)
      expect((yield* fetchWith(byRange, `http://127.0.0.1:${site.port}/`)).status).toBe(200)
      // ::1 is outside the IPv4 range.
      expect((yield* failure(fetchWith(byRange, `http://[::1]:${site.port}/`))).reason).toBe("blocked")
      expect(site.connections()).toBe(3)
    }))

  it.live("refuses redirects to other schemes", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((req, res) => {
        res.writeHead(302, { location: req.url === "/file" ? "file:///etc/passwd" : "gopher://127.0.0.1:70/" })
        res.end()
      })
      const options = { allowPrivateNetwork: true }
      expect((yield* failure(fetchWith(options, `http://${fixture.origin}/file`))).reason).toBe("blocked")
      expect((yield* failure(fetchWith(options, `http://${fixture.origin}/gopher`))).reason).toBe("blocked")
    }))

  it.live("connects to the checked address without a second DNS answer", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((_req, res) => res.end("pinned"))
      let calls = 0
      // `.test` never resolves through the system, so a successful fetch proves the socket used the pinned answer.
      const resolver: Resolver = async () => {
        calls++
        return [{ address: "127.0.0.1", family: 4 }]
      }
      const page = yield* fetchWith({ allowPrivateNetwork: true, resolver }, `http://pinned.test:${fixture.port}/`)
      expect(Buffer.from(page.body).toString()).toBe("pinned")
      expect(fixture.requests[0]?.headers.host).toBe(`pinned.test:${fixture.port}`)
      expect(calls).toBe(1)
    }))
})

describe("HttpPageFetcher behaviour", () => {
  const lenient = { allowPrivateNetwork: true }

  it.live("follows a chain of redirects with relative Locations and reports the final URL", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((req, res) => {
        const n = Number(new URL(req.url ?? "/", "http://x").pathname.split("/")[2] ?? "0")
        if (n > 0) {
          res.writeHead(n % 2 === 0 ? 301 : 307, { location: `../r/${n - 1}?from=${n}` })
          return res.end()
        }
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
        res.end("<title>done</title>")
      })
      const page = yield* fetchWith(lenient, `http://${fixture.origin}/r/3`)
      expect(page).toMatchObject({
        status: 200,
        url: `http://${fixture.origin}/r/0?from=1`,
        contentType: "text/html; charset=utf-8",
        truncated: false
      })
      expect(Buffer.from(page.body).toString()).toBe("<title>done</title>")
      expect(fixture.requests.map((r) => r.url)).toEqual(["/r/3", "/r/2?from=3", "/r/1?from=2", "/r/0?from=1"])

      const five = yield* fetchWith(lenient, `http://${fixture.origin}/r/5`)
      expect(five.status).toBe(200)
      const six = yield* failure(fetchWith(lenient, `http://${fixture.origin}/r/6`))
      expect(six.reason).toBe("redirects")
    }))

  it.live("sends a clear user agent and an HTML Accept header", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((_req, res) => res.end("ok"))
      yield* fetchWith(lenient, `http://${fixture.origin}/`)
      const headers = fixture.requests[0]?.headers
      expect(headers?.["user-agent"]).toMatch(/^BookmarkLibraryBot\/1\.0 /)
      expect(headers?.accept).toMatch(/^text\/html/)
    }))

  it.live("returns non-2xx answers as pages", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((_req, res) => {
        res.writeHead(404, { "content-type": "text/plain" })
        res.end("not here")
      })
      const page = yield* fetchWith(lenient, `http://${fixture.origin}/missing`)
      expect(page).toMatchObject({ status: 404, contentType: "text/plain" })
      expect(Buffer.from(page.body).toString()).toBe("not here")
    }))

  it.live("times out when headers are slow, and when the body is", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((req, res) => {
        if (req.url === "/drip") {
          res.writeHead(200)
          const timer = setInterval(() => res.write("."), 50)
          res.on("close", () => clearInterval(timer))
        }
        // "/slow" never answers.
      })
      const slow = yield* failure(fetchWith({ ...lenient, headersTimeout: 200 }, `http://${fixture.origin}/slow`))
      expect(slow.reason).toBe("timeout")
      expect(slow.transient).toBe(true)
      const drip = yield* failure(fetchWith({ ...lenient, totalTimeout: 300 }, `http://${fixture.origin}/drip`))
      expect(drip.reason).toBe("timeout")
    }))

  it.live("stops an endless body at the cap and closes the connection", () =>
    Effect.gen(function*() {
      let closed = false
      let onClosed = () => {}
      const serverClosed = new Promise<void>((resolve) => {
        onClosed = resolve
      })
      const fixture = yield* serve((_req, res) => {
        res.writeHead(200, { "content-type": "application/octet-stream" })
        const chunk = Buffer.alloc(16 * 1024, 120)
        const pump = () => {
          if (closed) return
          while (res.write(chunk)) { /* fill the socket until it pushes back */ }
        }
        res.on("drain", pump)
        res.on("close", () => {
          closed = true
          onClosed()
        })
        pump()
      })
      const page = yield* fetchWith({ ...lenient, maxBytes: 100_000 }, `http://${fixture.origin}/endless`)
      expect(page.truncated).toBe(true)
      expect(page.body.length).toBe(100_000)
      // The server notices the dropped socket; a fetcher that kept reading would time this out.
      yield* Effect.promise(() => serverClosed).pipe(Effect.timeout("2 seconds"))
    }))

  it.live("a caller may tighten the size and time limits for one fetch, never loosen them", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((req, res) => {
        if (req.url === "/big") return res.end(Buffer.alloc(50_000, 120))
        // "/slow" never answers.
      })
      const small = yield* fetchWith({ ...lenient, maxBytes: 100_000 }, `http://${fixture.origin}/big`, {
        maxBytes: 1_000
      })
      expect({ truncated: small.truncated, length: small.body.length }).toEqual({ truncated: true, length: 1_000 })
      const capped = yield* fetchWith({ ...lenient, maxBytes: 10_000 }, `http://${fixture.origin}/big`, {
        maxBytes: 1_000_000
      })
      expect(capped.body.length).toBe(10_000)
      const quick = yield* failure(fetchWith(lenient, `http://${fixture.origin}/slow`, { totalTimeout: 200 }))
      expect(quick.reason).toBe("timeout")
    }))

  it.live("decodes compressed bodies and caps the decoded size (a gzip bomb stays small)", () =>
    Effect.gen(function*() {
      const bomb = zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024))
      const fixture = yield* serve((req, res) => {
        res.writeHead(200, { "content-encoding": "gzip" })
        res.end(
          req.url === "/bomb"
            ? bomb
            : req.url === "/corrupt"
            ? Buffer.from("not gzip at all")
            : zlib.gzipSync("hello, gzip")
        )
      })
      const corrupt = yield* failure(fetchWith(lenient, `http://${fixture.origin}/corrupt`))
      expect(corrupt).toMatchObject({ reason: "body", transient: false })
      expect(corrupt.detail).toContain("undecodable gzip body")
      const small = yield* fetchWith(lenient, `http://${fixture.origin}/small`)
      expect(Buffer.from(small.body).toString()).toBe("hello, gzip")
      const big = yield* fetchWith({ ...lenient, maxBytes: 64 * 1024 }, `http://${fixture.origin}/bomb`)
      expect(big).toMatchObject({ truncated: true })
      expect(big.body.length).toBe(64 * 1024)
    }))

  it.live("reports connection refused, DNS failures and invalid URLs", () =>
    Effect.gen(function*() {
      const port = yield* closedPort
      const refused = yield* failure(fetchWith(lenient, `http://127.0.0.1:${port}/`))
      expect(refused.reason).toBe("connection")
      expect(refused.detail).toContain("connection refused")
      const missing: Resolver = () => Promise.reject(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }))
      expect(yield* failure(fetchWith({ ...lenient, resolver: missing }, "http://nowhere.test/"))).toMatchObject({
        reason: "notfound",
        transient: false
      })
      const flaky: Resolver = () => Promise.reject(Object.assign(new Error("EAI_AGAIN"), { code: "EAI_AGAIN" }))
      expect(yield* failure(fetchWith({ ...lenient, resolver: flaky }, "http://nowhere.test/"))).toMatchObject({
        reason: "dns",
        transient: true
      })
      expect((yield* failure(fetchWith(lenient, "ftp://127.0.0.1/"))).reason).toBe("invalid")
      expect((yield* failure(fetchWith(lenient, "not a url"))).reason).toBe("invalid")
    }))
})
