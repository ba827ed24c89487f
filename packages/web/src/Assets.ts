/**
 * Static files, served by us (no CDN): the stylesheet, our small script and htmx from its npm package. Built once at
 * start with a content hash in the name, so they are cached for a year and a new version gets a new URL.
 */
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { gzipSync } from "node:zlib"
import { icon as pngIcon } from "./AppIcons.js"
import { manifest } from "./AppManifest.js"
import { css as bulkCss } from "./BulkStyles.js"
import { js as highlightJs } from "./HighlightScript.js"
import { css as highlightCss } from "./HighlightStyles.js"
import { css as listsCss } from "./ListStyles.js"
import { js as readerJs } from "./ReaderScript.js"
import { css as readerCss } from "./ReaderStyles.js"
import { js } from "./Script.js"
import { css } from "./Styles.js"

export interface Asset {
  readonly path: string
  readonly contentType: string
  readonly body: Uint8Array
  readonly gzip: Uint8Array
}

const icon =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f5fd0"/><path d="M10 7h12v18l-6-4-6 4z" fill="#fff"/></svg>`

const make = (name: string, extension: string, contentType: string, text: string | Uint8Array): Asset => {
  const body = typeof text === "string" ? new TextEncoder().encode(text) : text
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12)
  return { path: `/static/${name}.${hash}.${extension}`, contentType, body, gzip: gzipSync(body, { level: 9 }) }
}

const htmxSource = () => readFileSync(createRequire(import.meta.url).resolve("htmx.org/dist/htmx.min.js"), "utf8")

export interface Assets {
  readonly css: Asset
  readonly js: Asset
  readonly htmx: Asset
  readonly icon: Asset
  /** The reader view's own stylesheet and script (pages/ReaderPage.ts), loaded by that page only. */
  readonly readerCss: Asset
  readonly readerJs: Asset
  /** The reader's highlighting (HighlightScript.ts), loaded by that page only. */
  readonly highlightJs: Asset
  /** The installable app: its manifest and PNG icons (AppManifest.ts). */
  readonly manifest: Asset
  readonly byPath: ReadonlyMap<string, Asset>
}

export const load = (): Assets => {
  const assets = {
    css: make(
      "app",
      "css",
      "text/css; charset=utf-8",
      `${css.trim()}\n${listsCss.trim()}\n${bulkCss.trim()}\n${highlightCss.trim()}`
    ),
    js: make("app", "js", "text/javascript; charset=utf-8", js.trim()),
    htmx: make("htmx", "js", "text/javascript; charset=utf-8", htmxSource()),
    icon: make("icon", "svg", "image/svg+xml", icon),
    readerCss: make("reader", "css", "text/css; charset=utf-8", readerCss.trim()),
    readerJs: make("reader", "js", "text/javascript; charset=utf-8", readerJs.trim()),
    highlightJs: make("highlights", "js", "text/javascript; charset=utf-8", highlightJs.trim())
  }
  const png192 = make("icon-192", "png", "image/png", pngIcon(192))
  const png512 = make("icon-512", "png", "image/png", pngIcon(512))
  const maskable512 = make("icon-maskable-512", "png", "image/png", pngIcon(512, true))
  const app = make(
    "manifest",
    "webmanifest",
    "application/manifest+json",
    manifest({ svg: assets.icon.path, png192: png192.path, png512: png512.path, maskable512: maskable512.path })
  )
  const all = [...Object.values(assets), png192, png512, maskable512, app]
  return { ...assets, manifest: app, byPath: new Map(all.map((a) => [a.path, a])) }
}
