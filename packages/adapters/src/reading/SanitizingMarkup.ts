/** The `Markup` port over `sanitize-html`, `markdown-it` and Readability (docs/reading.md). */
import { Markup } from "@bookmark-library/domain"
import { Layer, Option } from "effect"
import * as NoteMarkdown from "./NoteMarkdown.js"
import * as ReadableHtml from "./ReadableHtml.js"
import { sanitize } from "./Sanitizer.js"

export const layer = Layer.succeed(Markup, {
  sanitize,
  note: NoteMarkdown.render,
  // A page that breaks the parser has no reader view; it never fails the request or the job.
  readable: (html, url) => {
    try {
      return Option.fromNullishOr(ReadableHtml.read(html, url))
    } catch {
      return Option.none()
    }
  }
})
