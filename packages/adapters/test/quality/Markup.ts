/**
 * The content model the quality pages are written in, and how it becomes markup and expectations: paragraphs
 * with light inline syntax (`[[link]]`, `{1}` for a citation marker), sections under headings, lists and code.
 */
import type { Expected, Kind, Page } from "./Page.js"

export interface Section {
  readonly heading?: string
  readonly paragraphs: ReadonlyArray<string>
  readonly list?: ReadonlyArray<string>
  readonly code?: string
}

export interface Content {
  readonly slug: string
  readonly title: string
  readonly lang?: string
  /** What the site declares as the description (meta / Open Graph), when it declares one. */
  readonly description?: string
  readonly sections: ReadonlyArray<Section>
  /**
   * Paragraphs (counted over all sections, from 0) whose sentences make an acceptable summary; by default the lead
   * (the first section's paragraphs, at most three) and the first paragraph of every later section.
   */
  readonly gist?: ReadonlyArray<number>
  readonly topics: ReadonlyArray<string>
  /** When a reader would title the page otherwise than `title`. */
  readonly expectTitle?: string
  /** When the right description is not the declared one (or the lead). */
  readonly expectDescription?: string
}

export const escape = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("\"", "&quot;")

/** Paragraph text to HTML: `[[term]]` is a link, `{n}` a citation marker. */
export const inline = (text: string): string =>
  escape(text)
    .replace(/\[\[([^\]]+)\]\]/g, (_, term: string) =>
      `<a href="/wiki/${encodeURIComponent(term.replaceAll(" ", "_"))}" title="${term}">${term}</a>`)
    .replace(/\{(\d+)\}/g, (_, n: string) =>
      `<sup id="cite_ref-${n}" class="reference"><a href="#cite_note-${n}">[${n}]</a></sup>`)

/** What a reader reads: links as their words; a citation marker as the page shows it ("[1]"), or without it. */
const plain = (text: string): string => text.replace(/\[\[([^\]]+)\]\]/g, "$1").replace(/\{(\d+)\}/g, "[$1]")
const unmarked = (text: string): string => text.replace(/\[\[([^\]]+)\]\]/g, "$1").replace(/\{(\d+)\}/g, "")

const readings = (text: string): ReadonlyArray<string> => [...new Set([plain(text), unmarked(text)])]

export const paragraphs = (content: Content): ReadonlyArray<string> => content.sections.flatMap((s) => s.paragraphs)

/** The sections as article markup: `h2` headings (or `h3` with `level`), paragraphs, lists and code. */
export const body = (
  content: Content,
  options: { readonly heading?: string; readonly between?: (index: number) => string } = {}
) => {
  const tag = options.heading ?? "h2"
  let index = 0
  return content.sections.map((section) => {
    const parts: Array<string> = []
    if (section.heading !== undefined) parts.push(`<${tag}>${escape(section.heading)}</${tag}>`)
    for (const paragraph of section.paragraphs) {
      parts.push(`<p>${inline(paragraph)}</p>`)
      parts.push(options.between?.(index) ?? "")
      index++
    }
    if (section.list !== undefined) {
      parts.push(`<ul>${section.list.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`)
    }
    if (section.code !== undefined) parts.push(`<pre><code>${escape(section.code)}</code></pre>`)
    return parts.join("\n")
  }).join("\n")
}

export const lead = (content: Content): string => plain(paragraphs(content)[0] ?? "")

/** The lead and the topic paragraph of every section, as indices into `paragraphs(content)`. */
const defaultGist = (content: Content): ReadonlyArray<number> => {
  const indices: Array<number> = []
  let at = 0
  content.sections.forEach((section, i) => {
    const count = section.paragraphs.length
    if (i === 0) { for (let k = 0; k < Math.min(count, 3); k++) indices.push(at + k) }
    else if (count > 0) indices.push(at)
    at += count
  })
  return indices
}

/** Expectations from the content: declared description else the lead; gist paragraphs; every block's readings. */
export const expected = (content: Content, extra: Partial<Expected> = {}): Expected => {
  const all = paragraphs(content)
  const gist = (content.gist ?? defaultGist(content)).flatMap((i) => readings(all[i] ?? ""))
  const blocks = [
    ...all.flatMap(readings),
    ...content.sections.flatMap((s) => (s.list ?? []).flatMap(readings))
  ]
  return {
    title: content.expectTitle ?? content.title,
    description: content.expectDescription ?? content.description ?? unmarked(all[0] ?? ""),
    content: blocks,
    gist,
    topics: content.topics,
    ...extra
  }
}

export const makePage = (kind: Kind, url: string, html: string, content: Content, extra: Partial<Page> = {}): Page => ({
  id: `${kind}/${content.slug}`,
  kind,
  lang: content.lang ?? "en",
  url,
  html,
  expected: expected(content),
  ...extra
})

export const jsonLd = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`

export const meta = (attribute: "name" | "property", name: string, value: string | undefined): string =>
  value === undefined ? "" : `<meta ${attribute}="${name}" content="${escape(value)}">`
