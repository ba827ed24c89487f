/**
 * The OpenAPI documents as a third-party tool reads them (@readme/openapi-parser validates against the OpenAPI 3.1
 * schema and its own rules), and as exact about the server as docs/api.md: typed parameters, a description on every
 * parameter and member, length limits, unknown members refused, the allowance headers declared.
 */
import { Pagination } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { compileErrors, dereference, validate } from "@readme/openapi-parser"
import { adminDocument, publicDocument } from "../../src/openapi/OpenApiDocuments.js"

type Json = { readonly [key: string]: unknown }
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const at = (value: unknown, ...path: ReadonlyArray<string | number>): unknown =>
  path.reduce<unknown>(
    (node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined),
    value
  )

/** A fresh copy as plain JSON, the way a client downloads it (the parser also dereferences in place). */
const copy = (value: unknown): Parameters<typeof validate>[0] => JSON.parse(JSON.stringify(value))

const documents = [["public", publicDocument], ["admin", adminDocument]] as const

/** Every object schema's members, with where they are, in a dereferenced document. */
const members = (node: unknown, where: string, out: Array<[string, Json]> = [], seen = new Set<unknown>()) => {
  if (seen.has(node)) return out
  if (Array.isArray(node)) node.forEach((n, i) => members(n, `${where}[${i}]`, out, seen))
  else if (isObject(node)) {
    seen.add(node)
    if (isObject(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) {
        if (isObject(schema)) out.push([`${where}.${name}`, schema])
      }
    }
    for (const [key, value] of Object.entries(node)) members(value, `${where}.${key}`, out, seen)
  }
  return out
}

const operations = (doc: unknown) =>
  Object.entries(isObject(at(doc, "paths")) ? at(doc, "paths") as Json : {}).flatMap(([path, item]) =>
    Object.entries(isObject(item) ? item : {}).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Json
    }))
  )

describe("OpenAPI documents", () => {
  for (const [name, build] of documents) {
    it(`the ${name} document is valid OpenAPI 3.1 for @readme/openapi-parser`, async () => {
      const result = await validate(copy(build()))
      expect(result.valid ? "" : compileErrors(result)).toBe("")
      expect(result.valid).toBe(true)
    })

    it(`every parameter and every member of the ${name} document has a description`, async () => {
      const doc = await dereference(copy(build()))
      const undescribed = members(at(doc, "paths"), "paths")
        .filter(([, schema]) => typeof schema.description !== "string" || schema.description === "")
        .map(([where]) => where)
      expect(undescribed).toEqual([])
      for (const { method, operation, path } of operations(doc)) {
        for (const parameter of (operation.parameters ?? []) as ReadonlyArray<Json>) {
          expect(parameter.description, `${method} ${path} ${String(parameter.name)}`).toEqual(expect.any(String))
        }
      }
    })

    it(`every request body of the ${name} document refuses unknown members and bounds its text`, async () => {
      const doc = await dereference(copy(build()))
      for (const { method, operation, path } of operations(doc)) {
        const schema = at(operation, "requestBody", "content", "application/json", "schema")
        if (schema === undefined) continue
        expect(at(schema, "additionalProperties"), `${method} ${path}`).toBe(false)
      }
    })
  }

  it("words the page copy's 413 by its own cap, the JSON endpoints' by 64 KiB", () => {
    const doc = publicDocument()
    const description = (path: string) => at(doc, "paths", path, "post", "responses", "413", "description")
    expect(description("/v1/api/bookmarks/with-copy")).toMatch(/ARCHIVE_MAX_BYTES/)
    expect(description("/v1/api/bookmarks")).toBe("Request body larger than 64 KiB")
  })

  it("types the list parameters: limit an integer with bounds, type an enum, before a date-time, limits on text", async () => {
    const doc = await dereference(copy(publicDocument()))
    const parameters = at(doc, "paths", "/v1/api/bookmarks", "get", "parameters") as ReadonlyArray<Json>
    const byName = Object.fromEntries(parameters.map((p) => [String(p.name), p.schema as Json]))
    expect(Object.keys(byName).sort()).toEqual(["before", "health", "limit", "q", "same", "tag", "type", "url"])
    expect(byName.health).toMatchObject({ type: "string", enum: ["broken", "moved", "gone", "unreachable", ""] })
    expect(byName.limit).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: Pagination.maxAcceptedLimit,
      default: 50
    })
    expect(byName.before).toMatchObject({ type: "string", format: "date-time" })
    expect(byName.type).toMatchObject({
      type: "string",
      enum: expect.arrayContaining(["website", "article", "image", "textNote"])
    })
    expect(byName.q).toMatchObject({ type: "string", maxLength: 500 })
    expect(byName.same).toMatchObject({ type: "string", maxLength: 2048 })
    expect(byName.tag).toMatchObject({ type: "string", maxLength: 64 })
    expect(byName.url).toMatchObject({ type: "string", maxLength: 2048 })
    expect(parameters.every((p) => p.in === "query" && p.required === false)).toBe(true)
  })

  it("shows the length limits of the bodies: url 2,048, note 10,000, webhook description 500", async () => {
    const doc = await dereference(copy(publicDocument()))
    const save = at(doc, "paths", "/v1/api/bookmarks", "post", "requestBody", "content", "application/json", "schema")
    expect(at(save, "properties", "url", "maxLength")).toBe(2048)
    expect(at(save, "properties", "note", "maxLength")).toBe(10_000)
    expect(at(save, "required")).toEqual(["url"])
    const hook = at(doc, "paths", "/v1/api/webhooks", "post", "requestBody", "content", "application/json", "schema")
    expect(at(hook, "properties", "description", "maxLength")).toBe(500)
  })

  it("keeps the bookmark type open in answers: the known kinds, or any other string", async () => {
    const doc = await dereference(copy(publicDocument()))
    const type = at(doc, "components", "schemas", "Bookmark", "properties", "type")
    expect(at(type, "anyOf", 0, "enum")).toEqual(expect.arrayContaining(["website", "article", "image", "textNote"]))
    expect(at(type, "anyOf", 1)).toEqual({ type: "string" })
  })

  it("declares X-RateLimit-* on every answer of a rate-limited operation but 401, and Retry-After on 429", async () => {
    const doc = await dereference(copy(publicDocument()))
    const limited = operations(doc).filter(({ path }) =>
      path.startsWith("/v1/api/") && !path.startsWith("/v1/api/assets")
    )
    expect(limited.length).toBe(29)
    for (const { method, operation, path } of limited) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const headers = Object.keys((at(response, "headers") ?? {}) as Json).sort()
        const expectedHeaders = status === "401"
          ? []
          : [
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            ...(status === "429" ? ["Retry-After"] : [])
          ].sort()
        expect(headers, `${method} ${path} ${status}`).toEqual(expectedHeaders)
        if (headers.length > 0) expect(at(response, "headers", "X-RateLimit-Reset", "schema", "type")).toBe("integer")
      }
    }
    for (
      const { operation } of operations(doc).filter(({ path }) =>
        path.startsWith("/v1/api/assets") || path === "/health"
      )
    ) {
      expect(JSON.stringify(operation)).not.toContain("X-RateLimit")
    }
  })

  it("names every problem code the server sends on a 400 of an operation with a body", async () => {
    const doc = await dereference(copy(publicDocument()))
    const problem = JSON.stringify(at(doc, "paths", "/v1/api/bookmarks", "post", "responses", "400"))
    for (const code of ["invalid_input", "invalid_text", "malformed_json", "json_too_deep"]) {
      expect(problem).toContain(code)
    }
  })
})
