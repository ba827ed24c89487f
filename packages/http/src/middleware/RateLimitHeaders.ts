/** The allowance headers of an authenticated request, attached to whatever response it ends with (errors too). */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Allowance, type Errors } from "@bookmark-library/domain"
import { Effect } from "effect"

/**
 * A pre-response handler lives in a FiberRef of the request's fiber, so it also runs for responses built
 * after a failure (the HttpApi error encoding, the problem fallback).
 */
export const attach = (state: Allowance.State): Effect.Effect<void> => {
  const headers = Allowance.headers(state)
  return HttpApp.appendPreResponseHandler((_request, response) =>
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
