/** One debug line per request: method, path (no query), status, duration. Headers are never logged. */
import { Clock, Effect, Exit, LogLevel, References } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"

const logged = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
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
export const middleware = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.withFiber((fiber) =>
    LogLevel.isGreaterThan(fiber.getRef(References.MinimumLogLevel), "Debug") ? app : logged(app)
  )
