/** The allowance headers of an authenticated request, attached to whatever response it ends with (errors too). */
import { Allowance, type Errors } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpEffect from "effect/http/HttpEffect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

/**
 * A pre-response handler belongs to the request, not to the effect that registered it, so it also runs for
 * responses built after a failure (the HttpApi error encoding, the problem fallback).
 */
export const attach = (state: Allowance.State): Effect.Effect<void, never, HttpServerRequest.HttpServerRequest> => {
  const headers = Allowance.headers(state)
  return HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeaders(response, headers))
  )
}

/** The headers of a refused request: nothing left in the named window. */
export const refused = (e: Errors.RateLimited): Allowance.State => ({
  admitted: false,
  window: e.window,
  limit: e.limit,
  remaining: 0,
  resetAt: e.resetAt,
  retryAfter: e.retryAfter
})

/** The headers of a request answered uncharged past a refusal (`GET /usage`): nothing left, no `Retry-After`. */
export const uncharged = (e: Errors.RateLimited): Allowance.State => ({ ...refused(e), admitted: true })
