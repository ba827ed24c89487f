/**
 * What the service must answer to a fuzz case, worked out from the rules as docs/api.md states them, apart from
 * the server's own decoding: the body checks in their order, the text rule on every string, the members each
 * body may have, and the domain's rule functions (URL, tags, events, list parameters) for what passes decoding.
 */
import { Pagination, Tags, Text, Url, Webhook } from "@bookmark-library/domain"
import { Result } from "effect"

export interface Expected {
  readonly status: number
  /** False when no route matches the path: answered before authentication, so without allowance headers. */
  readonly routed?: boolean
  /** Problem codes any one of which is right (a request with several faults is refused for one of them). */
  readonly codes?: ReadonlyArray<string>
  /** For an accepted save: the URL as stored. */
  readonly url?: string
  /** For an accepted list: the validated query, to check the rows against. */
  readonly query?: Pagination.ListQuery
}

const maxBytes = 64 * 1024
const maxDepth = 32

const refuse = (status: number, ...codes: ReadonlyArray<string>): Expected => ({ status, codes })

/** Nesting of arrays and objects in JSON text (strings skipped), without recursion. */
const depthOf = (text: string): number => {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === "\\") i++
      else if (c === "\"") inString = false
    } else if (c === "\"") inString = true
    else if (c === "[" || c === "{") max = Math.max(max, ++depth)
    else if (c === "]" || c === "}") depth--
  }
  return max
}

const isJsonType = (contentType: string | null) =>
  contentType === null || (contentType.split(";")[0] ?? "").trim().toLowerCase() === "application/json"

/**
 * The body checks every JSON endpoint makes, in their order: 415, 413, blank, depth, syntax. Undefined when the
 * body passes, with its value (`null` for no body, as the server reads an empty one).
 */
export const bodyCheck = (text: string, contentType: string | null): Expected | { readonly value: unknown } => {
  if (!isJsonType(contentType)) return refuse(415, "unsupported_media_type")
  if (text === "") return { value: null }
  if (Buffer.byteLength(text) > maxBytes) return refuse(413, "payload_too_large")
  if (text.trim() === "") return refuse(400, "malformed_json")
  if (depthOf(text) > maxDepth) return refuse(400, "json_too_deep")
  try {
    return { value: JSON.parse(text) }
  } catch {
    return refuse(400, "malformed_json")
  }
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/** Faults of one member that decoding finds: its type, the text rule, its length. */
const textFault = (value: unknown, maxLength?: number): string | undefined => {
  if (typeof value !== "string") return "invalid_input"
  if (Text.problem(value) !== undefined) return "invalid_text"
  return maxLength !== undefined && value.length > maxLength ? "invalid_input" : undefined
}

/** A list of strings or one string (tags, events). */
const listFault = (value: unknown): string | undefined => {
  if (typeof value === "string") return textFault(value)
  if (!Array.isArray(value)) return "invalid_input"
  const faults = value.map((item) => textFault(item))
  return faults.find((f) => f === "invalid_input") ?? faults.find((f) => f !== undefined)
}

/** Decoding of an object body: unknown members, missing `url`, and each member's own faults. */
const decodeFaults = (
  value: unknown,
  members: Record<string, (v: unknown) => string | undefined>
): ReadonlyArray<string> => {
  if (!isObject(value)) return ["invalid_input"]
  const faults: Array<string> = []
  for (const key of Object.keys(value)) if (!Object.hasOwn(members, key)) faults.push("invalid_input")
  if (!Object.hasOwn(value, "url")) faults.push("invalid_input")
  for (const [key, check] of Object.entries(members)) {
    if (!Object.hasOwn(value, key)) continue
    const fault = check(value[key])
    if (fault !== undefined) faults.push(fault)
  }
  return faults
}

export const create = (value: unknown): Expected => {
  const faults = decodeFaults(value, {
    url: (v) => textFault(v, Url.maxUrlLength),
    tags: listFault,
    note: (v) => textFault(v, 10_000)
  })
  if (faults.length > 0 || !isObject(value)) return refuse(400, ...faults)
  const url = Url.normalizeBookmarkUrl(String(value.url))
  const tags = Tags.parse((value.tags as string | ReadonlyArray<string> | undefined) ?? [])
  if (Result.isFailure(url) || Result.isFailure(tags)) return refuse(400, "invalid_input")
  return { status: 201, url: url.success }
}

export const register = (
  value: unknown,
  context: { readonly receiverHost: string; readonly webhooks: number }
): Expected => {
  const faults = decodeFaults(value, {
    url: (v) => textFault(v, Url.maxUrlLength),
    events: listFault,
    description: (v) => textFault(v, Webhook.maxDescriptionLength)
  })
  if (faults.length > 0 || !isObject(value)) return refuse(400, ...faults)
  const url = Webhook.parseEndpoint(String(value.url), true)
  const events = Webhook.parseEvents(value.events as string | ReadonlyArray<string> | undefined)
  if (Result.isFailure(url) || Result.isFailure(events)) return refuse(400, "invalid_input")
  // Every host resolves to loopback in the fuzz service; only the receiver is allowlisted.
  if (url.success.host !== context.receiverHost) return refuse(400, "invalid_input")
  if (context.webhooks >= Webhook.maxPerAccount) return refuse(400, "invalid_input")
  return { status: 201 }
}

const listNames = ["limit", "before", "tag", "type", "q", "url", "health"] as const

/** Percent-decoding as the router does it: text that does not decode is kept as it was sent. */
const decodeOrKeep = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The query string as the server's router reads it: pairs split on `&`, the key up to the first `=`, `+` is a
 * space, and a value that does not percent-decode (`%ff`, `%ED%A0%80`) is kept as sent.
 */
export const queryParams = (query: string): Map<string, Array<string>> => {
  const out = new Map<string, Array<string>>()
  for (const part of query.split("&")) {
    const equals = part.indexOf("=")
    if (equals === -1 && part === "") continue
    const key = decodeOrKeep((equals === -1 ? part : part.slice(0, equals)).replace(/\+/g, " "))
    const value = equals === -1 ? "" : decodeOrKeep(part.slice(equals + 1).replace(/\+/g, " "))
    out.set(key, [...(out.get(key) ?? []), value])
  }
  return out
}

/** The id the router takes from a path segment, or undefined when no route matches (bad escapes, over 100). */
export const routedId = (segment: string): string | undefined => {
  try {
    const id = decodeURIComponent(segment)
    return id.length > 100 ? undefined : id
  } catch {
    return undefined
  }
}

export const list = (query: string): Expected => {
  const search = queryParams(query)
  const faults: Array<string> = []
  const params: Record<string, string> = {}
  for (const name of listNames) {
    const values = search.get(name) ?? []
    if (values.length > 1) faults.push("invalid_input")
    else if (values.length === 1) {
      const value = values[0] ?? ""
      if (Text.problem(value) !== undefined) faults.push("invalid_text")
      params[name] = value
    }
  }
  if (faults.length > 0) return refuse(400, ...faults)
  const parsed = Pagination.parseListQuery(params)
  // A search the parser cannot read (`(`) is `invalid_query`, with the offset (docs/search.md, "Errors").
  return Result.isFailure(parsed)
    ? refuse(400, parsed.failure.code ?? "invalid_input")
    : { status: 200, query: parsed.success }
}
