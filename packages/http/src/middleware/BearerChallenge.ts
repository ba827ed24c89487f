/**
 * The RFC 6750 challenge on every 401 of a bearer-protected route (`WWW-Authenticate: Bearer …`), the same words
 * `/mcp` answers with. A pre-response handler, so it reaches the 401 however the error is encoded.
 */
import type { Errors } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpEffect from "effect/http/HttpEffect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

/** No credential: the scheme and realm only; a refused one: `invalid_token` and why (RFC 6750 §3). */
export const forApiKey = (error: Errors.Unauthenticated): string =>
  error.reason === "missing"
    ? `Bearer realm="bookmarks"`
    : `Bearer realm="bookmarks", error="invalid_token", error_description="${error.message.replaceAll("\"", "'")}"`

export const forAdmin = `Bearer realm="admin"`

export const attach = (challenge: string): Effect.Effect<void, never, HttpServerRequest.HttpServerRequest> =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      response.status === 401 ? HttpServerResponse.setHeader(response, "www-authenticate", challenge) : response
    )
  )
