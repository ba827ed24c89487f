/**
 * Per-request metrics: `http_requests_total` by method, route template and status, and
 * `http_request_duration_seconds` by method and route (docs/operations.md, "Metrics").
 */
import { Metrics } from "@bookmark-library/domain"
import { Cause, Clock, Context, Effect, type Metric } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"

/** Other methods share one label, so a client cannot grow the number of series. */
const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

const requests = new Map<string, Metric.Counter<number>>()
const durations = new Map<string, Metric.Histogram<number>>()

/** The series of one label set, made on first use: labels are a bounded set (routes × methods × statuses). */
const cached = <M>(cache: Map<string, M>, key: string, make: () => M): M => {
  const found = cache.get(key)
  if (found !== undefined) return found
  const made = make()
  cache.set(key, made)
  return made
}

const counterOf = (method: string, route: string, status: string) =>
  cached(
    requests,
    `${method} ${route} ${status}`,
    () =>
      Metrics.counter("http_requests_total", "HTTP requests answered, by method, route template and status", {
        method,
        route,
        status
      })
  )

const histogramOf = (method: string, route: string) =>
  cached(
    durations,
    `${method} ${route}`,
    () =>
      Metrics.histogram(
        "http_request_duration_seconds",
        "Time to answer HTTP requests, by method and route template",
        Metrics.requestSeconds,
        {
          method,
          route
        }
      )
  )

/**
 * A plain call against the request's context (where the metric registry is), made where the answer is known:
 * these metrics carry no fiber labels, so the `Metric.update` effects would only add work.
 */
const record = (
  context: Context.Context<never>,
  request: HttpServerRequest.HttpServerRequest,
  routeOf: (pathname: string) => string,
  status: string,
  seconds: number
): void => {
  const method = methods.has(request.method) ? request.method : "other"
  const route = routeOf(request.url.split("?")[0] ?? "")
  counterOf(method, route, status).updateUnsafe(1, context)
  histogramOf(method, route).updateUnsafe(seconds, context)
}

/**
 * `routeOf` names the route of a path (a template such as `/v1/api/bookmarks/:id`, a mounted face's name, or
 * `unmatched`): never the path itself, whose ids would make a series per bookmark. A client that went away before
 * the answer counts as status `aborted`.
 */
export const middleware = (routeOf: (pathname: string) => string) =>
<E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.withFiber((fiber) => {
    const context = fiber.context
    const request = Context.getUnsafe(context, HttpServerRequest.HttpServerRequest)
    const clock = fiber.getRef(Clock.Clock)
    const start = clock.currentTimeNanosUnsafe()
    const seconds = () => Number(clock.currentTimeNanosUnsafe() - start) / 1e9
    // Not `onExit`: its uninterruptible region costs more than the rest of this middleware.
    return Effect.matchCauseEffect(app, {
      onSuccess: (response) => {
        record(context, request, routeOf, String(response.status), seconds())
        return Effect.succeed(response)
      },
      onFailure: (cause) => {
        record(context, request, routeOf, Cause.hasInterruptsOnly(cause) ? "aborted" : "500", seconds())
        return Effect.failCause(cause)
      }
    })
  })
