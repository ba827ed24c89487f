/**
 * The whole HTTP application as a Layer over the domain's ports: the API, the admin API, OpenAPI and docs,
 * problem+json for every error and a request log. A composition root provides the adapters and an
 * `HttpServer` (or calls `serve`).
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Layer, type Redacted } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { createServer } from "node:http"
import { Api } from "../api/Api.js"
import * as AdminHandlers from "../handlers/AdminHandlers.js"
import * as AdminTransferHandlers from "../handlers/AdminTransferHandlers.js"
import * as AssetsHandlers from "../handlers/AssetsHandlers.js"
import * as BookmarksHandlers from "../handlers/BookmarksHandlers.js"
import * as HealthHandlers from "../handlers/HealthHandlers.js"
import * as HighlightsHandlers from "../handlers/HighlightsHandlers.js"
import * as ListsHandlers from "../handlers/ListsHandlers.js"
import * as PageCopyHandlers from "../handlers/PageCopyHandlers.js"
import * as TagsHandlers from "../handlers/TagsHandlers.js"
import * as UsageHandlers from "../handlers/UsageHandlers.js"
import * as WebhooksHandlers from "../handlers/WebhooksHandlers.js"
import * as AdminAuthenticationLive from "../middleware/AdminAuthenticationLive.js"
import * as AuthenticationLive from "../middleware/AuthenticationLive.js"
import * as DecodeErrors from "../middleware/DecodeErrors.js"
import * as JsonBodyLive from "../middleware/JsonBodyLive.js"
import * as PageCopyBodyLive from "../middleware/PageCopyBodyLive.js"
import * as DocsPage from "../openapi/DocsPage.js"
import * as OpenApiDocuments from "../openapi/OpenApiDocuments.js"
import * as Cors from "../wrappers/Cors.js"
import * as Fallback from "../wrappers/Fallback.js"
import * as HttpMetrics from "../wrappers/HttpMetrics.js"
import * as RequestId from "../wrappers/RequestId.js"
import * as RequestLog from "../wrappers/RequestLog.js"
import * as GracefulStop from "./GracefulStop.js"
import * as HotReads from "./HotReads.js"
import * as Mounts from "./Mounts.js"
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
  /**
   * The fast path for the hottest reads (HotReads.ts); on unless false. Off, every request takes the general path:
   * the test that holds the two paths to the same answers compares a server of each.
   */
  readonly hotReads?: boolean | undefined
}

/**
 * The routes of the HttpApi with every group implemented, its OpenAPI documents and the docs page; they need the
 * domain's services, `Health` and an `HttpRouter` to register with.
 */
export const apiLayer = (options: Options) =>
  Layer.mergeAll(HttpApiBuilder.layer(Api), OpenApiDocuments.layer, DocsPage.layer).pipe(
    Layer.provide([
      BookmarksHandlers.layer,
      UsageHandlers.layer,
      TagsHandlers.layer,
      WebhooksHandlers.layer,
      AssetsHandlers.layer,
      AdminHandlers.layer,
      AdminTransferHandlers.layer,
      HealthHandlers.layer,
      ListsHandlers.layer,
      PageCopyHandlers.layer,
      HighlightsHandlers.layer
    ]),
    Layer.provide([
      AuthenticationLive.layer,
      AdminAuthenticationLive.layer(options.adminToken),
      JsonBodyLive.layer,
      PageCopyBodyLive.layer,
      DecodeErrors.layer
    ])
  )

/** What metrics and spans call a path's route: its template, a mounted face's name or `unmatched`, never the path. */
const routeOf = (mounts: ReadonlyArray<Mounts.Mount>) => (pathname: string) =>
  Mounts.find(mounts, pathname)?.name ?? Routes.template(pathname) ?? "unmatched"

/** Request spans are named by method and route (`GET /v1/api/bookmarks/:id`). */
const spanNames = Layer.effect(
  HttpMiddleware.SpanNameGenerator,
  Effect.map(Mounts.Mounts, (mounts) => {
    const route = routeOf(mounts)
    return (request: HttpServerRequest.HttpServerRequest) =>
      `${request.method} ${route(request.url.split("?")[0] ?? "")}`
  })
)

/**
 * No span per request unless traces are exported: the span (with the URL parsed and attributes copied) cost more
 * CPU per request than the read it wraps.
 */
const tracing = (options: Options) =>
  options.tracing === true
    ? spanNames
    : Layer.merge(spanNames, Layer.succeed(HttpMiddleware.TracerDisabledWhen, () => true))

/**
 * The router as one effect, other faces before it, the problem fallback inside the app so it can still shape the
 * response. `beforeStop` runs at shutdown while the handler is still attached (finalizers run in reverse order).
 */
const serveApp = (options: Options, beforeStop: Effect.Effect<void>) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const general = yield* HttpRouter.toHttpEffect(apiLayer(options))
    const api = options.hotReads === false ? general : (yield* HotReads.make)(general)
    const mounts = yield* Mounts.Mounts
    const app = mounts.length === 0 ?
      api :
      Effect.flatMap(
        HttpServerRequest.HttpServerRequest,
        (request) => Mounts.find(mounts, request.url.split("?")[0] ?? "")?.app ?? api
      )
    // Around the handled app, outermost first: request id (so the request log line carries it), metrics, log.
    const counted = <E, R>(handled: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      options.metrics === false
        ? RequestLog.middleware(handled)
        : HttpMetrics.middleware(routeOf(mounts))(RequestLog.middleware(handled))
    const observed = <E, R>(handled: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      RequestId.middleware(options.trustedProxies ?? TrustedProxies.none)(counted(handled))
    yield* HttpServer.serveEffect(
      RequestId.stamped(Cors.apply(options.corsOrigins ?? [])(Fallback.apply(app))),
      observed
    )
    yield* Effect.addFinalizer(() => beforeStop)
  })).pipe(Layer.provide(tracing(options)))

/**
 * Serves on whatever `HttpServer` is provided; scoped, so closing the scope stops it (after `beforeStop`).
 * Other faces come from `Mounts.Mounts` (none unless the composition root provides some).
 */
export const layer = (options: Options, beforeStop: Effect.Effect<void> = Effect.void) =>
  serveApp(options, beforeStop).pipe(Layer.provide(HttpServer.layerServices))

/**
 * `layer` on a Node `http` server at `host:port`; the `HttpServer` stays visible for its bound address.
 * Stopping it is graceful (GracefulStop): requests in flight finish, kept-alive connections are closed.
 */
export const serve = (options: Options & { readonly port: number; readonly host: string }) =>
  Layer.unwrap(Effect.sync(() => {
    const server = createServer()
    const graceful = GracefulStop.track(server)
    return layer(options, graceful.stop).pipe(
      HttpServer.withLogAddress,
      Layer.provideMerge(NodeHttpServer.layer(() => server, { port: options.port, host: options.host }))
    )
  }))
