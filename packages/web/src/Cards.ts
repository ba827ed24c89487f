/**
 * The library's cards and list rows (docs/web.md, "Cards"): a picture from our own store (the page's preview image,
 * an image bookmark itself or the first screen of its screenshot) or a placeholder made of the site's initial and a
 * colour from its host; the title, a description or summary line, the site with its stored icon, the date in the
 * person's zone, a note marker, and the person's tags before the generated ones (set apart, three shown).
 */
import type { BookmarkCard } from "@bookmark-library/domain"
import * as Format from "./Format.js"
import { type Html, html } from "./Html.js"
import * as Status from "./Status.js"
import * as TimeZone from "./TimeZone.js"

export interface Context {
  readonly zone: string
  readonly now: number
  /** Where "back to library" returns: the library's address with its filters. */
  readonly back: string
}

/** Generated tags shown before the rest collapse behind "+N". */
export const generatedShown = 3

/** Placeholder colours: classes of the stylesheet (the CSP allows no inline style); the host picks one. */
export const hues = 10

export const hueOf = (host: string): number => {
  let hash = 0
  for (const char of host) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % hues
}

/** The site as people say it: the host without `www.`. */
export const siteName = (url: string): string => Format.host(url).replace(/^www\./, "")

const initialOf = (b: BookmarkCard.Card["bookmark"]) => {
  const name = b.url === "" ? Format.title(b) : siteName(b.url)
  return (name.match(/[\p{L}\p{N}]/u)?.[0] ?? "•").toUpperCase()
}

const picture = (card: BookmarkCard.Card, href: string) => {
  const b = card.bookmark
  if (card.thumbnail !== "") {
    return html`<a class="thumb" href="${href}" tabindex="-1" aria-hidden="true"><img src="${card.thumbnail}" alt="" width="480" height="270" loading="lazy" decoding="async"></a>`
  }
  const hue = hueOf(b.url === "" ? "note" : siteName(b.url))
  return html`<a class="thumb placeholder hue-${String(hue)}" href="${href}" tabindex="-1" aria-hidden="true"><span>${
    initialOf(b)
  }</span></a>`
}

const tagLink = (tag: string) => html`<li><a href="/?tag=${encodeURIComponent(tag)}">${tag}</a></li>`

/** The person's tags as links, then generated ones set apart: three shown, the rest behind "+N". */
export const tags = (card: Pick<BookmarkCard.Card, "ownTags" | "generatedTags">): Html | "" => {
  const own = card.ownTags
  const generated = card.generatedTags
  if (own.length === 0 && generated.length === 0) return ""
  const shown = generated.slice(0, generatedShown)
  const rest = generated.slice(generatedShown)
  return html`<div class="tag-lines">${
    own.length === 0 ? "" : html`<ul class="tags" aria-label="Your tags">${own.map(tagLink)}</ul>`
  }${
    generated.length === 0
      ? ""
      : html`<ul class="tags generated" aria-label="Generated tags">${shown.map(tagLink)}${
        rest.length === 0
          ? ""
          : html`<li><details class="more-tags"><summary aria-label="${String(rest.length)} more generated tags">+${
            String(rest.length)
          }</summary><ul class="tags generated">${rest.map(tagLink)}</ul></details></li>`
      }</ul>`
  }</div>`
}

const when = (card: BookmarkCard.Card, context: Context) =>
  html`<time datetime="${card.bookmark.createdAt}" title="${TimeZone.dateTime(card.createdAtMs, context.zone)}">${
    TimeZone.relative(card.createdAtMs, context.now, context.zone)
  }</time>`

const site = (card: BookmarkCard.Card) => {
  const b = card.bookmark
  if (b.url === "") return html`<span class="site">Note</span>`
  const icon = card.icon === ""
    ? ""
    : html`<img class="icon" src="${card.icon}" alt="" width="16" height="16" loading="lazy" decoding="async">`
  return html`<span class="site">${icon}${siteName(b.url)}</span>`
}

const noteMarker = (card: BookmarkCard.Card) =>
  card.bookmark.note === "" || card.bookmark.url === ""
    ? ""
    : html`<span class="note-mark" title="Has a note"><span aria-hidden="true">✎</span><span class="visually-hidden">Has a note</span></span>`

const summaryLine = (card: BookmarkCard.Card) => {
  const b = card.bookmark
  const text = b.description !== "" ? b.description : b.summary !== "" ? b.summary : b.url === "" ? b.note : ""
  return text === "" ? "" : html`<p class="desc">${text}</p>`
}

const pathOf = (card: BookmarkCard.Card, context: Context) => {
  const path = `/bookmarks/${encodeURIComponent(card.bookmark.id)}`
  return context.back === "/" ? path : `${path}?back=${encodeURIComponent(context.back)}`
}

/**
 * The card's checkbox for bulk actions (pages/LibraryBulk.ts): it belongs to the bulk form by the form's id, so the
 * card needs no form of its own; the label names the bookmark for screen readers.
 */
const pick = (b: BookmarkCard.Card["bookmark"]) =>
  html`<label class="pick"><input type="checkbox" name="id" value="${b.id}" form="bulk" data-pick><span class="visually-hidden">Select ${
    Format.title(b)
  }</span></label>`

/**
 * The reader view (pages/ReaderPage.ts), for pages that read as text. Its name is "Read" alone, inside the card of
 * its title: a name holding the title would make two links of that name on every card.
 */
const readLink = (b: BookmarkCard.Card["bookmark"]) =>
  b.status === "ready" && (b.type === "article" || b.type === "website")
    ? html`<a class="read-link" href="/bookmarks/${encodeURIComponent(b.id)}/read">Read</a>`
    : ""

/** A card of the grid (or, styled by the list, a dense row): one `<li>`, keyboard-selectable by `j`/`k`. */
export const card = (card: BookmarkCard.Card, context: Context) => {
  const href = pathOf(card, context)
  const b = card.bookmark
  const edit = `/bookmarks/${encodeURIComponent(b.id)}/edit`
  return html`<li class="card" data-card data-edit="${edit}">${pick(b)}${picture(card, href)}<div class="body">
<h3><a href="${href}" data-open>${Format.title(b)}</a></h3>
${summaryLine(card)}
<p class="meta">${site(card)}<span class="sep" aria-hidden="true">·</span>${when(card, context)}${noteMarker(card)}${
    readLink(b)
  }</p>
${Status.line(b, context.zone, context.now)}
${tags(card)}
</div></li>`
}
