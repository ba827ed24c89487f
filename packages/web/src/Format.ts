/** Small formatting helpers shared by the pages: dates, hosts, plurals. */
import type { Bookmark } from "@bookmark-library/domain"

export const date = (iso: string | number | null): string => {
  if (iso === null) return "never"
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16).replace("T", " ") + " UTC"
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

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`

const notices: Record<string, string> = {
  welcome: "Welcome! Save your first page below, or create an API key to use the API.",
  saved: "Saved. The page is being fetched; its title, summary and screenshot appear in a moment.",
  note: "Note saved.",
  deleted: "Deleted.",
  edited: "Changes saved.",
  refreshing: "Refreshing: the page is fetched and analysed again. Your edits are kept.",
  revoked: "Key revoked. Requests with it are refused from now on.",
  registered: "Webhook registered. Keep its secret: it signs every delivery.",
  enabled: "Webhook active again.",
  "webhook-deleted": "Webhook deleted.",
  password: "Password changed. Your other sessions were signed out."
}

/** Fixed messages by code, so no text from the address bar reaches the page. */
export const notice = (code: string | null): string | undefined => (code === null ? undefined : notices[code])
