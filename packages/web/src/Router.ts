/** The web app's routes: method and path pattern to a handler, and whether a signed-in person is required. */
import type { Effect } from "effect"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { Authed, WebRequest } from "./WebRequest.js"

export type Handler<R> = (req: WebRequest) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, R>
export type AuthedHandler<R> = (req: Authed) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, R>

/** Why an upload's body was not read: the page answers it with its own form and message (never a bare error page). */
export type UploadRefusal = "tooLarge" | "unreadable" | "text"
export type RefusalHandler<R> = (
  req: Authed,
  refusal: UploadRefusal
) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, R>

export type Route<R> =
  | { readonly method: "GET" | "POST"; readonly path: string; readonly access: "anyone"; readonly handler: Handler<R> }
  | {
    readonly method: "GET" | "POST"
    readonly path: string
    readonly access: "person"
    readonly handler: AuthedHandler<R>
    /**
     * A multipart form with a file (docs/import-export.md, "The Import & export page (web app)"); how the page shows a
     * body it refused.
     */
    readonly upload?: RefusalHandler<R>
  }

export const get = <R>(path: string, handler: AuthedHandler<R>): Route<R> => ({
  method: "GET",
  path,
  access: "person",
  handler
})
export const post = <R>(path: string, handler: AuthedHandler<R>): Route<R> => ({
  method: "POST",
  path,
  access: "person",
  handler
})
export const upload = <R>(path: string, handler: AuthedHandler<R>, refused: RefusalHandler<R>): Route<R> => ({
  method: "POST",
  path,
  access: "person",
  handler,
  upload: refused
})
export const publicGet = <R>(path: string, handler: Handler<R>): Route<R> => ({
  method: "GET",
  path,
  access: "anyone",
  handler
})
export const publicPost = <R>(path: string, handler: Handler<R>): Route<R> => ({
  method: "POST",
  path,
  access: "anyone",
  handler
})

const segments = (path: string) => path.split("/").filter((s) => s !== "")

/** The route for `method` and `pathname` with its `:name` parameters (decoded), or undefined. */
export const match = <R>(routes: ReadonlyArray<Route<R>>, method: string, pathname: string) => {
  const parts = segments(pathname)
  const wanted = method === "HEAD" ? "GET" : method
  let pathMatched = false
  for (const route of routes) {
    const pattern = segments(route.path)
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i] ?? ""
      const part = parts[i] ?? ""
      if (p.startsWith(":")) {
        try {
          params[p.slice(1)] = decodeURIComponent(part)
        } catch {
          ok = false
        }
      } else ok = p === part
    }
    if (!ok) continue
    pathMatched = true
    if (route.method === wanted) return { route, params, pathMatched }
  }
  return { route: undefined, params: {}, pathMatched }
}
