import { FakeWebhookSender, Fixtures, TestApp } from "@bookmark-library/testkit"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { expect, layer } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import { createServer } from "node:http"
import { Health } from "../../src/server/Health.js"
import * as Mounts from "../../src/server/Mounts.js"
import * as Server from "../../src/server/Server.js"

const allowed = "https://app.example.com"
const adminToken = "adm_cors-test-token"

const serverWith = (corsOrigins: ReadonlyArray<string>) =>
  Server.layer({ adminToken: Redacted.make(adminToken), corsOrigins }).pipe(
    Layer.provide(Mounts.none),
    Layer.provide(Layer.succeed(Health, { check: Effect.void })),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
    Layer.provide(FakeWebhookSender.make().layer),
    Layer.provideMerge(TestApp.layer())
  )

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  Effect.flatMap(HttpServer.HttpServer, (server) =>
    Effect.promise(async () => {
      const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers })
      await response.arrayBuffer()
      return response
    }))

const preflight = (path: string, origin: string, requestHeaders = "authorization") =>
  send("OPTIONS", path, {
    origin,
    "access-control-request-method": "GET",
    "access-control-request-headers": requestHeaders
  })

layer(serverWith([allowed, "http://localhost:5173"]))("CORS with CORS_ORIGINS set", (it) => {
  it.effect("answers a preflight from a listed origin: its methods, Authorization, and a max age", () =>
    Effect.gen(function*() {
      const answer = yield* preflight("/v1/api/bookmarks", allowed)
      expect(answer.status).toBe(204)
      expect(answer.headers.get("access-control-allow-origin")).toBe(allowed)
      expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE")
      expect(answer.headers.get("access-control-allow-headers")?.toLowerCase().split(",")).toEqual([
        "authorization",
        "content-type"
      ])
      expect(answer.headers.get("access-control-max-age")).toBe("600")
      expect(answer.headers.get("access-control-allow-credentials")).toBeNull()
      expect(answer.headers.get("vary")).toContain("Origin")
    }))

  it.effect("lets a listed origin read the answer and its rate-limit headers, errors included", () =>
    Effect.gen(function*() {
      const { key } = yield* Fixtures.accountWithKey("free")
      const ok = yield* send("GET", "/v1/api/bookmarks", {
        origin: "http://localhost:5173",
        authorization: `Bearer ${key}`
      })
      expect(ok.status).toBe(200)
      expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
      const exposed = (ok.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(",")
      for (
        const header of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after", "location"]
      ) {
        expect(exposed).toContain(header)
      }
      const refused = yield* send("GET", "/v1/api/bookmarks", { origin: allowed, authorization: "Bearer bk_nope" })
      expect(refused.status).toBe(401)
      expect(refused.headers.get("access-control-allow-origin")).toBe(allowed)
      const unknown = yield* send("GET", "/v1/api/nowhere", { origin: allowed })
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get("access-control-allow-origin")).toBe(allowed)
    }))

  it.effect("gives an origin that is not listed nothing to read, and answers no request differently", () =>
    Effect.gen(function*() {
      const stranger = "https://evil.example.net"
      const answer = yield* preflight("/v1/api/bookmarks", stranger)
      expect(answer.headers.get("access-control-allow-origin")).toBeNull()
      const get = yield* send("GET", "/v1/api/bookmarks", { origin: stranger })
      expect(get.status).toBe(401)
      expect(get.headers.get("access-control-allow-origin")).toBeNull()
    }))

  it.effect("never opens the admin API or paths outside /v1/api to other origins", () =>
    Effect.gen(function*() {
      const options = yield* preflight("/admin/accounts", allowed)
      expect(options.status).toBe(405)
      expect(options.headers.get("access-control-allow-origin")).toBeNull()
      const admin = yield* send("GET", "/admin/accounts", { origin: allowed, authorization: `Bearer ${adminToken}` })
      expect(admin.status).toBe(200)
      expect(admin.headers.get("access-control-allow-origin")).toBeNull()
      const health = yield* send("GET", "/health", { origin: allowed })
      expect(health.headers.get("access-control-allow-origin")).toBeNull()
      const lookalike = yield* send("GET", "/v1/apix", { origin: allowed })
      expect(lookalike.headers.get("access-control-allow-origin")).toBeNull()
    }))
})

layer(serverWith([]))("CORS by default (CORS_ORIGINS unset)", (it) => {
  it.effect("is off: a preflight is refused as any OPTIONS is, and answers carry no CORS headers", () =>
    Effect.gen(function*() {
      const answer = yield* preflight("/v1/api/bookmarks", allowed)
      expect(answer.status).toBe(405)
      expect(answer.headers.get("access-control-allow-origin")).toBeNull()
      const get = yield* send("GET", "/v1/api/bookmarks", { origin: allowed })
      expect(get.headers.get("access-control-allow-origin")).toBeNull()
    }))
})

layer(serverWith(["*"]))("CORS with CORS_ORIGINS=*", (it) => {
  it.effect("lets any origin in, naming it back (never a literal * with Authorization)", () =>
    Effect.gen(function*() {
      const answer = yield* preflight("/v1/api/usage", "https://anywhere.example")
      expect(answer.status).toBe(204)
      expect(answer.headers.get("access-control-allow-origin")).toBe("https://anywhere.example")
    }))
})
