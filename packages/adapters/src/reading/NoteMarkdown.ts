/**
 * A note's Markdown (docs/reading.md, "Notes"): `markdown-it` with raw HTML off (a `<b>` typed in a note shows as
 * text), line breaks kept (`breaks`), bare addresses linked, and only the subset a note needs: paragraphs, links,
 * emphasis, lists, code, quotes. Headings, images (they would load from another site), tables and the rest are
 * switched off. The result then goes through the same sanitiser as a page.
 */
import type MarkdownIt from "markdown-it"
import { onFirstUse } from "../OnFirstUse.js"
import { sanitize } from "./Sanitizer.js"

const markdown = onFirstUse(
  "markdown-it",
  (module) =>
    new (module as typeof MarkdownIt)("zero", { html: false, breaks: true, linkify: true, typographer: false })
      .enable([
        "paragraph",
        "newline",
        "text",
        "escape",
        "backticks",
        "emphasis",
        "link",
        "autolink",
        "linkify",
        "list",
        "code",
        "fence",
        "blockquote",
        "hr",
        "strikethrough",
        "entity"
      ])
)

/** Longer notes are rendered up to here (a note is at most this long anyway: the Text rule caps fields). */
const maxLength = 100_000

export const render = (note: string): string => sanitize(markdown().render(note.slice(0, maxLength)))
