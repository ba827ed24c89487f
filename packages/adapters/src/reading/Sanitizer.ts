/**
 * The one sanitiser of HTML we did not write (docs/reading.md, "The sanitiser"): `sanitize-html` on an allow-list.
 * It parses with htmlparser2 and writes out only allowed elements and attributes, every text and value escaped by
 * its own serialiser, so markup that a browser would re-parse differently (mutation XSS) leaves as inert text.
 * No scripts, styles, event handlers, forms, frames, `<base>`, `<meta>`, SVG or MathML; links only to http(s) and
 * mail; images only as `data:` of a raster type, which the reader turns into stored assets before a page sees them.
 */
import type SanitizeHtml from "sanitize-html"
import { onFirstUse } from "../OnFirstUse.js"

const sanitizeHtml = onFirstUse("sanitize-html", (module) => module as typeof SanitizeHtml)

/** Elements of prose. Headings start at h2: the page's own title is its h1. */
const prose = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "code",
  "kbd",
  "samp",
  "var",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "abbr",
  "cite",
  "q",
  "dfn",
  "time",
  "span",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "figure",
  "figcaption",
  "a",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td"
]

const linkRel = "noopener noreferrer nofollow"

/** The base options: what every sanitised fragment may hold. Values in `allowedAttributes` are the only ones. */
const base: SanitizeHtml.IOptions = {
  allowedTags: prose,
  // Dropped with their content: what must never show as text either.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "title",
    "template",
    "svg",
    "math",
    "iframe",
    "object",
    "embed",
    "head",
    "select"
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    abbr: ["title"],
    time: ["datetime"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    ol: ["start", "reversed"],
    li: ["value"]
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  enforceHtmlBoundary: false,
  transformTags: {
    h1: "h2",
    a: (_tag, attribs) => ({
      tagName: "a",
      attribs: attribs["href"] === undefined ? {} : { href: attribs["href"], rel: linkRel }
    })
  }
}

/** Sanitises with the base allow-list (a fragment: the readable article, a rendered note). */
export const sanitize = (html: string): string => sanitizeHtml()(html, base)

/** Raster types an image of the article may be stored as; SVG never (it is a document that can hold script). */
const rasterTypes: ReadonlyArray<readonly [string, (b: Uint8Array) => boolean]> = [
  ["image/png", (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ["image/jpeg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/gif", (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38],
  ["image/webp", (b) => b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50],
  ["image/avif", (b) => b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70]
]

/** The raster type the bytes are (by their first bytes, not by what the page declared), or none. */
export const rasterType = (bytes: Uint8Array): string | undefined =>
  rasterTypes.find(([, test]) => bytes.length > 12 && test(bytes))?.[0]

export interface Image {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/** At most this many bytes per image of an article (the copy's own cap bounds them all). */
const maxImageBytes = 8 * 1024 * 1024

const dataImage = (src: string): Image | undefined => {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([a-z0-9+/=\s]+)$/i.exec(src.trim())
  if (match === null || match[1] === undefined || match[1].length > (maxImageBytes * 4) / 3) return undefined
  const bytes = new Uint8Array(Buffer.from(match[1], "base64"))
  const contentType = rasterType(bytes)
  return contentType === undefined ? undefined : { bytes, contentType }
}

const dimension = (value: string | undefined): string | undefined =>
  value !== undefined && /^\d{1,5}$/.test(value) ? value : undefined

/**
 * Sanitises an article whose images are inlined (`data:`, as an archived copy holds them): each raster image is
 * taken out into `images` and its tag becomes `<img data-reader-image="N">` (N its index) with only its alt text and
 * size; any other image (remote, SVG, unreadable) is dropped, so nothing in the result loads from anywhere.
 */
export const sanitizeArticle = (html: string): { readonly html: string; readonly images: ReadonlyArray<Image> } => {
  const images: Array<Image> = []
  const clean = sanitizeHtml()(html, {
    ...base,
    allowedTags: [...prose, "img"],
    allowedAttributes: {
      ...base.allowedAttributes,
      img: ["data-reader-image", "alt", "width", "height"]
    },
    transformTags: {
      ...base.transformTags,
      img: (_tag, attribs) => {
        const image = dataImage(attribs["src"] ?? "")
        // Every attribute is ours: a page's own `data-reader-image` never survives.
        if (image === undefined) return { tagName: "img", attribs: {} }
        images.push(image)
        const width = dimension(attribs["width"])
        const height = dimension(attribs["height"])
        return {
          tagName: "img",
          attribs: {
            "data-reader-image": String(images.length - 1),
            alt: attribs["alt"] ?? "",
            ...(width === undefined ? {} : { width }),
            ...(height === undefined ? {} : { height })
          }
        }
      }
    },
    exclusiveFilter: (frame) => frame.tag === "img" && frame.attribs["data-reader-image"] === undefined
  })
  return { html: clean, images }
}
