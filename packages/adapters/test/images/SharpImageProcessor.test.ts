/**
 * Card pictures and icons made by sharp from a stranger's bytes: small WebP within budget, or none, never a failure.
 */
import { ImageProcessor } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import sharp from "sharp"
import { encode } from "sharp-ico"
import { layer } from "../../src/images/SharpImageProcessor.js"

const box = { width: 480, height: 270, maxBytes: 15 * 1024 } as const

const solid = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer()

/** A tall "page": a red first screen over a blue rest, as a JPEG screenshot is. */
const screenshot = async () =>
  sharp(await solid(1280, 4000, { r: 0, g: 0, b: 255 }))
    .composite([{ input: await solid(1280, 720, { r: 255, g: 0, b: 0 }), top: 0, left: 0 }])
    .jpeg()
    .toBuffer()

/** A busy photo: noise is the worst case for a byte budget. */
const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 90, g: 120, b: 60 },
      noise: { type: "gaussian", mean: 128, sigma: 40 }
    }
  })
    .jpeg({ quality: 90 })
    .toBuffer()

const pixel = async (bytes: Uint8Array, x: number, y: number) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at], data[at + 1], data[at + 2]]
}

describe("SharpImageProcessor", () => {
  it.effect("the top anchor keeps a screenshot's first screen, as a 480×270 WebP within 15 KB", () =>
    Effect.gen(function*() {
      const processor = yield* ImageProcessor
      const made = yield* processor.thumbnail(yield* Effect.promise(screenshot), { ...box, anchor: "top" })
      const asset = Option.getOrThrow(made)
      expect(asset.contentType).toBe("image/webp")
      expect(asset.bytes.length).toBeLessThanOrEqual(15 * 1024)
      const meta = yield* Effect.promise(() => sharp(asset.bytes).metadata())
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 270])
      // The bottom row of the picture is still the red first screen, not the blue rest of the page.
      const [r, , b] = yield* Effect.promise(() => pixel(asset.bytes, 240, 265))
      expect(r).toBeGreaterThan(200)
      expect(b).toBeLessThan(60)
    }).pipe(Effect.provide(layer)))

  it.effect("a busy photo is brought under the byte budget by lowering quality", () =>
    Effect.gen(function*() {
      const processor = yield* ImageProcessor
      const made = yield* processor.thumbnail(yield* Effect.promise(() => noisy(1600, 1000)), {
        ...box,
        anchor: "centre"
      })
      expect(Option.getOrThrow(made).bytes.length).toBeLessThanOrEqual(15 * 1024)
    }).pipe(Effect.provide(layer)))

  it.effect("garbage, a tiny pixel and a picture over the pixel cap give no picture, without failing", () =>
    Effect.gen(function*() {
      const processor = yield* ImageProcessor
      const garbage = new TextEncoder().encode("<html>not an image</html>")
      expect(Option.isNone(yield* processor.thumbnail(garbage, { ...box, anchor: "centre" }))).toBe(true)
      const tiny = yield* Effect.promise(() => solid(1, 1, { r: 1, g: 2, b: 3 }))
      expect(Option.isNone(yield* processor.thumbnail(tiny, { ...box, anchor: "centre" }))).toBe(true)
      const huge = yield* Effect.promise(() => solid(8000, 6000, { r: 1, g: 2, b: 3 }))
      expect(Option.isNone(yield* processor.thumbnail(huge, { ...box, anchor: "centre" }))).toBe(true)
      expect(Option.isNone(yield* processor.icon(garbage, 64))).toBe(true)
    }).pipe(Effect.provide(layer)))

  it.effect("icons from ICO, PNG and SVG become 64 px WebP", () =>
    Effect.gen(function*() {
      const processor = yield* ImageProcessor
      const png = yield* Effect.promise(() => solid(32, 32, { r: 200, g: 10, b: 10 }))
      const ico = encode([png])
      const svg = new TextEncoder().encode(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2a2"/></svg>`
      )
      for (const bytes of [new Uint8Array(ico), new Uint8Array(png), svg]) {
        const icon = Option.getOrThrow(yield* processor.icon(bytes, 64))
        const meta = yield* Effect.promise(() => sharp(icon.bytes).metadata())
        expect([icon.contentType, meta.format, meta.width, meta.height]).toEqual(["image/webp", "webp", 64, 64])
      }
    }).pipe(Effect.provide(layer)))
})
