/**
 * Picks the icon the page declares: the largest `link rel=icon` / apple-touch-icon by `sizes`, else nothing. The
 * conventional `/favicon.ico` is a guess that enrichment checks with a request before it shows it.
 */
import { attr, type DomDocument } from "./Dom.js"
import { resolve } from "./PageUrl.js"

const iconRels = new Set(["icon", "apple-touch-icon", "apple-touch-icon-precomposed"])

/** Largest edge declared in `sizes` ("16x16 32x32", "any" for a scalable icon). */
const sizeOf = (sizes: string, rels: ReadonlyArray<string>): number => {
  let best = 0
  for (const token of sizes.toLowerCase().split(/\s+/)) {
    if (token === "any") best = Math.max(best, 256)
    const match = /^(\d{1,5})x(\d{1,5})$/.exec(token)
    if (match) best = Math.max(best, Number(match[1]), Number(match[2]))
  }
  if (best > 0) return best
  // Undeclared: an apple-touch-icon is 180 px by Apple's convention; a plain icon is usually the 16/32 px one.
  return rels.some((rel) => rel.startsWith("apple-touch-icon")) ? 180 : 16
}

export const pick = (document: DomDocument, base: string): string => {
  let best = ""
  let bestSize = -1
  for (const link of document.querySelectorAll("link")) {
    const rels = attr(link, "rel").toLowerCase().split(/\s+/)
    if (!rels.some((rel) => iconRels.has(rel))) continue
    const href = resolve(attr(link, "href"), base)
    if (href === "") continue
    const size = sizeOf(attr(link, "sizes"), rels)
    if (size > bestSize) {
      best = href
      bestSize = size
    }
  }
  return best
}
