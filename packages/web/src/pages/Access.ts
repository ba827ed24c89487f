/** Signing in and out, first run (the server's first account) and, when open, sign-up. */
import { createFirstAccount, isFirstRun, Settings, signIn, signOut, signUp } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import * as Forms from "../Forms.js"
import { type Html, html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import * as Security from "../Security.js"
import * as SessionCookie from "../SessionCookie.js"
import { SetupLink } from "../Setup.js"
import type { Authed, WebRequest } from "../WebRequest.js"

interface CredentialsForm {
  readonly action: string
  readonly button: string
  readonly email?: string
  readonly error?: string
  readonly newPassword: boolean
  readonly hidden?: Html
}

const credentials = (form: CredentialsForm) =>
  html`${Layout.notice(form.error, "error")}
<form class="stack" method="post" action="${form.action}">
${form.hidden ?? ""}
<div><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${
    form.email ?? ""
  }"></div>
<div><label for="password">Password ${
    form.newPassword ? html`<span class="hint">(at least 8 characters)</span>` : ""
  }</label>
<input id="password" name="password" type="password" autocomplete="${
    form.newPassword ? "new-password" : "current-password"
  }" required${form.newPassword ? html` minlength="8"` : ""}></div>
<div><button type="submit">${form.button}</button></div>
</form>`

const firstRunPage = (
  req: WebRequest,
  options: { readonly email?: string; readonly error?: string; readonly setup?: string },
  status = 200
) =>
  Responses.htmlPage(
    req,
    Layout.bare(
      req,
      "Create your account",
      html`<div class="narrow">
<h1>Create your account</h1>
<p class="muted">This server has no account yet. The first one is yours: it holds your bookmarks, API keys and webhooks.</p>
${
        credentials({
          action: "/first-run",
          button: "Create account",
          newPassword: true,
          ...(options.email === undefined ? {} : { email: options.email }),
          ...(options.error === undefined ? {} : { error: options.error }),
          ...(options.setup === undefined
            ? {}
            : { hidden: html`<input type="hidden" name="setup" value="${options.setup}">` })
        })
      }
</div>`
    ),
    { status }
  )

/**
 * The provider's button, when one is configured: a link (the flow starts with a GET), never boosted by htmx (the
 * answer is a redirect to the provider's site, which the browser must follow itself).
 */
const providerButton = (req: WebRequest, next: string | undefined) =>
  Option.match(req.settings.signIn.provider, {
    onNone: () => "",
    onSome: (provider) =>
      html`<p><a class="button" hx-boost="false" href="/sign-in/provider${
        next === undefined ? "" : `?next=${encodeURIComponent(next)}`
      }">Sign in with ${provider.name}</a></p>`
  })

const signInPage = (
  req: WebRequest,
  options: { readonly email?: string; readonly error?: string; readonly next?: string; readonly open: boolean },
  status = 200
) =>
  Responses.htmlPage(
    req,
    Layout.bare(
      req,
      "Sign in",
      html`<div class="narrow">
<h1>Sign in</h1>
${providerButton(req, options.next)}
${
        Option.isSome(req.settings.signIn.provider) && req.settings.signIn.password
          ? html`<p class="muted">Or with your email and password:</p>`
          : ""
      }
${
        !req.settings.signIn.password
          ? Layout.notice(options.error, "error")
          : credentials({
            action: `/sign-in${options.next === undefined ? "" : `?next=${encodeURIComponent(options.next)}`}`,
            button: "Sign in",
            newPassword: false,
            ...(options.email === undefined ? {} : { email: options.email }),
            ...(options.error === undefined ? {} : { error: options.error })
          })
      }
${
        options.open && req.settings.signIn.password
          ? html`<p class="muted">No account yet? <a href="/sign-up">Create one</a>.</p>`
          : ""
      }
</div>`
    ),
    { status }
  )

/** Only paths of this site: no scheme, no `//host`, no backslash tricks. */
const safeNext = (next: string | null) =>
  next !== null && next.startsWith("/") && !next.startsWith("//") && !next.includes("\\") ? next : "/"

const signedInAs = (req: WebRequest, token: string, to: string) =>
  Responses.redirect(to, { "set-cookie": SessionCookie.set(req.settings.publicUrl, token) })

/** Whether this request may create the first account: loopback, or the one-time setup link. */
const mayClaim = (req: WebRequest, setupToken: string) =>
  Effect.gen(function*() {
    // The first account has a password: not offered when passwords are off (the provider makes accounts then).
    if (!req.settings.signIn.password) return false
    if (setupToken !== "") return yield* (yield* SetupLink).valid(setupToken)
    return Security.isLoopback(req.address, req.forwarded)
  })

/** `/` for someone not signed in: the first-run offer (loopback, no user yet) or the sign-in page. */
export const anonymousHome = (req: WebRequest) =>
  Effect.gen(function*() {
    if ((yield* isFirstRun) && (yield* mayClaim(req, ""))) return firstRunPage(req, {})
    return Responses.redirect("/sign-in")
  })

export const showSetup = (req: WebRequest) =>
  Effect.gen(function*() {
    const token = req.params["token"] ?? ""
    if (!(yield* isFirstRun)) return Responses.redirect("/sign-in")
    if (!(yield* (yield* SetupLink).valid(token))) return Responses.notFound(req)
    return firstRunPage(req, { setup: token })
  })

export const createFirst = (req: WebRequest) =>
  Effect.gen(function*() {
    const email = Forms.field(req.form, "email")
    const setup = Forms.field(req.form, "setup")
    if (!(yield* mayClaim(req, setup))) return Responses.notFound(req)
    const created = yield* Effect.result(createFirstAccount({ email, password: Forms.field(req.form, "password") }))
    if (created._tag === "Failure") {
      const e = created.failure
      if (e._tag === "SignUpClosed") return Responses.redirect("/sign-in")
      if (e._tag === "InvalidInput") {
        return firstRunPage(req, {
          email,
          error: `${e.field === "email" ? "Email" : "Password"} ${e.reason}.`,
          ...(setup === "" ? {} : { setup })
        }, 400)
      }
      return yield* Effect.fail(e)
    }
    yield* (yield* SetupLink).consume
    return signedInAs(req, created.success.session.token, "/?notice=welcome")
  })

export const showSignIn = (req: WebRequest) =>
  Effect.gen(function*() {
    if (Option.isSome(req.signedIn)) return Responses.redirect("/")
    if ((yield* isFirstRun) && (yield* mayClaim(req, ""))) return Responses.redirect("/")
    const settings = yield* Settings.Settings
    const next = req.url.searchParams.get("next")
    // Straight to the provider, unless the person chose the password form (`manual`, linked from a refusal page).
    const auto = Option.exists(req.settings.signIn.provider, (p) => p.autoRedirect)
    if (auto && req.url.searchParams.get("manual") === null) {
      return Responses.redirect(
        `/sign-in/provider${next === null ? "" : `?next=${encodeURIComponent(safeNext(next))}`}`
      )
    }
    return signInPage(req, { open: settings.signup === "open", ...(next === null ? {} : { next: safeNext(next) }) })
  })

export const submitSignIn = (req: WebRequest) =>
  Effect.gen(function*() {
    const email = Forms.field(req.form, "email")
    const settings = yield* Settings.Settings
    const nextParam = req.url.searchParams.get("next")
    const open = settings.signup === "open"
    const again = { email, open, ...(nextParam === null ? {} : { next: safeNext(nextParam) }) }
    if (!req.settings.signIn.password) {
      return signInPage(req, { ...again, error: "Password sign-in is off on this server." }, 403)
    }
    const result = yield* Effect.result(
      signIn({ email, password: Forms.field(req.form, "password"), address: req.address })
    )
    if (result._tag === "Success") {
      return signedInAs(req, result.success.session.token, safeNext(req.url.searchParams.get("next")))
    }
    const e = result.failure
    if (e._tag === "InvalidCredentials") {
      return signInPage(req, { ...again, error: "The email or the password is not right." }, 401)
    }
    if (e._tag === "TooManyAttempts") {
      return signInPage(req, {
        ...again,
        error: `Too many failed attempts. Try again in ${Math.ceil(e.retryAfter / 60)} minutes.`
      }, 429)
    }
    return yield* Effect.fail(e)
  })

export const submitSignOut = (req: Authed) =>
  Effect.gen(function*() {
    yield* signOut(req.sessionToken)
    return Responses.redirect("/sign-in", { "set-cookie": SessionCookie.clear(req.settings.publicUrl) })
  })

const signUpPage = (req: WebRequest, options: { readonly email?: string; readonly error?: string }, status = 200) =>
  Responses.htmlPage(
    req,
    Layout.bare(
      req,
      "Create an account",
      html`<div class="narrow">
<h1>Create an account</h1>
${credentials({ action: "/sign-up", button: "Create account", newPassword: true, ...options })}
<p class="muted">Already have one? <a href="/sign-in">Sign in</a>.</p>
</div>`
    ),
    { status }
  )

export const showSignUp = (req: WebRequest) =>
  Effect.map(
    Settings.Settings,
    (settings) =>
      settings.signup === "open" && req.settings.signIn.password ? signUpPage(req, {}) : Responses.notFound(req)
  )

export const submitSignUp = (req: WebRequest) =>
  Effect.gen(function*() {
    if (!req.settings.signIn.password) return Responses.notFound(req)
    const email = Forms.field(req.form, "email")
    const result = yield* Effect.result(signUp({ email, password: Forms.field(req.form, "password") }))
    if (result._tag === "Success") return signedInAs(req, result.success.session.token, "/?notice=welcome")
    const e = result.failure
    if (e._tag === "SignUpClosed") return Responses.notFound(req)
    if (e._tag === "InvalidInput") {
      return signUpPage(req, { email, error: `${e.field === "email" ? "Email" : "Password"} ${e.reason}.` }, 400)
    }
    return yield* Effect.fail(e)
  })
