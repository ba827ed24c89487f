/** What needs no key: the OpenAPI 3.1 document with every public endpoint and its errors, the docs page, health. */
import { expect, it } from "vitest"
import type { ApiContext } from "../support/ApiService.js"

type Json = { readonly [key: string]: unknown }

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/** Every `$ref` in the document, to check each one resolves. */
const refs = (value: unknown, out: Array<string> = []): Array<string> => {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out))
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v)
      else refs(v, out)
    }
  }
  return out
}

const resolve = (document: Json, ref: string): unknown =>
  ref.replace(/^#\//, "").split("/").reduce<unknown>(
    (node, part) => (isObject(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined),
    document
  )

/** The public endpoints with the error statuses each must document besides 401 and 429. */
const endpoints: ReadonlyArray<readonly [string, string, ReadonlyArray<string>]> = [
  ["get", "/v1/api/bookmarks", ["400"]],
  ["post", "/v1/api/bookmarks", ["400"]],
  ["get", "/v1/api/bookmarks/{id}", ["403", "404"]],
  ["get", "/v1/api/usage", []],
  ["get", "/v1/api/tags", []],
  ["get", "/v1/api/webhooks", []],
  ["post", "/v1/api/webhooks", ["400"]],
  ["delete", "/v1/api/webhooks/{id}", ["404"]],
  ["post", "/v1/api/webhooks/{id}/test", ["404"]]
]

export const register = (context: () => ApiContext) => {
  it("serves an OpenAPI 3.1 document listing every public endpoint with its success and error responses", async () => {
    const { client } = context().service
    const answer = await client.request("GET", "/v1/api/openapi.json")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/json/)
    const document: unknown = JSON.parse(answer.text)
    if (!isObject(document)) throw new Error("not an object")
    expect(document.openapi).toMatch(/^3\.1\.\d+$/)
    expect(
      isObject(document.info) && typeof document.info.title === "string" && typeof document.info.version === "string"
    ).toBe(true)
    const paths = document.paths
    if (!isObject(paths)) throw new Error("no paths")
    for (const [method, path, errors] of endpoints) {
      const pathItem = paths[path]
      const operation = isObject(pathItem) ? pathItem[method] : undefined
      if (!isObject(operation) || !isObject(operation.responses)) {
        throw new Error(`${method.toUpperCase()} ${path} is missing`)
      }
      const statuses = Object.keys(operation.responses)
      expect(statuses.some((s) => s.startsWith("2")), `${method} ${path} success`).toBe(true)
      for (const status of ["401", "429", ...errors]) expect(statuses, `${method} ${path}`).toContain(status)
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const response = operation.responses[status]
        const content = isObject(response) ? response.content : undefined
        expect(isObject(content) && "application/problem+json" in content, `${method} ${path} ${status}`).toBe(true)
      }
    }
    const unresolved = refs(document).filter((ref) => resolve(document, ref) === undefined)
    expect(unresolved).toEqual([])
  })

  it("keeps the admin API out of the public document and serves it apart at /admin/openapi.json", async () => {
    const { client } = context().service
    const publicDoc = await client.request("GET", "/v1/api/openapi.json")
    expect(publicDoc.text).not.toMatch(/"\/admin\//)
    const admin = await client.request("GET", "/admin/openapi.json")
    expect(admin.status).toBe(200)
    const paths = isObject(admin.body) && isObject(admin.body.paths) ? Object.keys(admin.body.paths) : []
    expect(paths).toEqual(expect.arrayContaining(["/admin/accounts", "/admin/accounts/{id}/keys", "/admin/keys/{id}"]))
    expect(paths.every((path) => path.startsWith("/admin/"))).toBe(true)
  })

  it("serves the documentation page as HTML and answers health with {status: ok}, neither counting against a key", async () => {
    const { client } = context().service
    const docs = await client.request("GET", "/v1/api/docs")
    expect(docs.status).toBe(200)
    expect(docs.headers.get("content-type")).toMatch(/^text\/html/)
    expect(docs.text).toMatch(/<html/i)
    const health = await client.request("GET", "/health")
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ status: "ok" })
    expect(health.headers.get("x-ratelimit-limit")).toBeNull()
  })
}
