/** A new text note: a title and a text, no page; listed, searched and delivered like any bookmark. */
import { renderNote, saveNote } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { preview } from "./NotePreview.js"

interface Values {
  readonly title: string
  readonly text: string
  readonly tags: string
}

const form = (req: Authed, values: Values, textHtml: string, error?: string) =>
  Layout.page(
    req,
    { title: "New note", section: "library" },
    html`
<h1>New note</h1>
${Layout.notice(error, "error")}
<form class="stack" method="post" action="/notes">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="title">Title</label><input id="title" name="title" type="text" value="${values.title}"></div>
<div><label for="text">Text <span class="hint">Markdown: *emphasis*, [links](https://…), lists, \`code\`</span></label><textarea id="text" name="text" rows="10" hx-post="/notes/preview" hx-vals='{"preview":"text"}' hx-trigger="input changed delay:400ms" hx-include="closest form" hx-target="#note-preview" hx-swap="outerHTML" aria-describedby="note-preview-label">${values.text}</textarea>
<p class="hint" id="note-preview-label">Preview</p>${preview(textHtml)}</div>
<div><label for="tags">Tags <span class="hint">comma-separated</span></label><input id="tags" name="tags" type="text" value="${values.tags}"></div>
<div class="actions"><button type="submit">Save note</button><a href="/">Cancel</a></div>
</form>`
  )

export const show = (req: Authed) =>
  Effect.succeed(Responses.htmlPage(req, form(req, { title: "", text: "", tags: "" }, "")))

export const submit = (req: Authed) =>
  Effect.gen(function*() {
    const values = {
      title: Forms.field(req.form, "title"),
      text: Forms.field(req.form, "text"),
      tags: Forms.field(req.form, "tags")
    }
    const saved = yield* Outcome.orInvalid(saveNote(req.me.account.id, values))
    if (saved._tag === "Success") {
      return Responses.redirect(`/bookmarks/${encodeURIComponent(saved.success.id)}?notice=note`)
    }
    const textHtml = yield* renderNote(values.text)
    return Responses.htmlPage(req, form(req, values, textHtml, Outcome.message(saved.failure)), { status: 400 })
  })
