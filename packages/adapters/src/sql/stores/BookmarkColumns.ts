/** The columns SqlBookmarks writes besides a record's own: effective values, URL keys, whole rows for inserts. */
import { Bookmark, CanonicalUrl, ContentHash, Tags } from "@bookmark-library/domain"
import * as ArchiveColumn from "../rows/ArchiveColumn.js"
import { Int8, Row } from "../rows/RowSchema.js"

export const StampRow = Row({ createdAt: Int8 })

/** What filters and search read: the values a reader sees (`Bookmark.effective`). */
export const effectiveColumns = (record: Bookmark.Record) => {
  const eff = Bookmark.effective(record)
  return {
    title: eff.title,
    description: eff.description,
    note: eff.note,
    type: eff.type,
    tags: JSON.stringify(eff.tags),
    keys: [...new Set(eff.tags.map(Tags.tagKey))]
  }
}

/** What duplicates and `site:` read (docs/search.md): computed from the URL, which never changes. */
export const urlColumns = (url: string) => ({
  canonical: CanonicalUrl.canonical(url),
  siteKey: CanonicalUrl.siteKey(CanonicalUrl.site(url))
})

/** A record keeps Markdown only when there is some ("" and absent read the same: the text stands in). */
export const markdownOf = (markdown: string | undefined): { pageMarkdown?: string } =>
  markdown === undefined || markdown === "" ? {} : { pageMarkdown: markdown }

/** Every column of a new row, for multi-row inserts. */
export const toRow = (r: Bookmark.Record) => {
  const eff = effectiveColumns(r)
  const d = r.derived
  return {
    id: r.id,
    account_id: r.accountId,
    url: r.url,
    source: r.source,
    created_at: r.createdAt,
    status: r.status,
    processing_error: r.processingError,
    caller_tags: JSON.stringify(r.callerTags),
    note: r.note,
    title: d.title,
    description: d.description,
    // The column the type filter reads holds the effective type, as `insert` and `rewrite` write it.
    type: eff.type,
    image: d.image,
    favicon: d.favicon,
    screenshot: d.screenshot,
    summary: d.summary,
    thumbnail: d.thumbnail ?? "",
    icon: d.icon ?? "",
    derived_tags: JSON.stringify(d.tags),
    overrides: JSON.stringify(r.overrides),
    archive: ArchiveColumn.write(d.archive),
    page_text: r.pageText,
    page_markdown: r.pageMarkdown ?? null,
    content_hash: ContentHash.of(r.pageText),
    effective_title: eff.title,
    effective_description: eff.description,
    effective_note: eff.note,
    effective_tags: eff.tags,
    tag_keys: eff.keys,
    canonical_url: urlColumns(r.url).canonical,
    site_key: urlColumns(r.url).siteKey,
    favourite: r.favourite === true,
    archived: r.archived === true
  }
}
