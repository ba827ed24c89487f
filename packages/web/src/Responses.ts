/** Answers of the web app: pages with the security headers, redirects after a form (303), and error pages. */
import { Option } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { type Html, html } from "./Html.js"
import * as Layout from "./Layout.js"
import * as Security from "./Security.js"
import type { WebRequest } from "./WebRequest.js"

/** Screenshot links are built on PUBLIC_URL: when the page is reached under another host, allow that origin too. */
const imageOrigins = (req: WebRequest) => {
  try {
    const publicUrl = new URL(req.settings.publicUrl)
    return publicUrl.host === req.request.headers["host"] ? [] : [publicUrl.origin]
  } catch {
    return []
  }
}

export const htmlPage = (
  req: WebRequest,
  body: Html,
  options: { readonly status?: number; readonly headers?: Record<string, string>; readonly noStore?: boolean } = {}
) =>
  HttpServerResponse.text(body.value, {
    status: options.status ?? 200,
    contentType: "text/html; charset=utf-8",
    headers: {
      ...Security.headers(imageOrigins(req)),
      // Pages show a person's data: never kept by shared caches; a shown-once secret not even by the browser.
      "cache-control": options.noStore === true ? "no-store" : "private, no-cache",
      vary: "Cookie, HX-Request",
      ...options.headers
    }
  })

/** After a successful form: see the result with a GET (post/redirect/get). */
export const redirect = (location: string, headers: Record<string, string> = {}) =>
  HttpServerResponse.empty({ status: 303, headers: { location, "cache-control": "no-store", ...headers } })

/** Signed in, an error keeps the navigation and Sign out; otherwise the bare shell. */
const errorPage = (req: WebRequest, status: number, title: string, text: string) => {
  const body = html`<div class="narrow"><h1>${title}</h1><p>${text}</p><p><a href="/">Back to the library</a></p></div>`
  return htmlPage(
    req,
    Option.isSome(req.signedIn) ? Layout.page(req, { title, section: "none" }, body) : Layout.bare(req, title, body),
    { status }
  )
}

export const notFound = (req: WebRequest) =>
  errorPage(req, 404, "Not found", "There is nothing here. The address may be mistyped, or the item was deleted.")

export const forbiddenForm = (req: WebRequest) =>
  errorPage(
    req,
    403,
    "This form cannot be accepted",
    "It came from another site or from a page that is too old. Go back, reload the page and try again."
  )

export const unavailable = (req: WebRequest) =>
  errorPage(req, 503, "Temporarily unavailable", "The database could not be reached. Please try again in a moment.")

export const failed = (req: WebRequest) =>
  errorPage(req, 500, "Something went wrong", "The server could not answer this page. The problem was logged.")

export const badText = (req: WebRequest) =>
  errorPage(
    req,
    400,
    "This form cannot be stored",
    "It contained characters that are not text (such as the NUL character). Go back and remove them."
  )

export const tooLarge = (req: WebRequest) =>
  errorPage(req, 413, "Too much text", "The form was larger than the server accepts.")
