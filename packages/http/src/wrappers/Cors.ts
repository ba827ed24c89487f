/**
 * CORS for browser clients of the JSON API (docs/operations.md, "Browser clients (CORS)"): off unless origins are
 * listed. Only `/v1/api` answers cross-origin requests; the admin API, the web app and MCP never do. No cookies are
 * involved (the API authenticates with a bearer key), so credentials are not allowed.
 */
import { Effect } from "effect"
import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { publicBase } from "../api/Paths.js"

/** Exact origins such as `https://app.example.com`, or `*` for any origin. Empty: CORS is off. */
export type Origins = ReadonlyArray<string>

/** What a browser script may read besides the body: the allowance, where a save went, and the request id. */
export const exposedHeaders = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "Location",
  "X-Request-Id"
] as const

const isPublicApi = (url: string) => {
  const path = url.split("?")[0] ?? url
  return path === publicBase || path.startsWith(`${publicBase}/`)
}

/** Answers preflights and adds the CORS headers (errors included) on `/v1/api` paths; other paths pass through. */
export const apply = (origins: Origins) =>
<E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> => {
  if (origins.length === 0) return app
  const any = origins.includes("*")
  const withCors = HttpMiddleware.cors({
    // Called with the Origin header as it came, which a request may lack whatever the parameter's type says.
    allowedOrigins: (origin: string) => typeof origin === "string" && (any || origins.includes(origin)),
    allowedMethods: ["GET", "POST", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: [...exposedHeaders],
    maxAge: 600
  })(app)
  return Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => (isPublicApi(request.url) ? withCors : app))
}
