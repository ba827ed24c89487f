/**
 * The HTTP face of every error: a schema per error that encodes it as a problem+json body with its status.
 * Handlers fail with domain errors; `.addError(Problems.X)` attaches the status, and the client decodes back.
 */
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Errors, Timestamp } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as HttpErrors from "./HttpErrors.js"
import * as Problem from "./Problem.js"

/** The standard members, with the status and code pinned so the OpenAPI document shows them. */
const members = <const Status extends number, const Codes extends readonly [string, ...Array<string>]>(
  status: Status,
  ...codes: Codes
) => ({
  type: Problem.Problem.fields.type,
  title: Problem.Problem.fields.title,
  status: Schema.Literal(status).annotations({ description: "The HTTP status of the response" }),
  detail: Problem.Problem.fields.detail,
  code: Schema.Literal(...codes).annotations({ description: "The stable, machine-readable problem code" }),
  requestId: Problem.requestId
})

const resource = Schema.String.annotations({ description: "The kind of resource: bookmark, webhook, account, key, asset" })
const resourceId = Schema.String.annotations({ description: "The id as it was requested" })

/** Sent as `application/problem+json` with `status`. */
const asProblem = <A, I, R>(status: number, schema: Schema.Schema<A, I, R>): Schema.Schema<A, I, R> =>
  HttpApiSchema.withEncoding(schema, { kind: "Json", contentType: Problem.contentType })
    .annotations(HttpApiSchema.annotations({ status }))

const afterPrefix = (text: string, prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text)

/** `invalid_text` when the value is not text the service accepts (NUL, unpaired surrogates), else `invalid_input`. */
export const InvalidInput = asProblem(
  400,
  Schema.transform(
    Schema.Struct({
      ...members(400, "invalid_input", "invalid_text"),
      field: Schema.String.annotations({ description: "The parameter or body member at fault, e.g. `url` or `tags.0`" })
    }).annotations({
      identifier: "InvalidInputProblem",
      description: "A parameter or body member is missing, unknown or breaks a rule; `field` names it. `code` is " +
        "`invalid_text` when the value contains NUL or an unpaired UTF-16 surrogate."
    }),
    Schema.typeSchema(Errors.InvalidInput),
    {
      strict: true,
      decode: (p) =>
        new Errors.InvalidInput({
          field: p.field,
          reason: afterPrefix(p.detail, `${p.field}: `),
          ...(p.code === "invalid_text" ? { code: p.code } : {})
        }),
      encode: (e) => ({
        ...Problem.make(400, e.code ?? "invalid_input", e.code === undefined ? "Invalid input" : "Invalid text", e.message),
        field: e.field
      })
    }
  )
)

export const Unauthenticated = asProblem(
  401,
  Schema.transform(
    Schema.Struct({
      ...members(401, "unauthenticated"),
      reason: Schema.Literal("missing", "malformed", "unknown", "revoked").annotations({
        description: "Why the credentials were refused"
      })
    }).annotations({
      identifier: "UnauthenticatedProblem",
      description: "No usable API key: missing header, malformed, unknown or revoked key"
    }),
    Schema.typeSchema(Errors.Unauthenticated),
    {
      strict: true,
      decode: (p) => new Errors.Unauthenticated({ reason: p.reason }),
      encode: (e) => ({ ...Problem.make(401, "unauthenticated", "Unauthenticated", e.message), reason: e.reason })
    }
  )
)

export const Forbidden = asProblem(
  403,
  Schema.transform(
    Schema.Struct({ ...members(403, "forbidden"), resource, id: resourceId }).annotations({
      identifier: "ForbiddenProblem",
      description: "The resource belongs to another account"
    }),
    Schema.typeSchema(Errors.Forbidden),
    {
      strict: true,
      decode: (p) => new Errors.Forbidden({ resource: p.resource, id: p.id }),
      encode: (e) => ({ ...Problem.make(403, "forbidden", "Forbidden", e.message), resource: e.resource, id: e.id })
    }
  )
)

export const NotFound = asProblem(
  404,
  Schema.transform(
    Schema.Struct({ ...members(404, "not_found"), resource, id: resourceId }).annotations({
      identifier: "NotFoundProblem",
      description: "No resource with that id"
    }),
    Schema.typeSchema(Errors.NotFound),
    {
      strict: true,
      decode: (p) => new Errors.NotFound({ resource: p.resource, id: p.id }),
      encode: (e) => ({ ...Problem.make(404, "not_found", "Not found", e.message), resource: e.resource, id: e.id })
    }
  )
)

