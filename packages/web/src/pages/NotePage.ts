/** A new text note: a title and a text, no page; listed, searched and delivered like any bookmark. */
import { saveNote } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

interface Values {
  readonly title: string
  readonly text: string
  readonly tags: string
}

const form = (req: Authed, values: Values, error?: string) =>
  Layout.page(req, { title: "New note", section: "library" }, html`
<h1>New note</h1>
${Layout.notice(error, "error")}
<form class="stack" method="post" action="/notes">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="title">Title</label><input id="title" name="title" type="text" value="${values.title}"></div>
<div><label for="text">Text</label><textarea id="text" name="text" rows="10">${values.text}</textarea></div>
<div><label for="tags">Tags <span class="hint">comma-separated</span></label><input id="tags" name="tags" type="text" value="${values.tags}"></div>
<div class="actions"><button type="submit">Save note</button><a href="/">Cancel</a></div>
</form>`)

export const show = (req: Authed) => Effect.succeed(Responses.htmlPage(req, form(req, { title: "", text: "", tags: "" })))

export const submit = (req: Authed) =>
  Effect.gen(function*() {
    const values = { title: Forms.field(req.form, "title"), text: Forms.field(req.form, "text"), tags: Forms.field(req.form, "tags") }
    const saved = yield* Outcome.orInvalid(saveNote(req.me.account.id, values))
    if (saved._tag === "Right") return Responses.redirect(`/bookmarks/${encodeURIComponent(saved.right.id)}?notice=note`)
    return Responses.htmlPage(req, form(req, values, Outcome.message(saved.left)), { status: 400 })
  })
