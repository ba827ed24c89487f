/** The method table of every path the server answers, for `405 Method Not Allowed` with its `Allow` header. */
import * as HttpApi from "@effect/platform/HttpApi"
import { Api } from "./Api.js"
import { adminOpenApiPath, docsPath, openApiPath } from "./Paths.js"

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
