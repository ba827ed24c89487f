/**
 * The hot-read fast path (src/server/HotReads.ts) against the general path: the same requests, sent first to a server
 * with the fast path and then to a second server over the same domain with it switched off, get the same status,
 * headers and body. Both servers charge the same counter, so the second answer of each pair has one request less left
 * when both were charged, and the same allowance when neither was: each path charges once or not at all.
 */
import { BookmarkId, createKey } from "@bookmark-library/domain"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Redacted } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { TestClock } from "effect/testing"
import { createServer } from "node:http"
import * as HotReads from "../../src/server/HotReads.js"
import * as Mounts from "../../src/server/Mounts.js"
import * as Server from "../../src/server/Server.js"
import * as T from "../support/TestServer.js"

/** Both servers keep the request id the test sends, so the two answers of a pair carry the same one. */
const trustedProxies = { trusts: () => true }

/** The general path alone, over the domain of the test's server; its base URL. */
const generalServer = Effect.gen(function*() {
  const context = yield* Layer.build(
    Server.layer({ adminToken: Redacted.make(T.adminToken), trustedProxies, hotReads: false }).pipe(
      Layer.provide([Mounts.none, T.sabotagedBookmarks]),
      Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))
    )
  )
  const { address } = Context.get(context, HttpServer.HttpServer)
  return address._tag === "UnixPathAddress" ? "http://invalid" : `http://127.0.0.1:${address.port}`
})

interface Answer {
  readonly status: number
  /** Every header but `date`, in the order sent. */
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly body: string
}

let sequence = 0

/** What was left after the last charged answer, by credential. */
const lastLeft = new Map<string, number>()

const send = (base: string, method: string, path: string, headers: Record<string, string>, id: string) =>
  Effect.promise(async (): Promise<Answer> => {
    const response = await fetch(base + path, { method, headers: { ...headers, "x-request-id": id } })
    const body = await response.text()
    return { status: response.status, headers: [...response.headers].filter(([name]) => name !== "date"), body }
  })

const remaining = (answer: Answer) => answer.headers.find(([name]) => name === "x-ratelimit-remaining")?.[1]

/**
 * The request through the fast path's server, then the general path's: the same answer, except one request less left
 * when the first was charged. Returns the fast path's answer.
 */
const same = (general: string, method: string, path: string, headers: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const id = `hot-read-${++sequence}`
    const fast = yield* send(yield* T.baseUrl, method, path, headers, id)
    const slow = yield* send(general, method, path, headers, id)
    const left = remaining(fast)
    const expected = left === undefined || fast.status === 429
      ? fast
      : {
        ...fast,
        headers: fast.headers.map(([name, value]): readonly [string, string] =>
          name === "x-ratelimit-remaining" ? [name, String(Number(value) - 1)] : [name, value]
        )
      }
    expect(slow, `${method} ${path}`).toEqual(expected)
    // And the fast path charged once: one request less left than the last charged answer to the same credential.
    const credential = headers.authorization ?? ""
    const before = lastLeft.get(credential)
    if (left !== undefined && fast.status !== 429 && before !== undefined) {
      expect(Number(left), `${method} ${path}`).toBe(before - 1)
    }
    const after = remaining(slow)
    if (after !== undefined) lastLeft.set(credential, Number(after))
    return fast
  })

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

/** The fast path alone around a stand-in for the general path: whether it answered or handed the request over. */
const direct = (method: string, path: string, headers: Record<string, string>) =>
  Effect.gen(function*() {
    let handedOver = false
    const general = Effect.sync(() => {
      handedOver = true
      return HttpServerResponse.text("general")
    })
    const around = yield* HotReads.make
    const request = HttpServerRequest.fromWeb(new Request(`http://127.0.0.1${path}`, { method, headers }))
    const response = yield* Effect.provideService(around(general), HttpServerRequest.HttpServerRequest, request)
    return { handedOver, status: response.status }
  })

