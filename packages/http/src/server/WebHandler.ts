/**
 * The whole HTTP application (the same `Server.layer` a socket serves) as a web-standard handler,
 * `(request: Request) => Promise<Response>`, with no socket: the testkit's in-memory service uses it, and so can a
 * host that brings its own server.
 */
import { Context, Deferred, Effect, Layer, type Scope } from "effect"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServer from "effect/http/HttpServer"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as NetAddress from "effect/net/NetAddress"
import * as Server from "./Server.js"

export type Handler = (request: Request) => Promise<Response>

export class WebHandler extends Context.Service<WebHandler, Handler>()("WebHandler") {}

/**
 * An HttpServer that listens nowhere: what the application asks it to serve becomes a web handler, running each
 * request with the services the application was served with, as a socket's server does.
 */
const capturing = (served: Deferred.Deferred<Handler>) =>
  HttpServer.make({
    address: NetAddress.unixPathAddress("in-memory"),
    serve: (httpEffect, middleware) =>
      Effect.flatMap(Effect.context<never>(), (context) => {
        const handler = HttpEffect.toWebHandlerWith<never, HttpServerRequest.HttpServerRequest | Scope.Scope>(context)(
          httpEffect,
          middleware
        )
        return Deferred.succeed(served, (request: Request) => handler(request))
      }).pipe(Effect.asVoid)
  })

/** The handler; it answers until the layer's scope closes. Needs what `Server.layer` needs, but no `HttpServer`. */
export const layer = (options: Server.Options) =>
  Layer.effect(
    WebHandler,
    Effect.gen(function*() {
      const served = yield* Deferred.make<Handler>()
      yield* Layer.build(
        Server.layer(options).pipe(Layer.provide(Layer.succeed(HttpServer.HttpServer, capturing(served))))
      )
      return yield* Deferred.await(served)
    })
  )
