/**
 * Finishing touches on the generated OpenAPI document. HttpApi declares a few errors the server never sends
 * as such: decode failures are answered as `invalid_input` problems, and the body checks (413, 415,
 * malformed JSON) only concern operations with a request body. Every error is `application/problem+json`.
 */
import type * as OpenApi from "@effect/platform/OpenApi"
import type { Context } from "effect"
import * as Problem from "./Problem.js"

export const description = [
  "A personal bookmark library: save URLs, list and search them, receive signed webhooks when enrichment ends.",
  "",
  "Every request to `/v1/api` (except assets, this document and the docs) carries `Authorization: Bearer <API key>`",
  "and counts against the account's allowance; every authenticated response carries `X-RateLimit-Limit`,",
  "`X-RateLimit-Remaining` and `X-RateLimit-Reset`, and a 429 adds `Retry-After`.",
  "Every non-2xx response is an RFC 9457 `application/problem+json` body `{type, title, status, detail, code}`."
].join("\n")

type Json = Record<string, unknown>
const isRecord = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

const statusText: Record<string, string> = {
  "400": "Invalid input or malformed JSON",
  "401": "Missing, malformed, unknown or revoked credentials",
  "403": "The resource belongs to another account",
  "404": "No resource with that id",
  "413": "Request body larger than 64 KiB",
  "415": "Request body is not application/json",
  "429": "Allowance used up; see Retry-After",
  "500": "Unexpected server fault",
  "503": "Storage unavailable; retry with backoff"
}

const ref = (name: string) => `#/components/schemas/${name}`
const neverSent = new Set([ref("HttpApiDecodeError")])
const bodyOnly = new Set([ref("MalformedJson")])

const pruneSchema = (schema: unknown, hasBody: boolean): unknown => {
  if (!isRecord(schema) || !Array.isArray(schema.anyOf)) return schema
  const kept = schema.anyOf.filter((member) =>
    !(isRecord(member) && typeof member.$ref === "string" &&
      (neverSent.has(member.$ref) || (!hasBody && bodyOnly.has(member.$ref))))
  )
  const { anyOf: _, ...rest } = schema
  return kept.length === 1 ? { ...rest, ...(isRecord(kept[0]) ? kept[0] : {}) } : { ...rest, anyOf: kept }
}

const finishResponse = (status: string, response: unknown, hasBody: boolean): unknown => {
  if (!isRecord(response) || Number(status) < 400) return response
  const content = isRecord(response.content) ? response.content : {}
  const media = content["application/json"]
  const schema = isRecord(media) ? pruneSchema(media.schema, hasBody) : undefined
  return {
    ...response,
    description: statusText[status] ?? response.description,
    ...(schema === undefined ? {} : { content: { [Problem.contentType]: { schema } } })
  }
}

const finishOperation = (operation: unknown): unknown => {
  if (!isRecord(operation) || !isRecord(operation.responses)) return operation
  const hasBody = operation.requestBody !== undefined
  const hasParameters = Array.isArray(operation.parameters) && operation.parameters.length > 0
  const responses: Json = {}
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!hasBody && (status === "413" || status === "415")) continue
    if (status === "400" && !hasBody && !hasParameters) continue
    responses[status] = finishResponse(status, response, hasBody)
  }
  return { ...operation, responses }
}

const mapValues = (record: unknown, f: (value: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(isRecord(record) ? record : {}).map(([k, v]) => [k, f(v)]))

export const transform: Context.Tag.Service<OpenApi.Transform> = (spec) => {
  const paths = mapValues(spec.paths, (item) => mapValues(item, finishOperation))
  const schemas = isRecord(spec.components) && isRecord(spec.components.schemas) ? spec.components.schemas : {}
  const { HttpApiDecodeError: _decode, Issue: _issue, PropertyKey: _key, ...kept } = schemas
  return { ...spec, paths, components: { ...spec.components, schemas: kept } }
}
