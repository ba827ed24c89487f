/**
 * Sign in with the team's OpenID Connect provider (docs/people.md, "Sign in with your provider (OIDC)"). `/sign-in/provider`
 * sends the browser to the provider with fresh `state`, `nonce` and PKCE verifier, kept until the callback in a
 * short-lived `HttpOnly` cookie (so any process of a scaled deployment can finish the sign-in); the callback checks
 * them, validates the ID token and signs the person in. Every refusal is a page that says why, never an error page.
 */
import { type Errors, IdentityProvider, type PendingSignIn, signInWithProvider } from "@bookmark-library/domain"
import { Effect, Option, Schema } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import * as SessionCookie from "../SessionCookie.js"
import type { WebRequest } from "../WebRequest.js"

/** Ten minutes to sign in at the provider. */
const pendingLifetime = 600

const cookieName = (publicUrl: string) => SessionCookie.isSecure(publicUrl) ? "__Host-bookmarks_oidc" : "bookmarks_oidc"

/** `SameSite=Lax`: the provider's redirect back is a top-level GET from its site, which Lax lets the cookie ride. */
const cookie = (publicUrl: string, value: string, maxAge: number) =>
  `${cookieName(publicUrl)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${
    SessionCookie.isSecure(publicUrl) ? "; Secure" : ""
  }`

const Pending = Schema.Struct({
  state: Schema.String,
  nonce: Schema.String,
  verifier: Schema.String,
  next: Schema.String
})
const decodePending = Schema.decodeUnknownOption(Schema.fromJsonString(Pending))

const readPending = (req: WebRequest) => {
  const value = req.request.cookies[cookieName(req.settings.publicUrl)]
  if (value === undefined || value === "" || value.length > 2_000) return Option.none()
  return decodePending(Buffer.from(value, "base64url").toString("utf8"))
}

export const callbackUri = (publicUrl: string) => `${publicUrl}/sign-in/provider/callback`

/** Only paths of this site: no scheme, no `//host`, no backslash tricks. */
const safeNext = (next: string | null) =>
  next !== null && next.startsWith("/") && !next.startsWith("//") && !next.includes("\\") ? next : "/"

/** The page of a refused sign-in: what went wrong, and the way to try again. */
export const refusedPage = (req: WebRequest, message: string, status: number) =>
  Responses.htmlPage(
    req,
    Layout.bare(
      req,
      "Sign-in refused",
      html`<div class="narrow">
<h1>Sign-in refused</h1>
${Layout.notice(message, "error")}
<p><a hx-boost="false" href="/sign-in/provider">Sign in with ${
        Option.match(req.settings.signIn.provider, { onNone: () => "your provider", onSome: (p) => p.name })
      } again</a>${req.settings.signIn.password ? html` or <a href="/sign-in?manual=1">use your password</a>` : ""}.</p>
</div>`
    ),
    { status, noStore: true, headers: { "set-cookie": cookie(req.settings.publicUrl, "", 0) } }
  )

const statusOf = (e: Errors.ProviderSignInRefused) =>
  e.reason === "unreachable" ? 502 : e.reason === "provider" ? 400 : 403

/** GET /sign-in/provider: to the provider's authorization endpoint. */
export const begin = (req: WebRequest) =>
  Effect.gen(function*() {
    const provider = yield* Effect.serviceOption(IdentityProvider)
    if (Option.isNone(provider)) return Responses.notFound(req)
    const started = yield* Effect.result(provider.value.begin(callbackUri(req.settings.publicUrl)))
    if (started._tag === "Failure") return refusedPage(req, started.failure.description, statusOf(started.failure))
    const next = safeNext(req.url.searchParams.get("next"))
    const value = Buffer.from(JSON.stringify({ ...started.success.pending, next }), "utf8").toString("base64url")
    return Responses.redirect(started.success.url, {
      "set-cookie": cookie(req.settings.publicUrl, value, pendingLifetime)
    })
  })

/** GET /sign-in/provider/callback: the code (or the provider's error) with `state`. */
export const callback = (req: WebRequest) =>
  Effect.gen(function*() {
    const provider = yield* Effect.serviceOption(IdentityProvider)
    if (Option.isNone(provider) || Option.isNone(req.settings.signIn.provider)) return Responses.notFound(req)
    const pending = readPending(req)
    if (Option.isNone(pending)) {
      return refusedPage(req, "This sign-in did not start here, has expired or was already used. Start again.", 400)
    }
    const { next, ...checks } = pending.value
    const createAccounts = req.settings.signIn.provider.value.createAccounts
    const result = yield* Effect.result(
      Effect.flatMap(
        provider.value.finish(req.url, callbackUri(req.settings.publicUrl), checks satisfies PendingSignIn),
        (claims) => signInWithProvider({ claims, createAccounts })
      )
    )
    if (result._tag === "Failure") {
      const e = result.failure
      if (e._tag === "ProviderSignInRefused") return refusedPage(req, e.description, statusOf(e))
      return yield* Effect.fail(e)
    }
    const signedIn = Responses.redirect(result.success.created ? "/?notice=welcome" : safeNext(next), {
      "set-cookie": SessionCookie.set(req.settings.publicUrl, result.success.session.token)
    })
    // The pending sign-in is used up: its cookie goes with it (a second cookie beside the session's).
    return HttpServerResponse.setCookieUnsafe(signedIn, cookieName(req.settings.publicUrl), "", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      maxAge: 0,
      secure: SessionCookie.isSecure(req.settings.publicUrl)
    })
  })
