/** A bookmark's Edit page: the person's values become overrides; the note with its live preview (NotePreview.ts). */
import { Actor, type Bookmark, BookmarkType, editBookmark, getBookmark, renderNote } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { id, path } from "./BookmarkPage.js"
import { typeLabels } from "./Library.js"
import { preview } from "./NotePreview.js"

interface EditValues {
  readonly title: string
  readonly description: string
  readonly tags: string
  readonly note: string
  readonly type: string
}

const editForm = (req: Authed, b: Bookmark.Bookmark, values: EditValues, noteHtml: string, error?: string) =>
  Layout.page(
    req,
    { title: `Edit ${Format.title(b)}`, section: "library" },
    html`
<h1>Edit</h1>
<p class="muted">${
      Format.title(b)
    }. Your values replace what was found on the page, in the app, the API and webhooks, also after a refresh.</p>
${Layout.notice(error, "error")}
<form class="stack" method="post" action="${path(b)}/edit">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="title">Title</label><input id="title" name="title" type="text" value="${values.title}"></div>
<div><label for="description">Description</label><textarea id="description" name="description" rows="3">${values.description}</textarea></div>
<div><label for="tags">Tags <span class="hint">comma-separated</span></label><input id="tags" name="tags" type="text" value="${values.tags}"></div>
<div><label for="note">Note <span class="hint">Markdown: *emphasis*, [links](https://…), lists, \`code\`</span></label><textarea id="note" name="note" rows="5" hx-post="/notes/preview" hx-trigger="input changed delay:400ms" hx-include="closest form" hx-target="#note-preview" hx-swap="outerHTML" aria-describedby="note-preview-label">${values.note}</textarea>
<p class="hint" id="note-preview-label">Preview</p>${preview(noteHtml)}</div>
<div><label for="type">Type</label><select id="type" name="type">${
      BookmarkType.all.map((t) =>
        html`<option value="${t}"${values.type === t ? html` selected` : ""}>${typeLabels[t]}</option>`
      )
    }</select></div>
<div class="actions"><button type="submit">Save changes</button><a href="${path(b)}">Cancel</a></div>
</form>`
  )

const valuesOf = (b: Bookmark.Bookmark): EditValues => ({
  title: b.title,
  description: b.description,
  tags: b.tags.join(", "),
  note: b.note,
  type: b.type
})

export const showEdit = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    return Responses.htmlPage(req, editForm(req, b, valuesOf(b), yield* renderNote(b.note)))
  })

/** Only what the person changed becomes an override: an untouched field keeps following the page. */
export const submitEdit = (req: Authed) =>
  Effect.gen(function*() {
    const b = yield* getBookmark(req.me.account.id, id(req))
    const now = valuesOf(b)
    const sent: EditValues = {
      title: Forms.field(req.form, "title"),
      description: Forms.field(req.form, "description"),
      tags: Forms.field(req.form, "tags"),
      note: Forms.field(req.form, "note"),
      type: Forms.field(req.form, "type") || b.type
    }
    const typeChanged = sent.type !== now.type && BookmarkType.isBookmarkType(sent.type)
    const payload = {
      ...(sent.title !== now.title ? { title: sent.title } : {}),
      ...(sent.description !== now.description ? { description: sent.description } : {}),
      ...(sent.tags !== now.tags ? { tags: sent.tags } : {}),
      ...(sent.note !== now.note ? { note: sent.note } : {}),
      ...(typeChanged && BookmarkType.isBookmarkType(sent.type) ? { type: sent.type } : {})
    }
    const edited = yield* Outcome.orInvalid(editBookmark(Actor.account(req.me.account.id), b.id, payload))
    if (edited._tag === "Success") return Responses.redirect(`${path(b)}?notice=edited`)
    const noteHtml = yield* renderNote(sent.note)
    return Responses.htmlPage(req, editForm(req, b, sent, noteHtml, Outcome.message(edited.failure)), { status: 400 })
  })
