/**
 * The account web app as one HTTP app over the domain: static assets, the session from the cookie, the CSRF checks on
 * every POST, the routes, and error pages. The composition root mounts it beside the JSON API (docs/web.md).
 */
import { resumeSession, Session, type SignedIn } from "@bookmark-library/domain"
import { Cause, Clock, Context, Effect, Option, Predicate } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Assets from "./Assets.js"
import * as Forms from "./Forms.js"
import * as Responses from "./Responses.js"
import * as Router from "./Router.js"
import { routes, type Services } from "./Routes.js"
import * as Security from "./Security.js"
import * as SessionCookie from "./SessionCookie.js"
import * as Setup from "./Setup.js"
import * as TimeZone from "./TimeZone.js"
import * as Upload from "./Upload.js"
import type { Settings, SignInOptions, WebRequest } from "./WebRequest.js"

export interface Options {
  readonly publicUrl: string
  /** Path prefixes other faces answer (the JSON API, admin, MCP, health, metrics); the web app claims the rest. */
  readonly excludedPrefixes: ReadonlyArray<string>
  /** Password and provider sign-in; by default passwords only. */
  readonly signIn?: SignInOptions
}

/** Shaped like the server's `Mount`; the web package does not depend on the http package. */
export interface WebFace {
  readonly name: string
  readonly claims: (pathname: string) => boolean
  readonly app: Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest>
  /** The one-time link that creates the first account from anywhere, while the server has no user. */
  readonly setupUrl: Effect.Effect<Option.Option<string>>
}

export class Web extends Context.Service<Web, WebFace>()("Web") {}

const header = (request: HttpServerRequest.HttpServerRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return value === undefined || value === "" ? undefined : value
}

const serveAsset = (request: HttpServerRequest.HttpServerRequest, asset: Assets.Asset) => {
  const gzip = /\bgzip\b/.test(header(request, "accept-encoding") ?? "")
  return HttpServerResponse.uint8Array(gzip ? asset.gzip : asset.body, {
    contentType: asset.contentType,
    headers: {
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      vary: "Accept-Encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {})
    }
  })
}

