/**
 * The search language in SQL (docs/search.md, "How a query runs"): a query's tree becomes one WHERE condition over
 * `bookmarks`. Each stretch of plain words, phrases, `-` and `OR` becomes one tsquery built from
 * `websearch_to_tsquery` pieces joined with `&&`, `||` and `!!`, so words keep the meaning `q` always had (a stop
 * word alone adds nothing, punctuation alone matches nothing); every operator is a condition on its own column.
 */
import { type AccountId, CanonicalUrl, List, SearchQuery as Q, Tags } from "@bookmark-library/domain"
import type * as SqlClient from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"

const plainWord = /^[\p{L}\p{N}_]+$/u

/** The tsquery of a full-text node (`Q.isText`). */
const tsquery = (sql: SqlClient.SqlClient, node: Q.Node): Fragment => {
  switch (node._tag) {
    case "Word":
      // The word still being typed also matches as a prefix (`to_tsquery`'s `:*`), only when it is a plain word.
      return node.prefix && plainWord.test(node.text)
        ? sql`to_tsquery('english', ${`${node.text}:*`})`
        : sql`websearch_to_tsquery('english', ${node.text})`
    case "Phrase":
      return sql`websearch_to_tsquery('english', ${`"${node.text}"`})`
    case "Not":
      return sql`(!! ${tsquery(sql, node.node)})`
    case "And":
      return sql.join(" && ", true)(node.nodes.map((n) => tsquery(sql, n)))
    case "Or":
      return sql.join(" || ", true)(node.nodes.map((n) => tsquery(sql, n)))
    default:
      return sql`''::tsquery`
  }
}

/** Whether a full-text node has a `-` anywhere: such a node reads the bookmark's own text only. */
const negates = (node: Q.Node): boolean =>
  node._tag === "Not" || ((node._tag === "And" || node._tag === "Or") && node.nodes.some(negates))

/**
 * The bookmark's text, or (words without `-`) one of its highlights' quote and note (docs/reading.md,
 * "Highlights"): the account's matching highlights are one index scan, hashed once per query.
 */
const textMatch = (sql: SqlClient.SqlClient, node: Q.Node, accountId: AccountId) => {
  const query = tsquery(sql, node)
  if (negates(node)) return sql`search @@ ${query}`
  return sql`(search @@ ${query} OR id IN (
    SELECT h.bookmark_id FROM highlights h WHERE h.account_id = ${accountId} AND h.search @@ ${query}))`
}

/**
 * Another bookmark of the account has the same canonical URL: a probe of `(account_id, canonical_url, …)` per row
 * walked newest first, stopping at the page's end. `OFFSET 0` keeps the probe a per-row subplan: as a semi-join the
 * planner hashed the whole library (about a second at 100,000 bookmarks; bench/notes.md, "Smart queries"). The
 * probe repeats `<> ''`: the index is partial, and a generic plan cannot prove it from the equality alone. The same
 * for the same content under another URL (`content_hash`, index `bookmarks_content`; docs/search.md).
 */
const duplicate = (sql: SqlClient.SqlClient, accountId: AccountId) =>
  sql`((canonical_url <> '' AND EXISTS (
    SELECT 1 FROM bookmarks d
    WHERE d.account_id = ${accountId} AND d.canonical_url = bookmarks.canonical_url AND d.canonical_url <> ''
      AND d.id <> bookmarks.id
    OFFSET 0)) OR (content_hash <> '' AND EXISTS (
    SELECT 1 FROM bookmarks c
    WHERE c.account_id = ${accountId} AND c.content_hash = bookmarks.content_hash AND c.content_hash <> ''
      AND c.id <> bookmarks.id
    OFFSET 0)))`

const state = (sql: SqlClient.SqlClient, name: Q.State, accountId: AccountId): Fragment => {
  switch (name) {
    case "favourite":
      return sql`favourite`
    case "archived":
      return sql`archived`
    case "unread":
      return sql`NOT archived`
    case "broken":
      return sql`link_state IN ('gone', 'unreachable')`
    case "moved":
    case "gone":
    case "unreachable":
      return sql`link_state = ${name}`
    case "failed":
      return sql`(status = 'ready' AND processing_error <> '')`
    case "processing":
      return sql`status = 'processing'`
    case "duplicate":
      return duplicate(sql, accountId)
    case "highlighted":
      return sql`EXISTS (SELECT 1 FROM highlights h WHERE h.bookmark_id = bookmarks.id)`
  }
}

/**
 * `site_key` (CanonicalUrl.siteKey, a C-collated column) of the site and its subdomains lies in
 * [`com.example.`, `com.example/`): `/` is the character after `.`, so the range is an index range.
 */
const site = (sql: SqlClient.SqlClient, host: string) => {
  const key = CanonicalUrl.siteKey(host)
  return sql`(site_key >= ${key} AND site_key < ${`${key.slice(0, -1)}/`})`
}

/**
 * `list:"Name"`: members of the account's list of that name (`lists_account_name`) or of any list below it, found by
 * walking `lists_parent` down (docs/search.md, "Lists in a query"). An unknown name is an empty set. The list ids are
 * an `ARRAY(…)` computed once (an InitPlan): as a plain sub-select the planner guessed a hundred lists, hashed every
 * member row and scanned the library (350 ms at 100,000 bookmarks); with the array it walks the library newest first
 * and probes `list_items_bookmark` per row, stopping at the page's end.
 */
const inList = (sql: SqlClient.SqlClient, name: string, accountId: AccountId) =>
  sql`bookmarks.id IN (
    SELECT i.bookmark_id FROM list_items i WHERE i.list_id = ANY(ARRAY(
      WITH RECURSIVE below (id) AS (
        SELECT id FROM lists WHERE account_id = ${accountId} AND name_key = ${List.nameKey(name.trim())}
        UNION SELECT l.id FROM lists l JOIN below ON l.parent_id = below.id
      )
      SELECT id FROM below)))`

/** The WHERE condition of `node` over the account's rows of the `bookmarks` table. */
export const condition = (sql: SqlClient.SqlClient, node: Q.Node, accountId: AccountId): Fragment => {
  if (Q.isText(node)) return textMatch(sql, node, accountId)
  switch (node._tag) {
    case "Tag":
      return sql`tag_keys @> ${[Tags.tagKey(node.tag)]}::text[]`
    case "Site":
      return site(sql, node.host)
    case "Type":
      return sql`type = ${node.type}`
    case "InList":
      return inList(sql, node.name, accountId)
    case "Is":
      return state(sql, node.state, accountId)
    case "Saved":
      return node.when === "before"
        ? sql`created_at < ${Q.savedBound(node)}`
        : sql`created_at >= ${Q.savedBound(node)}`
    case "Not":
      return sql`NOT (${condition(sql, node.node, accountId)})`
    case "Or":
      return sql.or(node.nodes.map((n) => condition(sql, n, accountId)))
    case "And": {
      // The words of one AND make one tsquery, as `q` always did ("the cat": the stop word adds nothing).
      const words = node.nodes.filter(Q.isText)
      const others = node.nodes.filter((n) => !Q.isText(n)).map((n) => condition(sql, n, accountId))
      const [only] = words
      const text = only === undefined
        ? []
        : [textMatch(sql, words.length === 1 ? only : { _tag: "And", nodes: words }, accountId)]
      return sql.and([...text, ...others])
    }
    default:
      return sql`FALSE`
  }
}
