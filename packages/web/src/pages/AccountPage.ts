/** The person's account: who is signed in, change password, sign out everywhere. */
import { changePassword, hasPassword, signOutEverywhere } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import * as SessionCookie from "../SessionCookie.js"
import type { Authed } from "../WebRequest.js"

/** The password form, or why there is none: passwords are off here, or the person signs in only with the provider. */
const passwordSection = (req: Authed, withPassword: boolean, error: string | undefined) => {
  if (withPassword && req.settings.signIn.password) {
    return html`<section class="panel" aria-labelledby="password-heading">
<h2 id="password-heading">Change password</h2>
${Layout.notice(error, "error")}
<form class="stack" method="post" action="/account/password">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="current">Current password</label><input id="current" name="current" type="password" autocomplete="current-password" required></div>
<div><label for="next">New password <span class="hint">(at least 8 characters)</span></label><input id="next" name="next" type="password" autocomplete="new-password" minlength="8" required></div>
<div><button type="submit">Change password</button></div>
</form>
</section>`
  }
  const provider = Option.match(req.settings.signIn.provider, { onNone: () => "your provider", onSome: (p) => p.name })
  return html`<section class="panel" aria-labelledby="password-heading">
<h2 id="password-heading">Password</h2>
<p class="muted">You sign in with ${provider}; ${
    withPassword ? "password sign-in is off on this server" : "this account has no password"
  }.</p>
</section>`
}

const render = (req: Authed, withPassword: boolean, error?: string, status = 200) =>
  Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Account", section: "account" },
      html`
<h1>Account</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
<dl class="fields">
<dt>Signed in as</dt><dd>${req.me.user.email}</dd>
<dt>Account</dt><dd><code>${req.me.account.id}</code></dd>
<dt>Plan</dt><dd>${req.me.account.plan}</dd>
<dt>Session ends</dt><dd>${
        Format.date(req.me.session.expiresAt, req.zone)
      } <span class="muted">(30 days after your last visit)</span></dd>
</dl>
${passwordSection(req, withPassword, error)}
<section class="panel" aria-labelledby="apps-heading">
<h2 id="apps-heading">Connected apps</h2>
<p class="muted">Assistants you connected with OAuth (ChatGPT, claude.ai, …): see what each may do and disconnect it.</p>
<p><a href="/account/apps">Connected apps</a></p>
</section>
<section class="panel" aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Sessions</h2>
<p class="muted">Signed in on a computer you no longer use? End every session, this one included.</p>
<form method="post" action="/account/sign-out-everywhere"><input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="danger">Sign out everywhere</button></form>
</section>`
    ),
    { status }
  )

export const show = (req: Authed) =>
  Effect.map(hasPassword(req.me.user.id), (withPassword) => render(req, withPassword))

export const password = (req: Authed) =>
  Effect.gen(function*() {
    const changed = yield* Outcome.orInvalid(changePassword({
      userId: req.me.user.id,
      sessionToken: req.sessionToken,
      current: Forms.field(req.form, "current"),
      next: Forms.field(req.form, "next")
    }))
    if (changed._tag === "Success") return Responses.redirect("/account?notice=password")
    const withPassword = yield* hasPassword(req.me.user.id)
    return render(
      req,
      withPassword,
      Outcome.message(changed.failure, { current: "Current password", next: "New password" }),
      400
    )
  })

export const everywhere = (req: Authed) =>
  Effect.map(
    signOutEverywhere(req.me.user.id),
    () => Responses.redirect("/sign-in", { "set-cookie": SessionCookie.clear(req.settings.publicUrl) })
  )