export const make = (options: Options) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Services>()
    const settings: Settings = {
      publicUrl: options.publicUrl,
      assets: Assets.load(),
      signIn: options.signIn ?? { password: true, provider: Option.none() }
    }
    const publicOrigin = new URL(options.publicUrl).origin
    const setup = yield* Setup.make(options.publicUrl)

    const claims = (pathname: string) =>
      !options.excludedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

    const respond = Effect.gen(function*() {
      const started = yield* Clock.currentTimeNanos
      const request = yield* HttpServerRequest.HttpServerRequest
      const url = new URL(request.url, publicOrigin)
      if (request.method === "GET" || request.method === "HEAD") {
        const asset = settings.assets.byPath.get(url.pathname)
        if (asset !== undefined) return serveAsset(request, asset)
      }
      const token = Option.fromNullishOr(SessionCookie.read(options.publicUrl, request.cookies))
      const signedIn: Option.Option<SignedIn> = Option.isSome(token)
        ? yield* resumeSession(token.value)
        : Option.none()
      const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) =>
        header(request, name) !== undefined
      )
      const base: WebRequest = {
        request,
        url,
        params: {},
        settings,
        signedIn,
        token,
        csrf: Option.match(token, {
          onNone: () => "",
          onSome: (t) => (Option.isSome(signedIn) ? Session.csrfToken(t) : "")
        }),
        address: Option.getOrElse(request.remoteAddress, () => "unknown"),
        forwarded,
        form: {},
        file: Option.none(),
        htmx: header(request, "hx-request") === "true",
        zone: TimeZone.fromCookies(request.cookies)
      }
      const { params, pathMatched, route } = Router.match(routes, request.method, url.pathname)
      if (route === undefined) {
        return pathMatched
          ? HttpServerResponse.empty({ status: 405, headers: { allow: "GET, POST" } })
          : Responses.notFound(base)
      }
      let req: WebRequest = { ...base, params }
      if (route.method === "POST") {
        const trusted = Security.sameOrigin({
          secFetchSite: header(request, "sec-fetch-site"),
          origin: header(request, "origin"),
          host: header(request, "host"),
          publicOrigin
        })
        if (!trusted) return Responses.forbiddenForm(req)
        // Only a signed-in person's upload is read up to the file limit; anyone else's body stays within a form's.
        const uploads = route.access === "person" && route.upload !== undefined && Option.isSome(signedIn) &&
          Upload.isMultipart(request)
        const form = yield* Effect.result(
          uploads ? Upload.read : Effect.map(Forms.read, (f) => ({ form: f, file: Option.none<Upload.UploadedFile>() }))
        )
        if (form._tag === "Failure") {
          // A body refused before its end leaves bytes on the connection: close it rather than let a client reuse it.
          const unread = HttpServerResponse.setHeader("connection", "close")
          // An upload page shows the refusal with its form (nothing is changed, so no token is needed for that).
          if (
            route.access === "person" && route.upload !== undefined && Option.isSome(signedIn) && Option.isSome(token)
          ) {
            return unread(
              yield* route.upload({ ...req, me: signedIn.value, sessionToken: token.value }, form.failure.reason)
            )
          }
          return unread(form.failure.reason === "tooLarge" ? Responses.tooLarge(req) : Responses.badText(req))
        }
        req = { ...req, form: form.success.form, file: form.success.file }
        // Every form of a signed-in person carries the session's CSRF token, sign out included.
        if (
          Option.isSome(signedIn) && Option.isSome(token) &&
          !Session.checkCsrf(token.value, form.success.form["_csrf"] ?? "")
        ) {
          return Responses.forbiddenForm(req)
        }
      }
      const answer = route.access === "anyone"
        ? route.handler(req)
        : Option.isSome(signedIn) && Option.isSome(token)
        ? route.handler({ ...req, me: signedIn.value, sessionToken: token.value })
        : Effect.succeed(
          Responses.redirect(
            route.method === "GET" ? `/sign-in?next=${encodeURIComponent(url.pathname + url.search)}` : "/sign-in"
          )
        )
      // Another account's resource is answered exactly like a missing one: ids are not revealed to people.
      const response = yield* answer.pipe(
        Effect.catchIf(
          (e) => Predicate.isTagged(e, "NotFound") || Predicate.isTagged(e, "Forbidden"),
          () => Effect.succeed(Responses.notFound(req))
        )
      )
      const finished = yield* Clock.currentTimeNanos
      return HttpServerResponse.setHeader(
        response,
        "server-timing",
        `app;dur=${(Number(finished - started) / 1e6).toFixed(1)}`
      )
    }).pipe(Effect.provideService(Setup.SetupLink, setup))

    const app = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const fallbackReq = (): WebRequest => ({
        request,
        url: new URL(request.url, publicOrigin),
        params: {},
        settings,
        signedIn: Option.none(),
        token: Option.none(),
        csrf: "",
        address: "",
        forwarded: false,
        form: {},
        file: Option.none(),
        htmx: false,
        zone: "UTC"
      })
      return yield* respond.pipe(
        Effect.catchCause((cause) => {
          if (Cause.hasInterruptsOnly(cause)) return Effect.interrupt
          const failure = Cause.findErrorOption(cause)
          if (Option.isSome(failure) && Predicate.isTagged(failure.value, "StorageUnavailable")) {
            return Effect.succeed(Responses.unavailable(fallbackReq()))
          }
          return Effect.andThen(
            Effect.logError("web page failed", cause).pipe(
              Effect.annotateLogs({ method: request.method, path: request.url.split("?")[0] ?? "" })
            ),
            Effect.succeed(Responses.failed(fallbackReq()))
          )
        })
      )
    }).pipe(Effect.provide(context))

    const face: WebFace = { name: "web", claims, app, setupUrl: setup.url }
    return face
  })
