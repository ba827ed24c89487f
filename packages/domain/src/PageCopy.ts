/**
 * A page copy uploaded by the person's browser (the extension's "Save with page copy", docs/preservation.md,
 * "Copies from the browser"): the bookmark's fields plus the serialised page. The copy is outside input: it must
 * be an HTML document within the size cap, and its scripts, event handlers and `javascript:` addresses are taken
 * out before it is stored. The copy is served only under the archive's sandbox CSP (no scripts, no network), which
 * is what keeps it harmless; the cleaning here keeps what is stored free of code in the first place.
 */
import { Result, Schema } from "effect"
import * as Archive from "./Archive.js"
import * as Bookmark from "./Bookmark.js"
import { InvalidInput } from "./Errors.js"
import * as Payload from "./Payload.js"

/** The largest body `POST /bookmarks/with-copy` reads: the archive's default size cap plus room for the fields. */
export const maxUploadBytes = Archive.defaultMaxBytes + 64 * 1024

export const UploadPayload = Schema.Struct({
  ...Bookmark.CreatePayload.fields,
  html: Schema.String.annotate({
    description: "The page as the browser shows it, serialised into one self-contained HTML document (styles, " +
      "images and fonts inlined as data: URIs; scripts removed), at most the archive's size cap (20 MB by default)"
  })
}).annotate({
  identifier: "CreateBookmarkWithCopy",
  description: "A save with the page's copy: `url`, `tags` and `note` as in `POST /bookmarks`, and `html`.",
  ...Payload.strict
})
export type UploadPayload = typeof UploadPayload.Type

/** `PUT /bookmarks/{id}/copy`: a new copy of a saved bookmark's page. */
export const CopyPayload = Schema.Struct({ html: UploadPayload.fields.html }).annotate({
  identifier: "PageCopy",
  description: "The page as the browser shows it, to keep as the bookmark's archived copy.",
  ...Payload.strict
})
export type CopyPayload = typeof CopyPayload.Type

const htmlStart = /^(?:\s|<!--[\s\S]*?-->)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i

/** An HTML document: it opens with a doctype, `<html>`, `<head>` or `<body>` (comments and spaces aside). */
export const isHtmlDocument = (html: string): boolean => htmlStart.test(html.replace(/^\uFEFF/, ""))

const scriptElement = /<script\b[\s\S]*?<\/script\s*>/gi
const openScript = /<script\b[^>]*>/gi
const refresh = /<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi
const baseElement = /<base\b[^>]*>/gi
const tag = /<[a-zA-Z][^<>]*>/g
const handler = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi
const scriptUrl = /(\s(?:href|src|action|formaction|xlink:href)\s*=\s*)(["']?)\s*(?:javascript|vbscript):[^"'\s>]*\2/gi

/** The document without scripts, event handlers, script addresses, refreshes and `<base>`. */
export const clean = (html: string): string =>
  html
    .replace(scriptElement, "")
    .replace(openScript, "")
    .replace(refresh, "")
    .replace(baseElement, "")
    .replace(tag, (t) => t.replace(handler, "").replace(scriptUrl, "$1$2#$2"))

/** The uploaded copy, cleaned, or why it is refused (a 400 naming `html`). */
export const parse = (html: string, maxBytes: number): Result.Result<Uint8Array, InvalidInput> => {
  if (html.includes("\u0000")) {
    return Result.fail(new InvalidInput({ field: "html", reason: "must be text without NUL characters" }))
  }
  if (!isHtmlDocument(html)) {
    return Result.fail(
      new InvalidInput({ field: "html", reason: "must be an HTML document (starting with <!doctype html> or <html>)" })
    )
  }
  const bytes = new TextEncoder().encode(clean(html))
  if (bytes.byteLength > maxBytes) {
    return Result.fail(new InvalidInput({ field: "html", reason: `must be at most ${maxBytes} bytes` }))
  }
  return Result.succeed(bytes)
}
