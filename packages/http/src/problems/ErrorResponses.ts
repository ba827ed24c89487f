/**
 * The HTTP face of every error, declared once each: its status, its problem `code`s with their titles, what the
 * OpenAPI documents say of it and the members its problem+json body adds. Handlers fail with domain errors; an
 * endpoint's (or a middleware's) `error: ErrorResponses.X` attaches the status, and the typed client decodes back.
 * Each body keeps the component name the OpenAPI documents have always given it, the error's (`NotFound`).
 */
import { Errors, Timestamp } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as HttpErrors from "./HttpErrors.js"
import * as ProblemResponse from "./ProblemResponse.js"

const resource = Schema.String.annotate({ description: "The kind of resource: bookmark, webhook, account, key, asset" })
const resourceId = Schema.String.annotate({ description: "The id as it was requested" })

const afterPrefix = (text: string, prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text)

/** `invalid_text` when the value is not text the service accepts (NUL, unpaired surrogates), else `invalid_input`. */
export const InvalidInput = ProblemResponse.make(Errors.InvalidInput, {
  status: 400,
  codes: { invalid_input: "Invalid input", invalid_text: "Invalid text", invalid_query: "Invalid search query" },
  codeOf: (e) => e.code ?? "invalid_input",
  description: "A parameter or body member is missing, unknown or breaks a rule; `field` names it. `code` is " +
    "`invalid_text` when the value contains NUL or an unpaired UTF-16 surrogate, `invalid_query` when the search " +
    "query `q` cannot be read (then `offset` says where).",
  members: {
    field: Schema.String.annotate({ description: "The parameter or body member at fault, e.g. `url` or `tags.0`" }),
    offset: Schema.optionalKey(Schema.Int).annotate({
      description: "For `invalid_query`: where in `q` the fault is, in UTF-16 code units from 0"
    })
  },
  encode: (e) => ({ field: e.field, ...(e.offset === undefined ? {} : { offset: e.offset }) }),
  // The reason is the detail after the field's name (the error's message).
  decode: (p) =>
    new Errors.InvalidInput({
      field: p.field,
      reason: afterPrefix(p.detail, `${p.field}: `),
      ...(p.code === "invalid_text" || p.code === "invalid_query" ? { code: p.code } : {}),
      ...(p.offset === undefined ? {} : { offset: p.offset })
    })
})

export const Unauthenticated = ProblemResponse.make(Errors.Unauthenticated, {
  status: 401,
  codes: { unauthenticated: "Unauthenticated" },
  description: "No usable API key: missing header, malformed, unknown or revoked key",
  members: {
    reason: Schema.Literals(["missing", "malformed", "unknown", "revoked", "expired"]).annotate({
      description: "Why the credentials were refused"
    })
  }
})

export const Forbidden = ProblemResponse.make(Errors.Forbidden, {
  status: 403,
  codes: { forbidden: "Forbidden" },
  description: "The resource belongs to another account",
  members: { resource, id: resourceId }
})

export const InsufficientScope = ProblemResponse.make(Errors.InsufficientScope, {
  status: 403,
  codes: { insufficient_scope: "Insufficient scope" },
  description: "The key or OAuth token is valid but lacks the scope this endpoint needs; `required` names it",
  members: {
    required: Schema.String.annotate({
      description: "The scope the request needs: bookmarks:read, bookmarks:write, webhooks or usage"
    })
  }
})

export const NotFound = ProblemResponse.make(Errors.NotFound, {
  status: 404,
  codes: { not_found: "Not found" },
  description: "No resource with that id",
  members: { resource, id: resourceId }
})

export const RateLimited = ProblemResponse.make(Errors.RateLimited, {
  status: 429,
  codes: { rate_limited_minute: "Too many requests", rate_limited_month: "Too many requests" },
  codeOf: (e) => (e.window === "minute" ? "rate_limited_minute" : "rate_limited_month"),
  description: "The per-minute or the monthly allowance is used up; `window` and `code` say which",
  members: {
    window: Schema.Literals(["minute", "month"]).annotate({ description: "The allowance that is used up" }),
    limit: Schema.Finite.annotate({ description: "Requests that window allows" }),
    retryAfter: Schema.Finite.annotate({ description: "Seconds until the window resets (as `Retry-After`)" }),
    resetAt: Timestamp.IsoTimestamp.annotate({ description: "When the window resets" })
  },
  // The error keeps the reset in epoch milliseconds; the problem sends a timestamp.
  encode: ({ window, limit, retryAfter, resetAt }) => ({
    window,
    limit,
    retryAfter,
    resetAt: Timestamp.toIso(resetAt)
  }),
  decode: ({ window, limit, retryAfter, resetAt }) =>
    new Errors.RateLimited({ window, limit, retryAfter, resetAt: Date.parse(resetAt) })
})

/** The adapter's reason stays in the logs: it may name hosts or drivers. */
export const StorageUnavailable = ProblemResponse.make(Errors.StorageUnavailable, {
  status: 503,
  codes: { storage_unavailable: "Service unavailable" },
  description: "Storage could not be reached; retry with backoff",
  members: {},
  decode: () => new Errors.StorageUnavailable({ reason: "unavailable" })
})

export const MalformedJson = ProblemResponse.make(HttpErrors.MalformedJson, {
  status: 400,
  codes: { malformed_json: "Malformed JSON" },
  description: "The request body is not valid JSON",
  members: {},
  decode: (p) => new HttpErrors.MalformedJson({ blank: p.detail.includes("whitespace") })
})

export const JsonTooDeep = ProblemResponse.make(HttpErrors.JsonTooDeep, {
  status: 400,
  codes: { json_too_deep: "JSON nested too deeply" },
  description: "The request body nests arrays and objects deeper than `limit` levels",
  members: { limit: Schema.Int.annotate({ description: "The deepest nesting accepted" }) }
})

export const PayloadTooLarge = ProblemResponse.make(HttpErrors.PayloadTooLarge, {
  status: 413,
  codes: { payload_too_large: "Payload too large" },
  description: "The request body is larger than 64 KiB",
  members: { limit: Schema.Finite.annotate({ description: "The largest body accepted, in bytes" }) }
})

export const UnsupportedMediaType = ProblemResponse.make(HttpErrors.UnsupportedMediaType, {
  status: 415,
  codes: { unsupported_media_type: "Unsupported media type" },
  description: "Request bodies must be application/json",
  members: {},
  decode: () => new HttpErrors.UnsupportedMediaType({ contentType: "" })
})

export const InvalidAdminToken = ProblemResponse.make(HttpErrors.InvalidAdminToken, {
  status: 401,
  codes: { unauthenticated: "Unauthenticated" },
  description: "Missing or wrong admin token",
  members: {}
})

export const InternalError = ProblemResponse.make(HttpErrors.InternalError, {
  status: 500,
  codes: { internal_error: "Internal server error" },
  description: "An unexpected server fault; nothing about it is disclosed. Retry with backoff",
  members: {}
})
