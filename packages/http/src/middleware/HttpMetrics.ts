/**
 * Per-request metrics: `http_requests_total` by method, route template and status, and
 * `http_request_duration_seconds` by method and route (docs/operations.md, "Metrics").
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Metrics } from "@bookmark-library/domain"
import { Cause, Effect, type Metric } from "effect"

/** Other methods share one label, so a client cannot grow the number of series. */
const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

const requests = new Map<string, Metric.Metric.Counter<number>>()
const durations = new Map<string, Metric.Metric.Histogram<number>>()

/** The series of one label set, made on first use: labels are a bounded set (routes × methods × statuses). */
const cached = <M>(cache: Map<string, M>, key: string, make: () => M): M => {
  const found = cache.get(key)
  if (found !== undefined) return found
  const made = make()
  cache.set(key, made)
  return made
}

const counterOf = (method: string, route: string, status: string) =>
  cached(requests, `${method} ${route} ${status}`, () =>
    Metrics.counter("http_requests_total", "HTTP requests answered, by method, route template and status", {
      method,
      route,
      status
    }))

const histogramOf = (method: string, route: string) =>
  cached(durations, `${method} ${route}`, () =>
    Metrics.histogram("http_request_duration_seconds", "Time to answer HTTP requests, by method and route template", Metrics.requestSeconds, {
      method,
      route
    }))

/** One synchronous step: these metrics carry no fiber labels, so the `Metric.update` effects would only add work. */
const record = (request: HttpServerRequest.HttpServerRequest, routeOf: (pathname: string) => string, status: string, seconds: number) =>
  Effect.sync(() => {
    const method = methods.has(request.method) ? request.method : "other"
    const route = routeOf(request.url.split("?")[0] ?? "")
    counterOf(method, route, status).unsafeUpdate(1, [])
    histogramOf(method, route).unsafeUpdate(seconds, [])
  })

/**
 * `routeOf` names the route of a path (a template such as `/v1/api/bookmarks/:id`, a mounted face's name, or
 * `unmatched`): never the path itself, whose ids would make a series per bookmark. A client that went away before
 * the answer counts as status `aborted`.
 */
export const middleware = (routeOf: (pathname: string) => string) => <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.clockWith((clock) => {
      const start = clock.unsafeCurrentTimeNanos()
      const seconds = () => Number(clock.unsafeCurrentTimeNanos() - start) / 1e9
      // Not `onExit`: its uninterruptible region costs more than the rest of this middleware.
      return Effect.matchCauseEffect(app, {
        onSuccess: (response) => Effect.as(record(request, routeOf, String(response.status), seconds()), response),
        onFailure: (cause) =>
          Effect.zipRight(
            record(request, routeOf, Cause.isInterruptedOnly(cause) ? "aborted" : "500", seconds()),
            Effect.failCause(cause)
          )
      })
    }))
