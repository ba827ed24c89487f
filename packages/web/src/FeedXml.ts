/** RSS 2.0 and Atom 1.0 documents of a feed (docs/lists.md, "Feeds"): escaped, XML-safe text only. */
import { Bookmark, type Feed } from "@bookmark-library/domain"

/** Characters XML 1.0 cannot carry (C0 controls but tab, line feed, carriage return; U+FFFE, U+FFFF) are dropped. */
// oxlint-disable-next-line no-control-regex -- these are the characters to drop
const xmlUnsafe = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export const escape = (text: string): string =>
  text.replace(xmlUnsafe, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;"
  ).replace(/'/g, "&apos;")

const titleOf = (record: Bookmark.Record) => {
  const eff = Bookmark.effective(record)
  return eff.title !== "" ? eff.title : record.url !== "" ? record.url : eff.note.slice(0, 80)
}

const summaryOf = (record: Bookmark.Record) => {
  const eff = Bookmark.effective(record)
  return record.derived.summary !== "" ? record.derived.summary : eff.description !== "" ? eff.description : eff.note
}

export interface Links {
  /** The service's page for the feed's readers to visit. */
  readonly home: string
  /** This document's own address. */
  readonly self: string
  /** The feed's stable id (the secret link's id, never its token). */
  readonly id: string
}

export const rss = (feed: Feed, links: Links): string => {
  const items = feed.items.map((r) => {
    const eff = Bookmark.effective(r)
    return `<item><title>${escape(titleOf(r))}</title>${r.url === "" ? "" : `<link>${escape(r.url)}</link>`}` +
      `<guid isPermaLink="false">${escape(r.id)}</guid><pubDate>${new Date(r.createdAt).toUTCString()}</pubDate>` +
      `<description>${escape(summaryOf(r))}</description>` +
      eff.tags.map((t) => `<category>${escape(t)}</category>`).join("") + `</item>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">` +
    `<channel><title>${escape(feed.title)}</title><link>${escape(links.home)}</link>` +
    `<description>Bookmarks: ${escape(feed.title)}</description>` +
    `<atom:link href="${escape(links.self)}" rel="self" type="application/rss+xml"/>` +
    `<lastBuildDate>${new Date(feed.updatedAt).toUTCString()}</lastBuildDate>${items.join("\n")}</channel></rss>\n`
}

export const atom = (feed: Feed, links: Links): string => {
  const entries = feed.items.map((r) => {
    const eff = Bookmark.effective(r)
    return `<entry><title>${escape(titleOf(r))}</title><id>urn:bookmark-library:${escape(r.id)}</id>` +
      `<updated>${new Date(r.createdAt).toISOString()}</updated>` +
      (r.url === "" ? "" : `<link rel="alternate" href="${escape(r.url)}"/>`) +
      `<summary>${escape(summaryOf(r))}</summary>` +
      eff.tags.map((t) => `<category term="${escape(t)}"/>`).join("") + `</entry>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">` +
    `<title>${escape(feed.title)}</title><id>urn:bookmark-library:feed:${escape(links.id)}</id>` +
    `<updated>${new Date(feed.updatedAt).toISOString()}</updated>` +
    `<link rel="self" href="${escape(links.self)}"/><link rel="alternate" href="${escape(links.home)}"/>` +
    `<author><name>Bookmarks</name></author>${entries.join("\n")}</feed>\n`
}
