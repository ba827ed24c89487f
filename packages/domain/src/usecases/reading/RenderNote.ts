/**
 * Use case: a note as HTML (docs/reading.md, "Notes"): a safe subset of Markdown, sanitised; without a Markup
 * service (compositions that do not show notes) it is escaped text with its line breaks.
 */
import { Effect, Option } from "effect"
import { Markup } from "../../ports/Markup.js"
import { textAsHtml } from "./ReaderView.js"

export const renderNote = Effect.fnUntraced(function*(markdown: string) {
  const markup = yield* Effect.serviceOption(Markup)
  return Option.isSome(markup) ? markup.value.note(markdown) : textAsHtml(markdown)
})
