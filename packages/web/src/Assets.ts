/**
 * Static files, served by us (no CDN): the stylesheet, our small script and htmx from its npm package. Built once at
 * start with a content hash in the name, so they are cached for a year and a new version gets a new URL.
 */
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { gzipSync } from "node:zlib"
import { js } from "./Script.js"
import { css } from "./Styles.js"

export interface Asset {
  readonly path: string
  readonly contentType: string
  readonly body: Uint8Array
  readonly gzip: Uint8Array
}

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f5fd0"/><path d="M10 7h12v18l-6-4-6 4z" fill="#fff"/></svg>`

const make = (name: string, extension: string, contentType: string, text: string): Asset => {
  const body = new TextEncoder().encode(text)
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12)
  return { path: `/static/${name}.${hash}.${extension}`, contentType, body, gzip: gzipSync(body, { level: 9 }) }
}

const htmxSource = () => readFileSync(createRequire(import.meta.url).resolve("htmx.org/dist/htmx.min.js"), "utf8")

export interface Assets {
  readonly css: Asset
  readonly js: Asset
  readonly htmx: Asset
  readonly icon: Asset
  readonly byPath: ReadonlyMap<string, Asset>
}

export const load = (): Assets => {
  const assets = {
    css: make("app", "css", "text/css; charset=utf-8", css.trim()),
    js: make("app", "js", "text/javascript; charset=utf-8", js.trim()),
    htmx: make("htmx", "js", "text/javascript; charset=utf-8", htmxSource()),
    icon: make("icon", "svg", "image/svg+xml", icon)
  }
  return { ...assets, byPath: new Map(Object.values(assets).map((a) => [a.path, a])) }
}
