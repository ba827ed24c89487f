/** The library's query in its address: search, filters, order, view and date range, read and written back. */
import * as TimeZone from "../TimeZone.js"

export interface Query {
  readonly q: string
  readonly tag: string
  readonly type: string
  readonly view: "grid" | "list"
  readonly sort: "newest" | "oldest" | "title"
  /** `YYYY-MM-DD` days in the person's zone, inclusive; "" when open. */
  readonly from: string
  readonly to: string
}

export const sorts = [["newest", "Newest first"], ["oldest", "Oldest first"], ["title", "Title"]] as const

export const queryOf = (url: URL): Query => {
  const sort = url.searchParams.get("sort")
  return {
    q: url.searchParams.get("q") ?? "",
    tag: url.searchParams.get("tag") ?? "",
    type: url.searchParams.get("type") ?? "",
    view: url.searchParams.get("view") === "list" ? "list" : "grid",
    sort: sort === "oldest" || sort === "title" ? sort : "newest",
    from: (url.searchParams.get("from") ?? "").slice(0, 10),
    to: (url.searchParams.get("to") ?? "").slice(0, 10)
  }
}

export const href = (query: Query, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams()
  if (query.q !== "") params.set("q", query.q)
  if (query.tag !== "") params.set("tag", query.tag)
  if (query.type !== "") params.set("type", query.type)
  if (query.sort !== "newest") params.set("sort", query.sort)
  if (query.from !== "") params.set("from", query.from)
  if (query.to !== "") params.set("to", query.to)
  if (query.view === "list") params.set("view", "list")
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const text = params.toString()
  return text === "" ? "/" : `/?${text}`
}
const day = 24 * 60 * 60 * 1000

/** The date range as instants in the person's zone: `to` includes its whole day. A bad date is said on the page. */
export const rangeOf = (query: Query, zone: string) => {
  const since = query.from === "" ? undefined : TimeZone.startOfDay(query.from, zone)
  const toStart = query.to === "" ? undefined : TimeZone.startOfDay(query.to, zone)
  const problem = (query.from !== "" && since === undefined)
    ? "Saved from must be a date (YYYY-MM-DD)."
    : (query.to !== "" && toStart === undefined)
    ? "Saved to must be a date (YYYY-MM-DD)."
    : undefined
  // The day after `to` starts one day (give or take a change of clocks) later: its start is found the same way.
  const until = toStart === undefined
    ? undefined
    : TimeZone.startOfDay(new Date(toStart + day + 12 * 60 * 60 * 1000).toISOString().slice(0, 10), zone)
  return { since, until, problem }
}
