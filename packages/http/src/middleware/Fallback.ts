/**
 * The last word on a request the API did not answer itself: unknown route (404), known path with another
 * method (405 + Allow), and any defect (500 with a generic detail; the cause goes to the log only).
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerError from "@effect/platform/HttpServerError"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Cause, Effect, Option } from "effect"
import { InternalError } from "../HttpErrors.js"
import * as Problem from "../Problem.js"
import { allowedMethods } from "../Routes.js"

const pathOf = (url: string) => url.split("?")[0] ?? url

/** The path as a problem quotes it: a hostile request's path can be kilobytes long. */
const quoted = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}…` : path)

const routeNotFound = (request: HttpServerRequest.HttpServerRequest) => {
  const path = pathOf(request.url)
  const allowed = allowedMethods(path)
  return allowed.length === 0 || allowed.includes(request.method)
    ? Problem.response(Problem.make(404, "not_found", "Not found", `No route matches ${quoted(path)}`))
    : Problem.response(
      Problem.make(405, "method_not_allowed", "Method not allowed", `${request.method} is not allowed on ${quoted(path)}; allowed: ${allowed.join(", ")}`),
      { allow: allowed.join(", ") }
    )
}

const internalError = Problem.make(500, "internal_error", "Internal server error", new InternalError().message)

export const apply = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<never, R> =>
  Effect.catchAllCause(app, (cause) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const failure = Cause.failureOption(cause)
      if (Option.isSome(failure) && HttpServerError.isServerError(failure.value) && failure.value._tag === "RouteNotFound") {
        return routeNotFound(request)
      }
      // A client that went away needs no answer; let the server record the abort.
      if (Cause.isInterruptedOnly(cause)) return yield* Effect.interrupt
      yield* Effect.logError("request failed", cause).pipe(
        Effect.annotateLogs({ method: request.method, path: pathOf(request.url) })
      )
      return Problem.response(internalError)
    }))
