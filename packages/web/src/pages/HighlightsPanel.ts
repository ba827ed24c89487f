/**
 * The reader's highlights (docs/reading.md, "Highlights"): the selection toolbar (a form the script fills with the
 * selected passage's anchor), and under the article the list of its highlights, each with its note and a form to
 * recolour, annotate or delete it; the script marks the found ones in the article and moves the others to
 * "Orphaned highlights". Without the script the list still shows every highlight, and the forms work.
 */
import { Highlight } from "@bookmark-library/domain"
import { type Html, html } from "../Html.js"
import type { Authed } from "../WebRequest.js"

const colourNames: Record<Highlight.Colour, string> = {
  yellow: "Yellow",
  green: "Green",
  blue: "Blue",
  pink: "Pink",
  purple: "Purple"
}

export const colourName = (colour: Highlight.Colour) => colourNames[colour]

const csrf = (req: Authed) => html`<input type="hidden" name="_csrf" value="${req.csrf}">`

/** The toolbar shown by a selection: one button a colour, and an optional note. */
export const toolbar = (req: Authed, bookmarkId: string) =>
  html`<div id="highlight-toolbar" class="highlight-toolbar" role="toolbar" aria-label="Highlight the selection" hidden>
<form method="post" action="/bookmarks/${encodeURIComponent(bookmarkId)}/highlights">${csrf(req)}
<input type="hidden" name="exact"><input type="hidden" name="prefix"><input type="hidden" name="suffix">
<input type="hidden" name="start"><input type="hidden" name="end">
${
    Highlight.colours.map((c) =>
      html`<button type="submit" class="swatch swatch-${c}" name="colour" value="${c}" aria-label="Highlight ${
        colourNames[c].toLowerCase()
      }" title="Highlight ${colourNames[c].toLowerCase()}"></button>`
    )
  }
<label class="visually-hidden" for="highlight-note">Note (optional)</label>
<textarea id="highlight-note" name="note" placeholder="Add a note (optional)" maxlength="${Highlight.maxNoteLength}"></textarea>
</form>
</div>`

const item = (req: Authed, h: Highlight.Highlight) =>
  html`<li id="hl-${h.id}" class="highlight-item swatch-${h.colour}" data-highlight-id="${h.id}" data-colour="${h.colour}" data-exact="${h.exact}" data-prefix="${h.prefix}" data-suffix="${h.suffix}" data-start="${
    String(h.start)
  }" data-end="${String(h.end)}">
<blockquote>${h.exact}</blockquote>
${h.note === "" ? "" : html`<p class="note">${h.note}</p>`}
<details><summary>Edit or delete<span class="visually-hidden"> this highlight</span></summary>
<form class="edit" method="post" action="/highlights/${h.id}">${csrf(req)}
<fieldset><legend class="visually-hidden">Colour</legend>${
    Highlight.colours.map((c) =>
      html`<label class="colour"><input type="radio" name="colour" value="${c}"${
        c === h.colour ? html` checked` : ""
      }><span class="swatch-dot swatch-${c}" aria-hidden="true"></span>${colourNames[c]}</label>`
    )
  }</fieldset>
<label for="note-${h.id}">Note</label>
<textarea id="note-${h.id}" name="note" maxlength="${Highlight.maxNoteLength}">${h.note}</textarea>
<div class="actions"><button type="submit">Save</button></div>
</form>
<form method="post" action="/highlights/${h.id}/delete">${
    csrf(req)
  }<button type="submit" class="danger">Delete highlight</button></form>
</details>
</li>`

/** Under the article: its highlights, and (filled by the script) the orphaned ones. */
export const panel = (req: Authed, bookmarkId: string, highlights: ReadonlyArray<Highlight.Highlight>): Html =>
  html`<section id="highlights" class="highlights-panel" aria-labelledby="highlights-title">
<div data-anchored${highlights.length === 0 ? html` hidden` : ""}>
<h2 id="highlights-title">Highlights</h2>
<ul class="highlight-items" data-anchored-list>${highlights.map((h) => item(req, h))}</ul>
</div>
<div id="orphaned-highlights" class="orphaned-highlights" hidden>
<h2>Orphaned highlights</h2>
<p class="hint">The text changed since these were made and the passage is no longer in it. They are kept here.</p>
<ul class="highlight-items"></ul>
</div>
<p class="small muted">${
    highlights.length === 0 ? "Select text in the article to highlight it." : ""
  } <a href="/bookmarks/${
    encodeURIComponent(bookmarkId)
  }/highlights.md" download>Export highlights as Markdown</a> · <a href="/highlights">All highlights</a></p>
</section>`
