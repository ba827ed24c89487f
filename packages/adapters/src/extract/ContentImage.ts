/**
 * The page's first large content image, when it declares no preview image: the first `<img>` outside the page's
 * header, navigation, footer and asides whose declared size is at least 400×200 (a photo, not an icon, a logo or a
 * tracking pixel). Declared sizes only: nothing is fetched to measure an image.
 */
import { attr, type DomDocument } from "./Dom.js"
import { resolve } from "./PageUrl.js"

const minWidth = 400
const minHeight = 200
/** Looking further than this into a page finds ads and related-article teasers, not its picture. */
const maxImages = 40

const size = (value: string): number => {
  const match = /^\s*(\d{1,5})(?:px)?\s*$/.exec(value)
  return match?.[1] === undefined ? 0 : Number(match[1])
}

export const pick = (document: DomDocument, base: string): string => {
  let seen = 0
  for (const img of document.querySelectorAll("img")) {
    if (++seen > maxImages) break
    if (img.closest("header, nav, footer, aside") !== null) continue
    if (size(attr(img, "width")) < minWidth || size(attr(img, "height")) < minHeight) continue
    const src = attr(img, "src").trim()
    if (src === "" || src.toLowerCase().startsWith("data:")) continue
    const url = resolve(src, base)
    if (url !== "") return url
  }
  return ""
}
