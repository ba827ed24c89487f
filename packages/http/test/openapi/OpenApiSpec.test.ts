import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as T from "../support/TestServer.js"

const Operation = Schema.Struct({
  security: Schema.Array(Schema.Record(Schema.String, Schema.Array(Schema.String))),
  requestBody: Schema.optional(Schema.Unknown),
  responses: Schema.Record(
    Schema.String,
    Schema.Struct({
      description: Schema.String,
      content: Schema.optional(Schema.Record(Schema.String, Schema.Unknown))
    })
  )
})

const Document = Schema.Struct({
  openapi: Schema.String,
  info: Schema.Struct({ title: Schema.String, version: Schema.String }),
  servers: Schema.Array(Schema.Struct({ url: Schema.String })),
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Operation)),
  components: Schema.Struct({
    schemas: Schema.Record(Schema.String, Schema.Unknown),
    securitySchemes: Schema.Record(Schema.String, Schema.Struct({ type: Schema.String, scheme: Schema.String }))
  })
})

const expected: Record<string, Record<string, ReadonlyArray<string>>> = {
  "/v1/api/bookmarks": {
    get: ["400", "401", "403", "429", "500", "503"],
    post: ["400", "401", "403", "413", "415", "429", "500", "503"]
  },
  "/v1/api/bookmarks/{id}": { get: ["400", "401", "403", "404", "429", "500", "503"] },
  // 403 on every authenticated endpoint: a key or token without the scope it needs (insufficient_scope).
  "/v1/api/bookmarks/generated-tags": { post: ["400", "401", "403", "404", "413", "415", "429", "500", "503"] },
  "/v1/api/bookmarks/with-copy": { post: ["400", "401", "403", "413", "415", "429", "500", "503"] },
  "/v1/api/bookmarks/{id}/copy": { put: ["400", "401", "403", "404", "413", "415", "429", "500", "503"] },
  "/v1/api/bookmarks/batch": { post: ["400", "401", "403", "404", "413", "415", "429", "500", "503"] },
  "/v1/api/bookmarks/batch/{id}": { get: ["400", "401", "403", "404", "429", "500", "503"] },
  "/v1/api/usage": { get: ["401", "403", "429", "500", "503"] },
  "/v1/api/tags": { get: ["401", "403", "429", "500", "503"] },
  "/v1/api/webhooks": {
    get: ["401", "403", "429", "500", "503"],
    post: ["400", "401", "403", "413", "415", "429", "500", "503"]
  },
  "/v1/api/webhooks/{id}": { delete: ["400", "401", "403", "404", "429", "500", "503"] },
  "/v1/api/webhooks/{id}/test": { post: ["400", "401", "403", "404", "429", "500", "503"] },
  "/v1/api/webhooks/{id}/deliveries": { get: ["400", "401", "403", "404", "429", "500", "503"] },
  "/v1/api/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    post: ["400", "401", "403", "404", "429", "500", "503"]
  },
  "/v1/api/assets/{id}": { get: ["400", "404", "500", "503"] },
  "/v1/api/lists": {
    get: ["401", "403", "429", "500", "503"],
    post: ["400", "401", "403", "413", "415", "429", "500", "503"]
  },
  "/v1/api/lists/{id}": {
    patch: ["400", "401", "403", "404", "413", "415", "429", "500", "503"],
    delete: ["400", "401", "403", "404", "429", "500", "503"]
  },
  "/v1/api/lists/{id}/bookmarks": {
    get: ["400", "401", "403", "404", "429", "500", "503"],
    post: ["400", "401", "403", "404", "413", "415", "429", "500", "503"]
  },
  "/v1/api/lists/{id}/bookmarks/{bookmarkId}": { delete: ["400", "401", "403", "404", "429", "500", "503"] },
  "/v1/api/bookmarks/{id}/lists": { get: ["400", "401", "403", "404", "429", "500", "503"] },
  "/v1/api/bookmarks/{id}/highlights": {
    get: ["400", "401", "403", "404", "429", "500", "503"],
    post: ["400", "401", "403", "404", "413", "415", "429", "500", "503"]
  },
  "/v1/api/highlights/{id}": {
    patch: ["400", "401", "403", "404", "413", "415", "429", "500", "503"],
    delete: ["400", "401", "403", "404", "429", "500", "503"]
  },
  "/v1/api/highlights": { get: ["400", "401", "403", "429", "500", "503"] },
  "/health": { get: ["500", "503"] }
}

