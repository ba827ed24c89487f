/**
 * Per-request metrics: `http_requests_total` by method, route template and status, and
 * `http_request_duration_seconds` by method and route (docs/operations.md, "Metrics").
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Metrics } from "@bookmarks/domain"
import { Cause, Effect, Exit, Metric } from "effect"

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

const record = (method: string, route: string, status: string, seconds: number) =>
  Effect.zipRight(
    Metric.increment(cached(requests, `${method} ${route} ${status}`, () =>
      Metrics.counter("http_requests_total", "HTTP requests answered, by method, route template and status", {
        method,
        route,
        status
      }))),
    Metric.update(
      cached(durations, `${method} ${route}`, () =>
        Metrics.histogram("http_request_duration_seconds", "Time to answer HTTP requests, by method and route template", Metrics.requestSeconds, {
          method,
          route
        })),
      seconds
    )
  )

/**
 * `routeOf` names the route of a path (a template such as `/v1/api/bookmarks/:id`, a mounted face's name, or
 * `unmatched`): never the path itself, whose ids would make a series per bookmark. A client that went away before
 * the answer counts as status `aborted`.
 */
export const middleware = (routeOf: (pathname: string) => string) => <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.clockWith((clock) => {
      const start = clock.unsafeCurrentTimeNanos()
      return Effect.onExit(app, (exit) => {
        const seconds = Number(clock.unsafeCurrentTimeNanos() - start) / 1e9
        const status = Exit.isSuccess(exit)
          ? String(exit.value.status)
          : Cause.isInterruptedOnly(exit.cause) ? "aborted" : "500"
        const method = methods.has(request.method) ? request.method : "other"
        return record(method, routeOf(request.url.split("?")[0] ?? ""), status, seconds)
      })
    }))
