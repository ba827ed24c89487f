/** One debug line per request: method, path (no query), status, duration. Headers are never logged. */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Clock, Effect, Exit, FiberRef, LogLevel } from "effect"

const logged = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const start = yield* Clock.currentTimeMillis
    return yield* app.pipe(
      Effect.onExit((exit) =>
        Effect.flatMap(Clock.currentTimeMillis, (end) =>
          Effect.logDebug("http request").pipe(
            Effect.annotateLogs({
              method: request.method,
              path: request.url.split("?")[0] ?? "",
              status: Exit.isSuccess(exit) ? exit.value.status : "aborted",
              durationMs: end - start
            })
          ))
      )
    )
  })

// Below debug the line would be dropped anyway; checking first spares every request the clock reads and exit hook.
export const middleware = HttpMiddleware.make((app) =>
  Effect.flatMap(FiberRef.get(FiberRef.currentMinimumLogLevel), (minimum) =>
    LogLevel.greaterThan(minimum, LogLevel.Debug) ? app : logged(app))
)
