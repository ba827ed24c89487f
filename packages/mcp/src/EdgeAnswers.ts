/**
 * Answers given at the edge of `/mcp`, before the MCP SDK sees a message: a JSON-RPC error body with the HTTP
 * status that says what happened, so both generic HTTP clients and MCP clients understand it.
 */
import { Allowance, type Errors } from "@bookmark-library/domain"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

type Id = string | number | null

/** JSON-RPC's "server error" range; the HTTP status and `data` carry the specifics. */
const serverError = -32000

const answer = (status: number, id: Id, message: string, data?: object, headers: Record<string, string> = {}) =>
  HttpServerResponse.jsonUnsafe(
    { jsonrpc: "2.0", id, error: { code: serverError, message, ...(data === undefined ? {} : { data }) } },
    { status, headers }
  )

/** 403: a browser page of a foreign origin (DNS rebinding and cross-site requests). */
export const foreignOrigin = (origin: string) =>
  answer(403, null, `Origin ${JSON.stringify(origin.slice(0, 200))} may not call this server`)

/**
 * 401 with the RFC 6750 challenge: no key, or one that is malformed, unknown or revoked, or an expired token
 * (`invalid_token`).
 * MCP clients show it as "unauthorized"; the message says which.
 */
export const unauthenticated = (error: Errors.Unauthenticated, resourceMetadata: string) =>
  answer(401, null, error.message, { reason: error.reason }, {
    // `resource_metadata` (RFC 9728 §5.1) is where an OAuth client starts discovery (docs/oauth.md).
    "www-authenticate": error.reason === "missing"
      ? `Bearer realm="bookmarks", resource_metadata="${resourceMetadata}"`
      : `Bearer realm="bookmarks", error="invalid_token", error_description="${error.message}", resource_metadata="${resourceMetadata}"`
  })

/**
 * 403 with the RFC 6750 `insufficient_scope` challenge naming the scope needed (docs/oauth.md, "Scopes"); nothing
 * was run or charged.
 */
export const insufficientScope = (id: Id, error: Errors.InsufficientScope) =>
  answer(403, id, error.message, { reason: "insufficient_scope", required: error.required }, {
    "www-authenticate":
      `Bearer realm="bookmarks", error="insufficient_scope", scope="${error.required}", error_description="${error.message}"`
  })

/** 429 with Retry-After and the allowance headers; the call was not run (docs/decisions.md, "MCP"). */
export const rateLimited = (id: Id, error: Errors.RateLimited) =>
  answer(
    429,
    id,
    error.message,
    {
      window: error.window,
      limit: error.limit,
      retryAfter: error.retryAfter,
      resetAt: new Date(error.resetAt).toISOString()
    },
    Allowance.headers(refusedState(error))
  )

/** The allowance state of a refused charge: nothing left in the named window. */
export const refusedState = (error: Errors.RateLimited): Allowance.State => ({
  admitted: false,
  window: error.window,
  limit: error.limit,
  remaining: 0,
  resetAt: error.resetAt,
  retryAfter: error.retryAfter
})

/** 503: storage could not be reached while authenticating; nothing was run. */
export const unavailable = (error: Errors.StorageUnavailable) => answer(503, null, error.message)

export const batch = () => answer(400, null, "JSON-RPC batches are not supported; send one message per request")

export const tooLarge = (limit: number) => answer(413, null, `The request body is larger than ${limit} bytes`)
