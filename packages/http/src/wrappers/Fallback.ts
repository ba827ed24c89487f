/**
 * The last word on a request the API did not answer itself: unknown route (404), known path with another
 * method (405 + Allow), and any defect (500 with a generic detail; the cause goes to the log only).
 */
import { Cause, Effect, Option, Schema } from "effect"
import * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { InternalError } from "../problems/HttpErrors.js"
import * as ProblemDetails from "../problems/ProblemDetails.js"
import { allowedMethods } from "../server/Routes.js"

const pathOf = (url: string) => url.split("?")[0] ?? url

/** The path as a problem quotes it: a hostile request's path can be kilobytes long. */
const quoted = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}…` : path)

const routeNotFound = (request: HttpServerRequest.HttpServerRequest) => {
  const path = pathOf(request.url)
  const allowed = allowedMethods(path)
  return allowed.length === 0 || allowed.includes(request.method)
    ? ProblemDetails.response(ProblemDetails.make(404, "not_found", "Not found", `No route matches ${quoted(path)}`))
    : ProblemDetails.response(
      ProblemDetails.make(
        405,
        "method_not_allowed",
        "Method not allowed",
        `${request.method} is not allowed on ${quoted(path)}; allowed: ${allowed.join(", ")}`
      ),
      { allow: allowed.join(", ") }
    )
}

/** A defect's answer is InternalError's problem as ErrorResponses declares it, the same whatever the cause. */
const internalError = Schema.decodeUnknownSync(ProblemDetails.Problem)(
  Schema.encodeSync(ErrorResponses.InternalError)(new InternalError())
)

const isRouteNotFound = (u: unknown) => HttpServerError.isHttpServerError(u) && u.reason._tag === "RouteNotFound"

export const apply = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
  Effect.catchCause(app, (cause) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const failure = Cause.findErrorOption(cause)
      if (Option.isSome(failure) && isRouteNotFound(failure.value)) return routeNotFound(request)
      // A client that went away needs no answer; let the server record the abort.
      if (Cause.hasInterruptsOnly(cause)) return yield* Effect.interrupt
      yield* Effect.logError("request failed", cause).pipe(
        Effect.annotateLogs({ method: request.method, path: pathOf(request.url) })
      )
      return ProblemDetails.response(internalError)
    }))