export const RateLimited = asProblem(
  429,
  Schema.transform(
    Schema.Struct({
      ...members(429, "rate_limited_minute", "rate_limited_month"),
      window: Schema.Literal("minute", "month").annotations({ description: "The allowance that is used up" }),
      limit: Schema.Number.annotations({ description: "Requests that window allows" }),
      retryAfter: Schema.Number.annotations({ description: "Seconds until the window resets (as `Retry-After`)" }),
      resetAt: Timestamp.IsoTimestamp.annotations({ description: "When the window resets" })
    }).annotations({
      identifier: "RateLimitedProblem",
      description: "The per-minute or the monthly allowance is used up; `window` and `code` say which"
    }),
    Schema.typeSchema(Errors.RateLimited),
    {
      strict: true,
      decode: (p) =>
        new Errors.RateLimited({ window: p.window, limit: p.limit, retryAfter: p.retryAfter, resetAt: Date.parse(p.resetAt) }),
      encode: (e) => ({
        ...Problem.make(429, e.window === "minute" ? "rate_limited_minute" : "rate_limited_month", "Too many requests", e.message),
        window: e.window,
        limit: e.limit,
        retryAfter: e.retryAfter,
        resetAt: Timestamp.toIso(e.resetAt)
      })
    }
  )
)

/** The adapter's reason stays in the logs: it may name hosts or drivers. */
export const StorageUnavailable = asProblem(
  503,
  Schema.transform(
    Schema.Struct(members(503, "storage_unavailable")).annotations({
      identifier: "StorageUnavailableProblem",
      description: "Storage could not be reached; retry with backoff"
    }),
    Schema.typeSchema(Errors.StorageUnavailable),
    {
      strict: true,
      decode: () => new Errors.StorageUnavailable({ reason: "unavailable" }),
      encode: (e) => Problem.make(503, "storage_unavailable", "Service unavailable", e.message)
    }
  )
)

export const MalformedJson = asProblem(
  400,
  Schema.transform(
    Schema.Struct(members(400, "malformed_json")).annotations({
      identifier: "MalformedJsonProblem",
      description: "The request body is not valid JSON"
    }),
    Schema.typeSchema(HttpErrors.MalformedJson),
    {
      strict: true,
      decode: (p) => new HttpErrors.MalformedJson({ blank: p.detail.includes("whitespace") }),
      encode: (e) => Problem.make(400, "malformed_json", "Malformed JSON", e.message)
    }
  )
)

export const JsonTooDeep = asProblem(
  400,
  Schema.transform(
    Schema.Struct({
      ...members(400, "json_too_deep"),
      limit: Schema.Int.annotations({ description: "The deepest nesting accepted" })
    }).annotations({
      identifier: "JsonTooDeepProblem",
      description: "The request body nests arrays and objects deeper than `limit` levels"
    }),
    Schema.typeSchema(HttpErrors.JsonTooDeep),
    {
      strict: true,
      decode: (p) => new HttpErrors.JsonTooDeep({ limit: p.limit }),
      encode: (e) => ({ ...Problem.make(400, "json_too_deep", "JSON nested too deeply", e.message), limit: e.limit })
    }
  )
)

export const PayloadTooLarge = asProblem(
  413,
  Schema.transform(
    Schema.Struct({
      ...members(413, "payload_too_large"),
      limit: Schema.Number.annotations({ description: "The largest body accepted, in bytes" })
    }).annotations({
      identifier: "PayloadTooLargeProblem",
      description: "The request body is larger than 64 KiB"
    }),
    Schema.typeSchema(HttpErrors.PayloadTooLarge),
    {
      strict: true,
      decode: (p) => new HttpErrors.PayloadTooLarge({ limit: p.limit }),
      encode: (e) => ({ ...Problem.make(413, "payload_too_large", "Payload too large", e.message), limit: e.limit })
    }
  )
)

export const UnsupportedMediaType = asProblem(
  415,
  Schema.transform(
    Schema.Struct(members(415, "unsupported_media_type")).annotations({
      identifier: "UnsupportedMediaTypeProblem",
      description: "Request bodies must be application/json"
    }),
    Schema.typeSchema(HttpErrors.UnsupportedMediaType),
    {
      strict: true,
      decode: () => new HttpErrors.UnsupportedMediaType({ contentType: "" }),
      encode: (e) => Problem.make(415, "unsupported_media_type", "Unsupported media type", e.message)
    }
  )
)

export const InvalidAdminToken = asProblem(
  401,
  Schema.transform(
    Schema.Struct(members(401, "unauthenticated")).annotations({
      identifier: "InvalidAdminTokenProblem",
      description: "Missing or wrong admin token"
    }),
    Schema.typeSchema(HttpErrors.InvalidAdminToken),
    {
      strict: true,
      decode: () => new HttpErrors.InvalidAdminToken(),
      encode: (e) => Problem.make(401, "unauthenticated", "Unauthenticated", e.message)
    }
  )
)

export const InternalError = asProblem(
  500,
  Schema.transform(
    Schema.Struct(members(500, "internal_error")).annotations({
      identifier: "InternalErrorProblem",
      description: "An unexpected server fault; nothing about it is disclosed. Retry with backoff"
    }),
    Schema.typeSchema(HttpErrors.InternalError),
    {
      strict: true,
      decode: () => new HttpErrors.InternalError(),
      encode: (e) => Problem.make(500, "internal_error", "Internal server error", e.message)
    }
  )
)
