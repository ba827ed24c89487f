/**
 * Serves archived copies at `/archive/<signed token>` so that nothing in them can run or reach the app
 * (docs/preservation.md, "Opening a copy safely"): a sandbox CSP without scripts or the same origin, no fetches at
 * all (a copy is self-contained), nosniff, no referrer, no framing, no cookies set; PDFs as downloads.
 */
import { AssetStore } from "@bookmark-library/domain"
import { Clock, Effect, Option } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as ProblemDetails from "../problems/ProblemDetails.js"
import type { Mount } from "../server/Mounts.js"
import * as ArchiveSigner from "./ArchiveSigner.js"

export const prefix = "/archive/"

/**
 * `sandbox` with no allowances: an opaque origin (no cookies, no storage, no same-origin API calls), no scripts, no
 * forms, no popups, no top navigation. `default-src 'none'` lets nothing load over the network; the copy's inlined
 * styles, images, fonts and frames still show.
 */
export const contentSecurityPolicy = [
  "sandbox",
  "default-src 'none'",
  "img-src data:",
  "style-src 'unsafe-inline' data:",
  "font-src data:",
  "media-src data:",
  "frame-src data: about:",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'"
].join("; ")

export const securityHeaders: Readonly<Record<string, string>> = {
  "content-security-policy": contentSecurityPolicy,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
  "cache-control": "private, max-age=300"
}

const gone = ProblemDetails.make(
  404,
  "not_found",
  "Not found",
  "This archived copy link is not valid or has expired: open the bookmark again for a fresh link."
)

const notAllowed = ProblemDetails.make(
  405,
  "method_not_allowed",
  "Method not allowed",
  "Archived copies are read only."
)

/** The host a request was sent to: its Host header, or the host of an absolute request URL (a web handler's). */
const hostOf = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const header = request.headers["host"]
  if (header !== undefined && header !== "") return header
  try {
    return new URL(request.url).host
  } catch {
    return undefined
  }
}

/**
 * The mount of the copies, with the link key. With `host` (the host of `ARCHIVE_ORIGIN`), copies open only on
 * that host name, so a link cannot be replayed on the app's own origin.
 */
export const make = (key: Uint8Array, options: { readonly host?: string | undefined } = {}) =>
  Effect.gen(function*() {
    const assets = yield* AssetStore
    const app = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.method !== "GET" && request.method !== "HEAD") {
        return ProblemDetails.response(notAllowed, { allow: "GET, HEAD", ...securityHeaders })
      }
      if (options.host !== undefined && hostOf(request)?.toLowerCase() !== options.host.toLowerCase()) {
        return ProblemDetails.response(gone, securityHeaders)
      }
      const token = new URL(request.url, "http://x").pathname.slice(prefix.length)
      const verdict = ArchiveSigner.verify(key, token, yield* Clock.currentTimeMillis)
      if (verdict._tag !== "Valid") return ProblemDetails.response(gone, securityHeaders)
      const found = yield* Effect.orElseSucceed(assets.get(verdict.asset), () => Option.none())
      if (Option.isNone(found)) return ProblemDetails.response(gone, securityHeaders)
      const { bytes, contentType } = found.value
      const isPdf = contentType.startsWith("application/pdf")
      const isHtml = contentType.startsWith("text/html")
      return HttpServerResponse.uint8Array(bytes, {
        contentType: isPdf || isHtml ? contentType : "application/octet-stream",
        headers: {
          ...securityHeaders,
          ...(isHtml ? {} : { "content-disposition": `attachment; filename="archived-copy${isPdf ? ".pdf" : ""}"` })
        }
      })
    })
    const mount: Mount = { name: "archive", claims: (pathname) => pathname.startsWith(prefix), app }
    return mount
  })
