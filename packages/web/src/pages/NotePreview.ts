/** A note as it will show while it is typed: the preview region and `POST /notes/preview` (Edit and the new note page). */
import { renderNote } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Forms from "../Forms.js"
import { html, raw } from "../Html.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

/** The note's preview region, replaced by `POST /notes/preview` as the note is typed (htmx). */
export const preview = (noteHtml: string) =>
  html`<div id="note-preview" class="note-preview note-body" aria-live="polite">${
    noteHtml === "" ? html`<span class="muted">Nothing yet.</span>` : raw(noteHtml)
  }</div>`

/** `POST /notes/preview` (CSRF-checked like every form): the note (or a new text note) as it will show, sanitised. */
export const previewNote = (req: Authed) =>
  Effect.map(
    // The new note page's field is `text` (it says so with `preview=text`); the Edit page's is `note`.
    renderNote(Forms.field(req.form, Forms.field(req.form, "preview") === "text" ? "text" : "note")),
    (noteHtml) => Responses.htmlPage(req, preview(noteHtml))
  )
