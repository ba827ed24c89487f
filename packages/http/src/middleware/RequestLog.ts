/** One debug line per request: method, path (no query), status, duration. Headers are never logged. */
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Clock, Effect, Exit } from "effect"

export const middleware = HttpMiddleware.make((app) =>
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
)
