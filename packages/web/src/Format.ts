/** Small formatting helpers shared by the pages: dates, hosts, plurals. */
import type { Bookmark } from "@bookmark-library/domain"
import * as TimeZone from "./TimeZone.js"

/** A time in the person's zone (`TimeZone.ts`), to the minute, with the zone's short name. */
export const date = (iso: string | number | null, zone: string): string => {
  if (iso === null) return "never"
  const ms = new Date(iso).getTime()
  return Number.isNaN(ms) ? "" : TimeZone.dateTime(ms, zone)
}

export const host = (url: string): string => {
  try {
    return new URL(url).host
  } catch {
    return ""
  }
}

/** What a bookmark is called in lists: its title, else its address, else (a note) "Untitled note". */
export const title = (b: Pick<Bookmark.Bookmark, "title" | "url" | "type">): string =>
  b.title !== "" ? b.title : b.url !== "" ? b.url : "Untitled note"

/** A size as a person reads it: bytes under a kilobyte, then kB, MB, GB with one decimal below 10 (SI units). */
export const bytes = (n: number): string => {
  if (n < 1000) return plural(n, "byte")
  const units = ["kB", "MB", "GB", "TB"]
  let value = n / 1000
  let unit = 0
  while (value >= 999.5 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US")} ${units[unit]}`
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`

const notices: Record<string, string> = {
  welcome: "Welcome! Save your first page below, or create an API key to use the API.",
  saved: "Saved. The page is being fetched; its title, summary and screenshot appear in a moment.",
  note: "Note saved.",
  deleted: "Deleted.",
  edited: "Changes saved.",
  "generated-kept": "Generated tags kept: they are your tags now, also after a refresh.",
  "generated-kept-more": "Generated tags kept on the first 1,000 bookmarks: press again for the rest.",
  "generated-dropped": "Generated tags dropped: they will not be generated for these bookmarks again.",
  "generated-dropped-more": "Generated tags dropped from the first 1,000 bookmarks: press again for the rest.",
  "generated-unknown": "Choose Keep or Drop, for a tag of your library.",
  refreshing: "Refreshing: the page is fetched and analysed again. Your edits are kept.",
  revoked: "Key revoked. Requests with it are refused from now on.",
  registered: "Webhook registered. Keep its secret: it signs every delivery.",
  enabled: "Webhook active again.",
  "webhook-deleted": "Webhook deleted.",
  password: "Password changed. Your other sessions were signed out.",
  "list-created": "List created.",
  "list-saved": "List saved.",
  "list-deleted": "List deleted. Its bookmarks are still in your library.",
  "list-removed": "Taken out of the list. The bookmark is still in your library.",
  lists: "Lists saved.",
  "tag-renamed": "Tag renamed on every bookmark.",
  "tag-merged": "Tags merged on every bookmark.",
  "feed-revoked": "Feed revoked. Its addresses answer nothing from now on.",
  "tag-deleted": "Tag deleted from every bookmark. The bookmarks are kept.",
  favourite: "Added to favourites.",
  unfavourite: "Removed from favourites.",
  archived: "Archived: marked as read.",
  unarchived: "Back among the unread.",
  merged: "Merged: one bookmark keeps every tag, note, highlight and list of the group."
}

/** Fixed messages by code, so no text from the address bar reaches the page. */
export const notice = (code: string | null): string | undefined => (code === null ? undefined : notices[code])
