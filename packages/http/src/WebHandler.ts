/**
 * The whole HTTP application (the same `Server.layer` a socket serves) as a web-standard handler,
 * `(request: Request) => Promise<Response>`, with no socket: the testkit's in-memory service uses it, and so can a
 * host that brings its own server.
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServer from "@effect/platform/HttpServer"
import { Context, Deferred, Effect, Layer } from "effect"
import * as Server from "./Server.js"

export type Handler = (request: Request) => Promise<Response>

export class WebHandler extends Context.Tag("WebHandler")<WebHandler, Handler>() {}

/** An HttpServer that listens nowhere: what the application asks it to serve becomes a web handler. */
const capturing = (served: Deferred.Deferred<Handler>) =>
  HttpServer.make({
    address: { _tag: "TcpAddress", hostname: "in-memory", port: 0 },
    serve: (app, middleware) =>
      Effect.flatMap(Effect.runtime<never>(), (runtime) =>
        Deferred.succeed(served, HttpApp.toWebHandlerRuntime(runtime)(app, middleware)))
  })

/** The handler; it answers until the layer's scope closes. Needs what `Server.layer` needs, but no `HttpServer`. */
export const layer = (options: Server.Options) =>
  Layer.scoped(
    WebHandler,
    Effect.gen(function*() {
      const served = yield* Deferred.make<Handler>()
      yield* Layer.build(Server.layer(options).pipe(Layer.provide(Layer.succeed(HttpServer.HttpServer, capturing(served)))))
      return yield* Deferred.await(served)
    })
  )
