/** Request ids: on every answer, in the request's log lines and problem bodies; a proxy's id kept only when trusted. */
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Result } from "effect"
import * as TrustedProxies from "../../src/server/TrustedProxies.js"
import * as T from "../support/TestServer.js"

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const trusted = (value: string) => Result.getOrThrow(TrustedProxies.parse(value))

layer(T.layer)("RequestId", (it) => {
  it.effect("every answer has its own id: in the header, the problem body and every log line of the request", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account()
      const { logs } = yield* T.TestControls
      const ok = yield* T.request("GET", "/v1/api/bookmarks", { key })
      const unauthenticated = yield* T.request("GET", "/v1/api/bookmarks")
      const unknownRoute = yield* T.request("GET", "/nowhere")
      const defect = yield* T.request("GET", `/v1/api/bookmarks/${T.boomId}`, { key })
      const ids = [ok, unauthenticated, unknownRoute, defect].map((sent) => sent.headers.get("x-request-id") ?? "")
      for (const id of ids) expect(id).toMatch(uuid)
      expect(new Set(ids).size).toBe(4)
      expect(T.problem(unauthenticated, 401).requestId).toBe(ids[1])
      expect(T.problem(unknownRoute, 404).requestId).toBe(ids[2])
      expect(T.problem(defect, 500).requestId).toBe(ids[3])
      // The defect's own log line and the request line carry the id of the request that caused them.
      const linesOf = (id: string | undefined) =>
        logs.filter((line) => line.annotations["requestId"] === id).map((l) => l.message)
      expect(linesOf(ids[3])).toEqual(["request failed", "http request"])
      expect(linesOf(ids[0])).toEqual(["http request"])
    }))

  it.effect("a sent X-Request-Id is not taken from a peer that is not a trusted proxy", () =>
    Effect.gen(function*() {
      const sent = yield* T.request("GET", "/health", { headers: { "x-request-id": "proxy-id-1" } })
      expect(sent.headers.get("x-request-id")).toMatch(uuid)
    }))
})

layer(T.layerWith({ trustedProxies: trusted("10.0.0.0/8, 127.0.0.1") }))("RequestId behind a trusted proxy", (it) => {
  it.effect("keeps the proxy's id on the answer and in the problem body; replaces one that is not acceptable", () =>
    Effect.gen(function*() {
      const kept = yield* T.request("GET", "/nowhere", { headers: { "x-request-id": "lb-7f3a:42" } })
      expect(kept.headers.get("x-request-id")).toBe("lb-7f3a:42")
      expect(T.problem(kept, 404).requestId).toBe("lb-7f3a:42")
      for (const bad of ["has space", "x".repeat(129), "tab\there"]) {
        const replaced = yield* T.request("GET", "/health", { headers: { "x-request-id": bad } })
        expect(replaced.headers.get("x-request-id")).toMatch(uuid)
      }
    }))
})

describe("TrustedProxies.parse", () => {
  it.effect("trusts listed addresses and ranges, IPv4 peers on a dual-stack socket too, and nothing else", () =>
    Effect.sync(() => {
      const list = trusted("127.0.0.1, 10.0.0.0/8, fd00::/8")
      expect(["127.0.0.1", "::ffff:127.0.0.1", "10.200.3.4", "fd12::1"].map(list.trusts)).toEqual([
        true,
        true,
        true,
        true
      ])
      expect(["127.0.0.2", "11.0.0.1", "fe80::1", "::1", "not an address"].map(list.trusts)).toEqual([
        false,
        false,
        false,
        false,
        false
      ])
      expect(trusted("").trusts("127.0.0.1")).toBe(false)
    }))

  it.effect("refuses an entry that is no address or range, naming it", () =>
    Effect.sync(() => {
      for (const bad of ["localhost", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8/8", "::1/129", "1.2.3"]) {
        expect(TrustedProxies.parse(`127.0.0.1,${bad}`)).toEqual(Result.fail(expect.stringContaining(`'${bad}'`)))
      }
    }))
})
