/**
 * A search the library cannot read (docs/search.md, "Errors"): the parser's sentence, and the query as typed with
 * the character at fault underlined, inside the results region so a live search shows it too.
 */
import type { Errors } from "@bookmark-library/domain"
import { type Html, html } from "../Html.js"

/** Whether `error` is about the search query (it carries where). */
export const isQueryProblem = (error: Errors.InvalidInput): boolean =>
  error.code === "invalid_query" && error.offset !== undefined

/** `query` with the code point at `offset` marked (a space at the end when the fault is past the last character). */
export const marked = (query: string, offset: number): Html => {
  const at = Math.max(0, Math.min(offset, query.length))
  const fault = String.fromCodePoint(query.codePointAt(at) ?? 32)
  const rest = query.slice(at + fault.length)
  return html`<code class="query-text">${query.slice(0, at)}<mark class="fault">${fault}</mark>${rest}</code>`
}

export const render = (query: string, error: Errors.InvalidInput): Html =>
  html`<div id="results" class="query-problem" role="alert">
<p class="notice error" id="q-problem">${error.reason}</p>
<p class="small">Your search: ${marked(query, error.offset ?? 0)}. See the search help: words, "phrases", -word, OR,
 ( ), #tag, site:, type:, is:favourite, is:archived, is:unread, is:broken, is:duplicate, before:, after:.</p>
</div>`
