/**
 * A copy over its size cap keeps its images smaller before it loses them (docs/preservation.md, "Archived
 * copies"): every inlined image (`data:image/…;base64,…`, as SingleFile writes them in `src`, `srcset` and CSS) is
 * downscaled with sharp, largest first, to at most 1,280 px on its longer side and re-encoded as WebP, kept only
 * when smaller; if the copy is still over the cap, images are dropped, largest first, until it fits. Vector images
 * (SVG) are left as they are: they are text and usually small.
 */
import sharp from "sharp"

const inlined = /data:image\/(png|jpe?g|webp|gif|avif|bmp);base64,([A-Za-z0-9+/=]+)/g
const maxSide = 1280
/** A transparent pixel: what a dropped image becomes, so the page's layout keeps its box. */
const pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="

export interface Fitted {
  readonly html: string
  readonly downscaled: number
  readonly dropped: number
}

const byteLength = (text: string) => Buffer.byteLength(text, "utf8")

const smaller = async (base64: string): Promise<string | undefined> => {
  try {
    const input = Buffer.from(base64, "base64")
    const output = await sharp(input, { animated: false, limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer()
    return output.length < input.length ? `data:image/webp;base64,${output.toString("base64")}` : undefined
  } catch {
    return undefined
  }
}

/** `html` within `maxBytes` if its images can make it so; `undefined` when even without them it is over. */
export const fit = async (html: string, maxBytes: number): Promise<Fitted | undefined> => {
  if (byteLength(html) <= maxBytes) return { html, downscaled: 0, dropped: 0 }
  const uris = [...new Set([...html.matchAll(inlined)].map((m) => m[0]))].sort((a, b) => b.length - a.length)
  const replaced = new Map<string, string>()
  const apply = () => html.replace(inlined, (uri) => replaced.get(uri) ?? uri)
  let size = byteLength(html)
  const counts = (uri: string) => html.split(uri).length - 1
  let downscaled = 0
  for (const uri of uris) {
    if (size <= maxBytes) break
    const base64 = uri.slice(uri.indexOf(",") + 1)
    const made = await smaller(base64)
    if (made === undefined) continue
    replaced.set(uri, made)
    size -= (uri.length - made.length) * counts(uri)
    downscaled++
  }
  let dropped = 0
  for (const uri of uris) {
    if (size <= maxBytes) break
    const now = replaced.get(uri) ?? uri
    replaced.set(uri, pixel)
    size -= (now.length - pixel.length) * counts(uri)
    dropped++
  }
  const result = apply()
  return byteLength(result) <= maxBytes ? { html: result, downscaled, dropped } : undefined
}

/** The words a partial copy is described by. */
export const note = (fitted: Fitted): string =>
  fitted.dropped === 0
    ? `${fitted.downscaled} image(s) downscaled to fit the size cap`
    : `${fitted.downscaled} image(s) downscaled and ${fitted.dropped} left out, largest first, to fit the size cap`
