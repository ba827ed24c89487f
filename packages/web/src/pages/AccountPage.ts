/** The person's account: who is signed in, change password, sign out everywhere. */
import { changePassword, signOutEverywhere } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import * as SessionCookie from "../SessionCookie.js"
import type { Authed } from "../WebRequest.js"

const render = (req: Authed, error?: string, status = 200) =>
  Responses.htmlPage(req, Layout.page(req, { title: "Account", section: "account" }, html`
<h1>Account</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
<dl class="fields">
<dt>Signed in as</dt><dd>${req.me.user.email}</dd>
<dt>Account</dt><dd><code>${req.me.account.id}</code></dd>
<dt>Plan</dt><dd>${req.me.account.plan}</dd>
<dt>Session ends</dt><dd>${Format.date(req.me.session.expiresAt)} <span class="muted">(30 days after your last visit)</span></dd>
</dl>
<section class="panel" aria-labelledby="password-heading">
<h2 id="password-heading">Change password</h2>
${Layout.notice(error, "error")}
<form class="stack" method="post" action="/account/password">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="current">Current password</label><input id="current" name="current" type="password" autocomplete="current-password" required></div>
<div><label for="next">New password <span class="hint">(at least 8 characters)</span></label><input id="next" name="next" type="password" autocomplete="new-password" minlength="8" required></div>
<div><button type="submit">Change password</button></div>
</form>
</section>
<section class="panel" aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Sessions</h2>
<p class="muted">Signed in on a computer you no longer use? End every session, this one included.</p>
<form method="post" action="/account/sign-out-everywhere"><input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="danger">Sign out everywhere</button></form>
</section>`), { status })

export const show = (req: Authed) => Effect.succeed(render(req))

export const password = (req: Authed) =>
  Effect.gen(function*() {
    const changed = yield* Outcome.orInvalid(changePassword({
      userId: req.me.user.id,
      sessionToken: req.sessionToken,
      current: Forms.field(req.form, "current"),
      next: Forms.field(req.form, "next")
    }))
    if (changed._tag === "Right") return Responses.redirect("/account?notice=password")
    return render(req, Outcome.message(changed.left, { current: "Current password", next: "New password" }), 400)
  })

export const everywhere = (req: Authed) =>
  Effect.map(signOutEverywhere(req.me.user.id), () =>
    Responses.redirect("/sign-in", { "set-cookie": SessionCookie.clear(req.settings.publicUrl) }))
