/**
 * Finishing touches on the generated OpenAPI documents. Middleware declares a few errors on operations that cannot
 * meet them: the body checks (413, 415, malformed JSON, nesting) only concern operations with a request body, and
 * undecodable input (400) only operations with a body or parameters. Every error is `application/problem+json`,
 * described by its status. The allowance headers are declared on every response of a rate-limited operation
 * (docs/api.md, "Limits").
 */
import * as ProblemDetails from "../problems/ProblemDetails.js"

export const description = [
  "A personal bookmark library: save URLs, list and search them, receive signed webhooks when enrichment ends.",
  "",
  "Every request to `/v1/api` (except assets, this document and the docs) carries `Authorization: Bearer <API key>`",
  "and counts against the account's allowance; every authenticated response carries `X-RateLimit-Limit`,",
  "`X-RateLimit-Remaining` and `X-RateLimit-Reset`, and a 429 adds `Retry-After`.",
  "Every non-2xx response is an RFC 9457 `application/problem+json` body `{type, title, status, detail, code}`."
].join("\n")

export const adminDescription = [
  "The operator's API: accounts, plans, API keys, edits and saves made in the app or the extension, and",
  "re-activating webhooks. Every request carries `Authorization: Bearer <ADMIN_TOKEN>`; nothing here is rate limited.",
  "Every non-2xx response is an RFC 9457 `application/problem+json` body `{type, title, status, detail, code}`."
].join("\n")

type Json = Record<string, unknown>
const isRecord = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

const statusText: Record<string, string> = {
  "400": "Invalid input (`invalid_input`), text with NUL or unpaired surrogates (`invalid_text`), malformed JSON " +
    "(`malformed_json`) or JSON nested too deeply (`json_too_deep`); `field` names the member at fault",
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
const bodyOnly = new Set([ref("MalformedJson"), ref("JsonTooDeep")])

/** The allowance headers (docs/decisions.md, "Allowance"), declared once and referenced from each response. */
const headers: Json = {
  "X-RateLimit-Limit": {
    description: "Requests allowed in the window with the fewest requests left (the minute or the month)",
    schema: { type: "integer", minimum: 0 }
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in that window",
    schema: { type: "integer", minimum: 0 }
  },
  "X-RateLimit-Reset": {
    description: "When that window resets, as a unix timestamp in seconds",
    schema: { type: "integer", minimum: 0 }
  },
  "Retry-After": {
    description: "Seconds to wait before retrying (at least 1); sent with 429 only",
    schema: { type: "integer", minimum: 1 }
  }
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

/**
 * An authenticated request is charged before anything else, so every answer to it carries the allowance headers,
 * errors included; a 401 has no account to charge. A storage failure may come before the charge (5xx: may).
 */
const withHeaders = (status: string, response: unknown): unknown => {
  if (!isRecord(response) || status === "401") return response
  const rateLimit = Object.fromEntries(
    ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].map((name) => [name, headerRef(name)])
  )
  return {
    ...response,
    headers: { ...rateLimit, ...(status === "429" ? { "Retry-After": headerRef("Retry-After") } : {}) }
  }
}

const isRateLimited = (operation: Json): boolean =>
  Array.isArray(operation.security) && operation.security.some((s) => isRecord(s) && "apiKey" in s)

const pruneSchema = (schema: unknown, hasBody: boolean): unknown => {
  if (hasBody || !isRecord(schema) || !Array.isArray(schema.anyOf)) return schema
  const kept = schema.anyOf.filter((member) =>
    !(isRecord(member) && typeof member.$ref === "string" && bodyOnly.has(member.$ref))
  )
  const { anyOf: _, ...rest } = schema
  return kept.length === 1 ? { ...rest, ...(isRecord(kept[0]) ? kept[0] : {}) } : { ...rest, anyOf: kept }
}

const finishResponse = (status: string, response: unknown, hasBody: boolean): unknown => {
  if (!isRecord(response) || Number(status) < 400) return response
  const content = isRecord(response.content) ? response.content : {}
  const media = content[ProblemDetails.contentType] ?? content["application/json"]
  const schema = isRecord(media) ? pruneSchema(media.schema, hasBody) : undefined
  return {
    ...response,
    description: statusText[status] ?? response.description,
    ...(schema === undefined ? {} : { content: { [ProblemDetails.contentType]: { schema } } })
  }
}

/** A parameter says what it is where tools look first: its own description, that of its schema. */
const describeParameter = (parameter: unknown): unknown =>
  isRecord(parameter) && parameter.description === undefined && isRecord(parameter.schema) &&
    typeof parameter.schema.description === "string"
    ? { ...parameter, description: parameter.schema.description }
    : parameter

/** Operations whose body cap is not the JSON endpoints' 64 KiB: the words of their 413. */
const largerBodies: Record<string, string> = {
  "pageCopies.saveWithCopy": "Request body larger than the archive's size cap (`ARCHIVE_MAX_BYTES`, 20 MB by " +
    "default) plus 64 KiB",
  "pageCopies.replaceCopy": "Request body larger than the archive's size cap (`ARCHIVE_MAX_BYTES`, 20 MB by " +
    "default) plus 64 KiB"
}

const finishOperation = (operation: unknown): unknown => {
  if (!isRecord(operation) || !isRecord(operation.responses)) return operation
  const tooLarge = largerBodies[String(operation.operationId)]
  const hasBody = operation.requestBody !== undefined
  const hasParameters = Array.isArray(operation.parameters) && operation.parameters.length > 0
  const rateLimited = isRateLimited(operation)
  const responses: Json = {}
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!hasBody && (status === "413" || status === "415")) continue
    if (status === "400" && !hasBody && !hasParameters) continue
    const described = finishResponse(status, response, hasBody)
    const finished = status === "413" && tooLarge !== undefined && isRecord(described)
      ? { ...described, description: tooLarge }
      : described
    responses[status] = rateLimited ? withHeaders(status, finished) : finished
  }
  const parameters = Array.isArray(operation.parameters)
    ? { parameters: operation.parameters.map(describeParameter) }
    : {}
  return { ...operation, ...parameters, responses }
}

const mapValues = (record: unknown, f: (value: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(isRecord(record) ? record : {}).map(([k, v]) => [k, f(v)]))

/** The document's finishing touches (`OpenApi.annotations({ transform })` of `PublicApi` and `AdminDocumentApi`). */
export const transform = (spec: Json): Json => {
  const paths = mapValues(spec.paths, (item) => mapValues(item, finishOperation))
  const components = isRecord(spec.components) ? spec.components : {}
  const rateLimited = Object.values(paths).some((item) =>
    Object.values(isRecord(item) ? item : {}).some((op) => isRecord(op) && isRateLimited(op))
  )
  return { ...spec, paths, components: { ...components, ...(rateLimited ? { headers } : {}) } }
}
