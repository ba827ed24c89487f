/**
 * `GET /metrics`: every metric of the process in the Prometheus text format, off the public API prefix (so not
 * charged, not cross-origin). With a token set, only `Authorization: Bearer <METRICS_TOKEN>` may read it, compared
 * in constant time. What is scraped, and how it is written, is the composition root's (docs/operations.md, "Metrics").
 */
import { Sha256 } from "@bookmark-library/domain"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Layer, Option, Redacted } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { createServer } from "node:http"
import * as BearerToken from "../middleware/BearerToken.js"
import * as ProblemDetails from "../problems/ProblemDetails.js"
import type { Mount } from "./Mounts.js"

export const path = "/metrics"

/** The Prometheus text exposition format, version 0.0.4. */
export const contentType = "text/plain; version=0.0.4; charset=utf-8"

export interface Options {
  /** Unset: anyone who reaches the port may read the metrics. */
  readonly token: Option.Option<Redacted.Redacted<string>>
  /** The exposition text of every metric, read fresh. */
  readonly scrape: Effect.Effect<string>
}

const unauthorized = ProblemDetails.response(
  ProblemDetails.make(
    401,
    "unauthenticated",
    "Unauthenticated",
    "Send 'Authorization: Bearer <METRICS_TOKEN>' to read the metrics"
  ),
  { "www-authenticate": `Bearer realm="metrics"` }
)

const notAllowed = (method: string) =>
  ProblemDetails.response(
    ProblemDetails.make(
      405,
      "method_not_allowed",
      "Method not allowed",
      `${method} is not allowed on ${path}; allowed: GET, HEAD`
    ),
    { allow: "GET, HEAD" }
  )

export const app = (
  options: Options
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest> => {
  const expected = Option.map(options.token, (token) => Sha256.sha256(Redacted.value(token)))
  const authorized = Option.match(expected, {
    onNone: () => Effect.succeed(true),
    onSome: (digest) =>
      Effect.map(BearerToken.read, (token) => {
        const given = Option.getOrElse(token, () => "")
        return Sha256.constantTimeEqual(Sha256.sha256(given), digest) && given !== ""
      })
  })
  return Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.method !== "GET" && request.method !== "HEAD") return notAllowed(request.method)
    if (!(yield* authorized)) return unauthorized
    const text = yield* options.scrape
    return HttpServerResponse.text(text, { contentType, headers: { "cache-control": "no-store" } })
  })
}

/** The endpoint as a face of the server, claiming `/metrics` only. */
export const mount = (options: Options): Mount => ({
  name: "metrics",
  claims: (pathname) => pathname === path,
  app: app(options)
})

const notFound = ProblemDetails.response(
  ProblemDetails.make(404, "not_found", "Not found", `This port serves ${path} only`)
)

/**
 * The endpoint alone on its own port, for processes that serve no API (`bookmarks work`): anything but
 * `/metrics` is 404. Scoped: the listener closes with the layer.
 */
export const serve = (options: Options & { readonly port: number; readonly host: string }) => {
  const metrics = app(options)
  return HttpServer.serve(
    Effect.flatMap(
      HttpServerRequest.HttpServerRequest,
      (request) => (request.url.split("?")[0] ?? "") === path ? metrics : Effect.succeed(notFound)
    )
  ).pipe(
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(createServer, { port: options.port, host: options.host }))
  )
}
