/**
 * The full-text query of `GET /bookmarks?q=` (docs/decisions.md, "Bookmarks", `q`): `websearch_to_tsquery` syntax, the last word
 * also matching as a prefix so results appear while a word is still being typed.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Option } from "effect"

export interface Parts {
  /** Everything before the prefix word, in websearch syntax (may be empty). */
  readonly head: string
  /** The last word when it is a plain word that may be completed. */
  readonly prefix: Option.Option<string>
}

const plainWord = /^[\p{L}\p{N}_]+$/u

/** Splits off the last word when it is a plain word and not part of an `or` or a quoted phrase. */
export const parts = (q: string): Parts => {
  const words = q.trim().split(/\s+/)
  const last = words[words.length - 1] ?? ""
  const head = words.slice(0, -1)
  const quoted = (head.join(" ").match(/"/g)?.length ?? 0) % 2 === 1
  const afterOr = head[head.length - 1]?.toLowerCase() === "or"
  return plainWord.test(last) && last.toLowerCase() !== "or" && !quoted && !afterOr
    ? { head: head.join(" "), prefix: Option.some(last) }
    : { head: q.trim(), prefix: Option.none() }
}

/** The tsquery for `q` (english configuration, as the `search` column). */
export const tsquery = (sql: SqlClient.SqlClient, q: string): Fragment => {
  const { head, prefix } = parts(q)
  return Option.match(prefix, {
    onNone: () => sql`websearch_to_tsquery('english', ${head})`,
    onSome: (word) =>
      sql`(websearch_to_tsquery('english', ${head}) && to_tsquery('english', ${`${word}:*`}))`
  })
}
