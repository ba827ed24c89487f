/**
 * ImageProcessor with sharp (libvips, prebuilt binaries from optional dependencies; no install script needed): card
 * pictures and site icons as small WebP (docs/web.md, "Cards"). Input is a stranger's bytes: decoding is capped in
 * pixels, fails on corrupt data, reads only the first frame, and any failure is "no picture", never an error.
 * ICO icons, which libvips cannot read, are decoded by sharp-ico (the largest image of the file is used).
 */
import type { Asset, Box } from "@bookmark-library/domain"
import { ImageProcessor } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import sharp, { type Sharp } from "sharp"
import { sharpsFromIco } from "sharp-ico"

/** 40 megapixels: larger than any screenshot we take (1280 × 16,384) and any sane preview image. */
const maxInputPixels = 40_000_000
/** Below this a picture says nothing on a card (tracking pixels, spacers, tiny logos). */
const minWidth = 100
const minHeight = 60
/** Tried in turn until the picture fits its byte budget. */
const qualities = [62, 50, 38, 26] as const

const options = { limitInputPixels: maxInputPixels, failOn: "error", pages: 1 } as const

const isIco = (bytes: Uint8Array) =>
  bytes.length > 6 && bytes[0] === 0 && bytes[1] === 0 && (bytes[2] === 1 || bytes[2] === 2) && bytes[3] === 0

/** The image to work on: an ICO file's largest image, or the bytes as sharp reads them. */
const open = (bytes: Uint8Array): Sharp => {
  if (!isIco(bytes)) return sharp(bytes, options)
  const images = sharpsFromIco(Buffer.from(bytes), options, true) as unknown as ReadonlyArray<
    { readonly width: number; readonly image?: Sharp }
  >
  const largest = [...images].sort((a, b) => b.width - a.width)[0]?.image
  if (largest === undefined) throw new Error("empty icon file")
  return largest
}

const webp = async (image: Sharp, maxBytes: number): Promise<Option.Option<Asset>> => {
  for (const quality of qualities) {
    const bytes = await image.clone().webp({ quality, effort: 4 }).toBuffer()
    if (bytes.length <= maxBytes) return Option.some({ bytes: new Uint8Array(bytes), contentType: "image/webp" })
  }
  return Option.none()
}

const thumbnail = async (bytes: Uint8Array, box: Box): Promise<Option.Option<Asset>> => {
  // Orientation applied first, so the sizes read below are the picture as it is seen.
  const upright = await open(bytes).rotate().toBuffer({ resolveWithObject: true })
  const { height, width } = upright.info
  if (width < minWidth || height < minHeight) return Option.none()
  let image = sharp(upright.data, options)
  if (box.anchor === "top") {
    // The first screen of a tall page, in the card's proportions: its top is what a visitor saw first.
    const screen = Math.min(height, Math.round((width * box.height) / box.width))
    image = image.extract({ left: 0, top: 0, width, height: screen })
  }
  image = image.resize(box.width, box.height, { fit: "cover", position: box.anchor === "top" ? "top" : "attention" })
  return webp(image, box.maxBytes)
}

const icon = async (bytes: Uint8Array, size: number): Promise<Option.Option<Asset>> => {
  const image = open(bytes).resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
  return webp(image, 16 * 1024)
}

const attempt = (work: () => Promise<Option.Option<Asset>>) =>
  Effect.tryPromise({ try: work, catch: (cause) => cause }).pipe(
    Effect.catch(() => Effect.succeed(Option.none<Asset>()))
  )

export const layer = Layer.sync(ImageProcessor, () => {
  // One libvips thread and no operation cache: the worker shares its cores with the server and the browser.
  sharp.concurrency(1)
  sharp.cache(false)
  return {
    thumbnail: (bytes, box) => attempt(() => thumbnail(bytes, box)),
    icon: (bytes, size) => attempt(() => icon(bytes, size))
  }
})