layer(T.layerWith({ trustedProxies }))("HotReads", (it) => {
  describe("answers exactly as the general path", () => {
    it.effect("GET /v1/api/bookmarks/:id: found, unknown, another account's, impossible ids, a defect", () =>
      Effect.gen(function*() {
        const general = yield* generalServer
        const { key } = yield* T.account()
        const other = yield* T.account()
        const saved = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://example.com/hot", tags: ["a", "b"], note: "n" }
        })
        const theirs = yield* T.request("POST", "/v1/api/bookmarks", {
          key: other.key,
          json: { url: "https://example.com/theirs" }
        })
        const mine = (saved.body as { id: string }).id
        const found = yield* same(general, "GET", `/v1/api/bookmarks/${mine}`, bearer(key))
        expect(found.status).toBe(200)
        expect(JSON.parse(found.body)).toMatchObject({ id: mine, url: "https://example.com/hot" })
        const paths = [
          `/v1/api/bookmarks/${(theirs.body as { id: string }).id}`,
          "/v1/api/bookmarks/bmk_unknown",
          `/v1/api/bookmarks/${T.boomId}`,
          `/v1/api/bookmarks/${"x".repeat(65)}`,
          "/v1/api/bookmarks/a.b",
          "/v1/api/bookmarks/%62mk",
          `/v1/api/bookmarks/${mine}/`,
          `/v1/api/bookmarks/${mine}?x=1`,
          `/v1/api/bookmarks/${BookmarkId.make("bmk_x")}/more`
        ]
        for (const path of paths) yield* same(general, "GET", path, bearer(key))
        expect((yield* same(general, "GET", `/v1/api/bookmarks/${T.boomId}`, bearer(key))).status).toBe(500)
      }))

    it.effect("GET /v1/api/bookmarks: a page, a search, bad and unknown parameters", () =>
      Effect.gen(function*() {
        const general = yield* generalServer
        const { key } = yield* T.account()
        for (const url of ["https://example.com/one", "https://example.com/two", "https://example.org/three"]) {
          expect((yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url, tags: ["t"] } })).status).toBe(201)
        }
        const queries = [
          "",
          "?limit=50",
          "?limit=2",
          "?q=example",
          "?q=site%3Aexample.org",
          "?tag=t&limit=1",
          "?type=article",
          "?limit=0",
          "?limit=abc",
          "?limit=1000",
          "?before=yesterday",
          "?q=%22unclosed",
          "?tag=a&tag=b",
          "?unknown=1",
          "?type=nonsense",
          `?q=${"w".repeat(2_000)}`
        ]
        for (const query of queries) yield* same(general, "GET", `/v1/api/bookmarks${query}`, bearer(key))
        const page = yield* same(general, "GET", "/v1/api/bookmarks?limit=2", bearer(key))
        expect(JSON.parse(page.body)).toMatchObject({ bookmarks: [{}, {}] })
      }))

    it.effect("unauthenticated, refused and unusual requests", () =>
      Effect.gen(function*() {
        const general = yield* generalServer
        const { account, key } = yield* T.account()
        const saver = yield* createKey(account.id, "saver", "api", ["bookmarks:write"])
        const cases: ReadonlyArray<readonly [string, Record<string, string>]> = [
          ["GET", {}],
          ["GET", { authorization: "Bearer" }],
          ["GET", { authorization: "Bearer not-a-key" }],
          ["GET", { authorization: `Basic ${key}` }],
          ["GET", { authorization: `Bearer bk_${"A".repeat(40)}` }],
          ["GET", { authorization: `Bearer ${key} extra` }],
          ["GET", { authorization: `bearer   ${key}  ` }],
          ["GET", bearer(saver.key)],
          ["HEAD", bearer(key)],
          ["OPTIONS", bearer(key)],
          ["DELETE", bearer(key)],
          ["GET", { ...bearer(key), "content-type": "text/plain" }],
          ["GET", { ...bearer(key), origin: "https://elsewhere.example" }]
        ]
        for (const [method, headers] of cases) {
          yield* same(general, method, "/v1/api/bookmarks/bmk_unknown", headers)
          yield* same(general, method, "/v1/api/bookmarks?limit=5", headers)
        }
      }))

    it.effect("past the allowance: the same 429, charged neither way", () =>
      Effect.gen(function*() {
        yield* TestClock.adjust("10 minutes")
        const general = yield* generalServer
        const { key } = yield* T.account()
        // The free plan admits 60 requests a minute.
        for (let i = 0; i < 30; i++) yield* same(general, "GET", "/v1/api/bookmarks/bmk_unknown", bearer(key))
        const refused = yield* same(general, "GET", "/v1/api/bookmarks?limit=5", bearer(key))
        expect(refused.status).toBe(429)
        expect((yield* same(general, "GET", "/v1/api/bookmarks/bmk_unknown", bearer(key))).status).toBe(429)
      }))
  })

  it.effect("answers only the happy path itself and hands every other request over", () =>
    Effect.gen(function*() {
      const { account, key } = yield* T.account()
      const reader = yield* createKey(account.id, "reader", "api", ["bookmarks:read"])
      const saver = yield* createKey(account.id, "saver", "api", ["bookmarks:write"])
      const saved = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://example.com/d" } })
      const id = (saved.body as { id: string }).id
      const answered: ReadonlyArray<readonly [string, Record<string, string>]> = [
        [`/v1/api/bookmarks/${id}`, bearer(key)],
        [`/v1/api/bookmarks/${id}`, bearer(reader.key)],
        ["/v1/api/bookmarks", bearer(key)],
        ["/v1/api/bookmarks?limit=50", bearer(key)],
        ["/v1/api/bookmarks?q=example&limit=10", bearer(key)]
      ]
      for (const [path, headers] of answered) {
        expect(yield* direct("GET", path, headers), path).toEqual({ handedOver: false, status: 200 })
      }
      const handedOver: ReadonlyArray<readonly [string, string, Record<string, string>]> = [
        ["GET", "/v1/api/bookmarks/bmk_unknown", bearer(key)],
        ["GET", `/v1/api/bookmarks/${id}`, {}],
        ["GET", `/v1/api/bookmarks/${id}`, bearer(saver.key)],
        ["GET", `/v1/api/bookmarks/${id}`, { authorization: `Bearer bk_${"A".repeat(40)}` }],
        ["HEAD", `/v1/api/bookmarks/${id}`, bearer(key)],
        ["GET", `/v1/api/bookmarks/${id}/`, bearer(key)],
        ["GET", "/v1/api/bookmarks?limit=abc", bearer(key)],
        ["GET", "/v1/api/bookmarks?before=yesterday", bearer(key)],
        ["GET", "/v1/api/tags", bearer(key)]
      ]
      for (const [method, path, headers] of handedOver) {
        expect(yield* direct(method, path, headers), `${method} ${path}`).toEqual({ handedOver: true, status: 200 })
      }
    }))

  it.effect("the request log and the request id see a request the fast path answers (metrics: cli/test/metrics)", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account()
      const { logs } = yield* T.TestControls
      const answered = yield* T.request("GET", "/v1/api/bookmarks?limit=3", { key })
      expect(answered.status).toBe(200)
      const id = answered.headers.get("x-request-id") ?? ""
      expect(id).not.toBe("")
      const line = logs.find((l) => l.message === "http request" && l.annotations["requestId"] === id)
      expect(line?.annotations).toMatchObject({ method: "GET", path: "/v1/api/bookmarks", status: 200 })
    }))
})