const expectedAdmin: Record<string, Record<string, ReadonlyArray<string>>> = {
  "/admin/accounts": { post: ["400", "401", "413", "415", "500", "503"] },
  "/admin/accounts/{id}": { get: ["400", "401", "404", "500", "503"] },
  "/admin/accounts/{id}/plan": { put: ["400", "401", "404", "413", "415", "500", "503"] },
  "/admin/accounts/{id}/keys": {
    post: ["400", "401", "404", "413", "415", "500", "503"],
    get: ["400", "401", "404", "500", "503"]
  },
  "/admin/accounts/{id}/users": { post: ["400", "401", "404", "413", "415", "500", "503"] },
  "/admin/accounts/{id}/storage/recount": { post: ["400", "401", "404", "500", "503"] },
  "/admin/keys/{id}": { delete: ["400", "401", "404", "500", "503"] },
  "/admin/bookmarks/{id}": { patch: ["400", "401", "404", "413", "415", "500", "503"] },
  "/admin/accounts/{id}/bookmarks": { post: ["400", "401", "404", "413", "415", "500", "503"] },
  "/admin/accounts/{id}/bookmarks/batch": { post: ["400", "401", "403", "404", "413", "415", "500", "503"] },
  "/admin/bookmarks/batch/{id}": { get: ["400", "401", "404", "500", "503"] },
  "/admin/webhooks/{id}/enable": { post: ["400", "401", "404", "500", "503"] },
  "/admin/webhooks/{id}/deliveries": { get: ["400", "401", "404", "500", "503"] },
  "/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver": { post: ["400", "401", "404", "500", "503"] },
  "/admin/accounts/{id}/imports": { post: ["400", "401", "404", "413", "500", "503"] },
  "/admin/imports/{id}": { get: ["400", "401", "404", "500", "503"] },
  "/admin/accounts/{id}/export": { get: ["400", "401", "404", "500", "503"] }
}

type Doc = typeof Document.Type

const expectPaths = (doc: Doc, paths: typeof expected) => {
  expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(paths).sort())
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, errors] of Object.entries(methods)) {
      const operation = doc.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      const statuses = Object.keys(operation?.responses ?? {}).filter((s) => Number(s) >= 400).sort()
      expect(statuses, `${method} ${path}`).toEqual([...errors].sort())
      for (const status of errors) {
        expect(Object.keys(operation?.responses[status]?.content ?? {}), `${method} ${path} ${status}`)
          .toEqual(["application/problem+json"])
      }
    }
  }
}

layer(T.layer)("OpenApiSpec", (it) => {
  describe("GET /v1/api/openapi.json", () => {
    it.effect("is OpenAPI 3.1, unauthenticated and uncounted, and lists every public path with its error responses", () =>
      Effect.gen(function*() {
        const sent = yield* T.request("GET", "/v1/api/openapi.json")
        expect(sent.status).toBe(200)
        expect(sent.headers.get("x-ratelimit-limit")).toBeNull()
        const doc = T.decode(Document, sent)
        expect(doc.openapi.startsWith("3.1")).toBe(true)
        expect(doc.info).toMatchObject({ title: "Bookmark Library API", version: "1.0.0" })
        expect(doc.servers.length).toBeGreaterThan(0)
        expectPaths(doc, expected)
        expect(doc.paths["/v1/api/bookmarks"]?.get?.security).toEqual([{ apiKey: [] }])
        expect(doc.paths["/v1/api/assets/{id}"]?.get?.security).toEqual([])
        expect(doc.components.securitySchemes).toMatchObject({ apiKey: { type: "http", scheme: "bearer" } })
        expect(doc.components.securitySchemes).not.toHaveProperty("adminToken")
        expect(Object.keys(doc.components.schemas)).toEqual(
          expect.arrayContaining(["Problem", "Bookmark", "BookmarkListRow", "Usage", "Webhook"])
        )
        expect(sent.text).not.toContain("HttpApiDecodeError")
        expect(sent.text).not.toContain("/admin")
      }))
  })

  describe("GET /admin/openapi.json", () => {
    it.effect("documents the admin API apart, without a key, with the admin token as its security", () =>
      Effect.gen(function*() {
        const sent = yield* T.request("GET", "/admin/openapi.json")
        expect(sent.status).toBe(200)
        const doc = T.decode(Document, sent)
        expect(doc.openapi.startsWith("3.1")).toBe(true)
        expect(doc.info.title).toBe("Bookmark Library Admin API")
        expectPaths(doc, expectedAdmin)
        expect(doc.paths["/admin/accounts"]?.post?.security).toEqual([{ adminToken: [] }])
        expect(doc.components.securitySchemes).toMatchObject({ adminToken: { type: "http", scheme: "bearer" } })
        expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/admin/"))).toEqual([])
        // Not rate limited: no allowance headers are promised.
        expect(sent.text).not.toContain("X-RateLimit")
      }))

    it.effect("answers other methods with 405", () =>
      Effect.gen(function*() {
        const sent = yield* T.request("POST", "/admin/openapi.json")
        expect(T.problem(sent, 405).code).toBe("method_not_allowed")
      }))
  })

  describe("GET /v1/api/docs", () => {
    it.effect("serves the reference UI with its script inline, no CDN", () =>
      Effect.gen(function*() {
        const sent = yield* T.request("GET", "/v1/api/docs")
        expect(sent.status).toBe(200)
        expect(sent.headers.get("content-type")).toContain("text/html")
        expect(sent.text).toContain("Bookmark Library API")
        expect(sent.text).not.toMatch(/<script[^>]+src=/)
      }))
  })
})
