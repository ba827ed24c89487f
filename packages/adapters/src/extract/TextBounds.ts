/** Whitespace collapsing and length bounds for values taken from pages. */

const invisible = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g

/** One space between words, no invisible characters, trimmed. */
export const collapse = (value: string | null | undefined): string =>
  value ? value.replace(invisible, "").replace(/\s+/g, " ").trim() : ""

/** Never leaves half of a surrogate pair at the end. */
const cutAt = (value: string, end: number): string => {
  const last = value.charCodeAt(end - 1)
  return last >= 0xd800 && last <= 0xdbff ? value.slice(0, end - 1) : value.slice(0, end)
}

/**
 * At most `max` characters, cut at a word boundary when one is near the end. With `ellipsis` the cut is marked
 * by "…" (counted in `max`): a clipped title should look clipped.
 */
export const clip = (value: string, max: number, ellipsis = true): string => {
  if (value.length <= max) return value
  const room = ellipsis ? max - 1 : max
  const head = cutAt(value, room)
  const space = head.lastIndexOf(" ")
  const cut = space >= room * 0.6 ? head.slice(0, space) : head
  return ellipsis ? `${cut.trimEnd()}…` : cut.trimEnd()
}
