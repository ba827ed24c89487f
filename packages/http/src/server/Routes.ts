/**
 * The method table of every path the server answers: for `405 Method Not Allowed` with its `Allow` header, and the
 * route template a request is counted under in the metrics.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import { Api } from "../api/Api.js"
import { adminOpenApiPath, docsPath, openApiPath } from "../api/Paths.js"

interface Route {
  readonly method: string
  readonly segments: ReadonlyArray<string>
}

/** Path segments; empty ones are ignored, as the router ignores a trailing slash. */
const split = (path: string) => path.split("/").filter((s) => s !== "")

const collect = (): ReadonlyArray<Route> => {
  const routes: Array<Route> = [
    { method: "GET", segments: split(openApiPath) },
    { method: "GET", segments: split(docsPath) },
    { method: "GET", segments: split(adminOpenApiPath) }
  ]
  HttpApi.reflect(Api, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => void routes.push({ method: endpoint.method, segments: split(endpoint.path) })
  })
  return routes
}

const routes = collect()

const matches = (route: Route, segments: ReadonlyArray<string>) =>
  route.segments.length === segments.length &&
  route.segments.every((pattern, i) => pattern.startsWith(":") ? segments[i] !== "" : pattern === segments[i])

/** The methods some route accepts for `pathname`; empty when no route has that path. */
export const allowedMethods = (pathname: string): ReadonlyArray<string> => {
  const segments = split(pathname)
  const methods = new Set(routes.filter((route) => matches(route, segments)).map((route) => route.method))
  if (methods.has("GET")) methods.add("HEAD")
  return [...methods]
}

/**
 * Routes with their templates, by number of segments, most literal segments first (`/admin/openapi.json` before
 * `/admin/:x`); one entry per path, whatever the method.
 */
const bySize = new Map<number, ReadonlyArray<Route & { readonly template: string }>>()
for (const route of routes) {
  const template = `/${route.segments.join("/")}`
  const same = bySize.get(route.segments.length) ?? []
  if (!same.some((other) => other.template === template)) {
    bySize.set(route.segments.length, [...same, { ...route, template }])
  }
}
for (const [size, list] of bySize) {
  const literals = (route: Route) => route.segments.filter((s) => !s.startsWith(":")).length
  bySize.set(size, [...list].sort((a, b) => literals(b) - literals(a)))
}

/**
 * The template of the route `pathname` belongs to, whatever the method (`/v1/api/bookmarks/:id`); none when unknown.
 */
export const template = (pathname: string): string | undefined => {
  const segments = split(pathname)
  return bySize.get(segments.length)?.find((candidate) => matches(candidate, segments))?.template
}
