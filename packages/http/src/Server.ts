/**
 * The whole HTTP application as a Layer over the domain's ports: the API, the admin API, OpenAPI and docs,
 * problem+json for every error and a request log. A composition root provides the adapters and an
 * `HttpServer` (or calls `serve`).
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServer from "@effect/platform/HttpServer"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Layer, type Redacted } from "effect"
import { createServer } from "node:http"
import * as AdminHandlers from "./handlers/AdminHandlers.js"
import * as AdminTransferHandlers from "./handlers/AdminTransferHandlers.js"
import * as AssetsHandlers from "./handlers/AssetsHandlers.js"
import * as BookmarksHandlers from "./handlers/BookmarksHandlers.js"
import * as HealthHandlers from "./handlers/HealthHandlers.js"
import * as TagsHandlers from "./handlers/TagsHandlers.js"
import * as UsageHandlers from "./handlers/UsageHandlers.js"
import * as WebhooksHandlers from "./handlers/WebhooksHandlers.js"
import { Api } from "./Api.js"
import * as DocsPage from "./DocsPage.js"
import * as GracefulStop from "./GracefulStop.js"
import * as AdminAuthenticationLive from "./middleware/AdminAuthenticationLive.js"
import * as AuthenticationLive from "./middleware/AuthenticationLive.js"
import * as Cors from "./middleware/Cors.js"
import * as DecodeErrors from "./middleware/DecodeErrors.js"
import * as Fallback from "./middleware/Fallback.js"
import * as JsonBodyLive from "./middleware/JsonBodyLive.js"
import * as Mounts from "./Mounts.js"
import * as OpenApiDocuments from "./OpenApiDocuments.js"
import * as HttpMetrics from "./middleware/HttpMetrics.js"
import * as RequestId from "./middleware/RequestId.js"
import * as RequestLog from "./middleware/RequestLog.js"
import * as Routes from "./Routes.js"
import * as TrustedProxies from "./TrustedProxies.js"

export interface Options {
  /** Bearer token of the admin API. */
  readonly adminToken: Redacted.Redacted<string>
  /** Browser origins allowed to call `/v1/api` (CORS); none by default. */
  readonly corsOrigins?: Cors.Origins | undefined
  /** Count and time every request (`http_requests_total`, `http_request_duration_seconds`); on unless false. */
  readonly metrics?: boolean | undefined
  /** Proxies whose `X-Request-Id` is kept (TRUST_PROXY); none by default. */
  readonly trustedProxies?: TrustedProxies.TrustedProxies | undefined
  /** A span per request, named by method and route: only when traces are exported (docs/decisions.md, "Tracing"). */
  readonly tracing?: boolean | undefined
}

/** The HttpApi with every group implemented; needs the domain's services and `Health`. */
export const apiLayer = (options: Options) =>
  HttpApiBuilder.api(Api).pipe(
    Layer.provide([
      BookmarksHandlers.layer,
      UsageHandlers.layer,
      TagsHandlers.layer,
      WebhooksHandlers.layer,
      AssetsHandlers.layer,
      AdminHandlers.layer,
      AdminTransferHandlers.layer,
      HealthHandlers.layer
    ]),
    Layer.provide([AuthenticationLive.layer, AdminAuthenticationLive.layer(options.adminToken), JsonBodyLive.layer])
  )

/** What metrics and spans call a path's route: its template, a mounted face's name or `unmatched`, never the path. */
const routeOf = (mounts: ReadonlyArray<Mounts.Mount>) => (pathname: string) =>
  Mounts.find(mounts, pathname)?.name ?? Routes.template(pathname) ?? "unmatched"

/** Request spans are named by method and route (`GET /v1/api/bookmarks/:id`). */
const spanNames = Layer.effect(
  HttpMiddleware.SpanNameGenerator,
  Effect.map(Mounts.Mounts, (mounts) => {
    const route = routeOf(mounts)
    return (request: HttpServerRequest.HttpServerRequest) => `${request.method} ${route(request.url.split("?")[0] ?? "")}`
  })
)

/**
 * Like `HttpApiBuilder.serve`, with the problem fallback inside the app so it can still shape the response.
 * `beforeStop` runs at shutdown while the handler is still attached (finalizers run in reverse order).
 */
const serveApp = (options: Options, beforeStop: Effect.Effect<void>) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    const api = yield* HttpApiBuilder.httpApp
    const mounts = yield* Mounts.Mounts
    const app = mounts.length === 0 ? api : Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      Mounts.find(mounts, request.url.split("?")[0] ?? "")?.app ?? api)
    // Around the handled app, outermost first: request id (so the request log line carries it), metrics, log.
    const counted = <E, R>(handled: HttpApp.Default<E, R>) =>
      options.metrics === false ? RequestLog.middleware(handled) : HttpMetrics.middleware(routeOf(mounts))(RequestLog.middleware(handled))
    const observed = <E, R>(handled: HttpApp.Default<E, R>) =>
      RequestId.middleware(options.trustedProxies ?? TrustedProxies.none)(counted(handled))
    yield* HttpServer.serveEffect(RequestId.stamped(Cors.apply(options.corsOrigins ?? [])(Fallback.apply(app))), observed)
    yield* Effect.addFinalizer(() => beforeStop)
  })).pipe(
    // No span per request unless traces are exported: the span (with the URL parsed and every header copied
    // into attributes) cost more CPU per request than the read it wraps.
    HttpMiddleware.withTracerDisabledWhen(() => options.tracing !== true),
    Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer, spanNames])
  )

/**
 * Serves on whatever `HttpServer` is provided; scoped, so closing the scope stops it (after `beforeStop`).
 * Other faces come from `Mounts.Mounts` (none unless the composition root provides some).
 */
export const layer = (options: Options, beforeStop: Effect.Effect<void> = Effect.void) =>
  serveApp(options, beforeStop).pipe(
    Layer.provide(DocsPage.layer),
    Layer.provide(OpenApiDocuments.layer),
    Layer.provide(DecodeErrors.layer),
    Layer.provide(apiLayer(options)),
    Layer.provide(HttpServer.layerContext)
  )

/**
 * `layer` on a Node `http` server at `host:port`; the `HttpServer` stays visible for its bound address.
 * Stopping it is graceful (GracefulStop): requests in flight finish, kept-alive connections are closed.
 */
export const serve = (options: Options & { readonly port: number; readonly host: string }) =>
  Layer.unwrapEffect(Effect.sync(() => {
    const server = createServer()
    const graceful = GracefulStop.track(server)
    return layer(options, graceful.stop).pipe(
      HttpServer.withLogAddress,
      Layer.provideMerge(NodeHttpServer.layer(() => server, { port: options.port, host: options.host }))
    )
  }))
