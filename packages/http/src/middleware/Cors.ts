/**
 * CORS for browser clients of the JSON API (docs/operations.md, "Browser clients"): off unless origins are listed.
 * Only `/v1/api` answers cross-origin requests; the admin API, the web app and MCP never do. No cookies are
 * involved (the API authenticates with a bearer key), so credentials are not allowed.
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect } from "effect"
import { publicBase } from "../Paths.js"

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
export const apply = (origins: Origins) => <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> => {
  if (origins.length === 0) return app
  const any = origins.includes("*")
  const withCors = HttpMiddleware.cors({
    allowedOrigins: (origin: string | undefined) => origin !== undefined && (any || origins.includes(origin)),
    allowedMethods: ["GET", "POST", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: [...exposedHeaders],
    maxAge: 600
  })(app)
  return Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => (isPublicApi(request.url) ? withCors : app))
}
