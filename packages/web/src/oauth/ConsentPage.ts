/**
 * The consent step of the OAuth flow (docs/oauth.md, "The flow"): a signed-in person sees which app asks, where
 * they will be sent back and what it asks to do, may narrow the scopes, and approves (a one-time code goes back to
 * the app) or denies. The form carries the session's CSRF token like every form. Until the client and its
 * redirect URI are verified, an error is shown here and nothing redirects (no open redirect).
 */
import {
  checkRequest,
  issueCode,
  makeClientResolver,
  OAuth,
  type OAuthAuthorizationRequest,
  redirectWith,
  Scope
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import * as Security from "../Security.js"
import type { Authed } from "../WebRequest.js"

/** Metadata documents fetched for this process's consent pages, kept as their Cache-Control allows. */
const resolve = makeClientResolver()

const names = [
  "client_id",
  "redirect_uri",
  "response_type",
  "code_challenge",
  "code_challenge_method",
  "state",
  "scope",
  "resource"
]

const refusedPage = (req: Authed, description: string) =>
  Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Connect an app", section: "account" },
      html`<div class="narrow"><h1>This connection request cannot be used</h1>
<p role="alert">${description}.</p>
<p>Nothing was shared. Start the connection again from the app; if this keeps happening, the app is misconfigured.</p>
<p><a href="/account/apps">Connected apps</a></p></div>`
    ),
    { status: 400, noStore: true }
  )

const back = (redirectUri: string) => {
  try {
    return new URL(redirectUri)
  } catch {
    return undefined
  }
}

/** The strict CSP, with the app's redirect origin allowed as the form's destination (Chromium checks redirects). */
const consentHeaders = (redirectUri: string): Record<string, string> => {
  const origin = back(redirectUri)?.origin ?? ""
  const csp = Security.headers([])["content-security-policy"] ?? ""
  return { "content-security-policy": csp.replace("form-action 'self'", `form-action 'self' ${origin}`) }
}

const show = (req: Authed, request: OAuthAuthorizationRequest, params: Readonly<Record<string, string>>) => {
  const target = back(request.redirectUri)
  const identified = request.client.kind === "metadata"
    ? html`<p class="muted">Identified by its published description at <code>${request.client.id}</code>.</p>`
    : html`<p class="muted">Registered itself with this server; its name is its own claim.</p>`
  return Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Connect an app", section: "account" },
      html`<div class="narrow">
<h1>Connect <span id="client-name">${request.client.name}</span> to your library?</h1>
${identified}
<p>Signed in as <strong>${req.me.user.email}</strong>. After you answer, you return to <strong id="redirect-host">${
        target?.host ?? ""
      }</strong>.</p>
<form class="stack" method="post" action="/oauth/authorize" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
${
        names.map((name) =>
          params[name] === undefined ? "" : html`<input type="hidden" name="${name}" value="${params[name] ?? ""}">`
        )
      }
<fieldset><legend>It may</legend>${
        request.scopes.map((scope) =>
          html`<label><input type="checkbox" name="grant" value="${scope}" checked> <span>${
            Scope.describe[scope]
          } <code>${scope}</code></span></label>`
        )
      }</fieldset>
<p class="muted">Untick what it should not do. Its requests count against your plan's allowance; you can disconnect it at any time under Account → Connected apps.</p>
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny" class="quiet">Deny</button></div>
</form>
</div>`
    ),
    { noStore: true, headers: consentHeaders(request.redirectUri) }
  )
}

type Checked =
  | { readonly _tag: "Ok"; readonly request: OAuthAuthorizationRequest }
  | { readonly _tag: "Answered"; readonly response: ReturnType<typeof Responses.redirect> }

const check = (req: Authed, params: Readonly<Record<string, string>>) => {
  const server = OAuth.serverFor(req.settings.publicUrl)
  return checkRequest(server, resolve)(params).pipe(
    Effect.map((request): Checked => ({ _tag: "Ok", request })),
    Effect.catchTags({
      OAuthRefused: (e) => Effect.succeed<Checked>({ _tag: "Answered", response: refusedPage(req, e.description) }),
      Redirectable: (e) =>
        Effect.succeed<Checked>({
          _tag: "Answered",
          response: Responses.redirect(
            redirectWith(server, e.redirectUri, e.state, { error: e.error, error_description: e.description })
          )
        })
    })
  )
}

export const showConsent = (req: Authed) =>
  Effect.gen(function*() {
    const params: Record<string, string> = {}
    for (const name of names) {
      const value = req.url.searchParams.get(name)
      if (value !== null) params[name] = value
    }
    const checked = yield* check(req, params)
    return checked._tag === "Answered" ? checked.response : show(req, checked.request, params)
  })

export const submitConsent = (req: Authed) =>
  Effect.gen(function*() {
    const params: Record<string, string> = {}
    for (const name of names) if (req.form[name] !== undefined) params[name] = req.form[name]
    const checked = yield* check(req, params)
    if (checked._tag === "Answered") return checked.response
    const { request } = checked
    const server = OAuth.serverFor(req.settings.publicUrl)
    const granted = Forms.all(req.form, "grant").filter(Scope.isScope)
    if (Forms.field(req.form, "decision") !== "approve" || granted.length === 0) {
      return Responses.redirect(
        redirectWith(server, request.redirectUri, request.state, {
          error: "access_denied",
          error_description: "The person did not approve the connection"
        })
      )
    }
    const code = yield* issueCode(request, req.me.account.id, granted)
    return Responses.redirect(redirectWith(server, request.redirectUri, request.state, { code }))
  })
