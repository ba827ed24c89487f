/** A copy over its cap: images downscaled first, then dropped largest first; the copy says which. */
import sharp from "sharp"
import { describe, expect, it } from "vitest"
import * as CopyImages from "../../src/archive/CopyImages.js"

/** A photo-like PNG (smooth noise: large as PNG, small as WebP), `side` pixels square, as a data URI. */
const noisy = async (side: number) => {
  const raw = Buffer.alloc(48 * 48 * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  const png = await sharp(raw, { raw: { width: 48, height: 48, channels: 3 } })
    .resize(side, side, { kernel: "cubic" })
    .png()
    .toBuffer()
  return `data:image/png;base64,${png.toString("base64")}`
}

const page = (...uris: ReadonlyArray<string>) =>
  `<!doctype html><p>Words</p>${uris.map((u, i) => `<img alt="${i}" src="${u}">`).join("")}` +
  `<div style="background:url(${uris[0]})"></div>`

describe("CopyImages.fit", () => {
  it("leaves a copy within the cap alone", async () => {
    const html = page(await noisy(20))
    expect(await CopyImages.fit(html, 1_000_000)).toEqual({ html, downscaled: 0, dropped: 0 })
  })

  it(
    "downscales large images to fit, keeping every image, none past its size before",
    { timeout: 60_000 },
    async () => {
      const big = await noisy(2000)
      const html = page(big, await noisy(1600))
      const cap = Math.floor(Buffer.byteLength(html) / 2)
      const fitted = await CopyImages.fit(html, cap)
      expect(fitted).toBeDefined()
      expect(Buffer.byteLength(fitted!.html)).toBeLessThanOrEqual(cap)
      expect(fitted!.dropped).toBe(0)
      expect(fitted!.downscaled).toBeGreaterThanOrEqual(1)
      const images = [...fitted!.html.matchAll(/data:image\/(\w+);base64,([A-Za-z0-9+/=]+)/g)]
      expect(images.length).toBe(3)
      for (const [, , base64] of images) {
        const meta = await sharp(Buffer.from(base64!, "base64")).metadata()
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1600)
      }
      expect(fitted!.html).toContain("<p>Words</p>")
      expect(CopyImages.note(fitted!)).toMatch(/^\d image\(s\) downscaled to fit the size cap$/)
    }
  )

  it("drops images largest first when downscaling is not enough; undefined when the text alone is over", async () => {
    const large = await noisy(900)
    const small = await noisy(60)
    const html = page(large, small)
    // Room for the small image but not for any version of the large one.
    const cap = Buffer.byteLength(html) - 2 * large.length + 200 + small.length
    const fitted = await CopyImages.fit(html, cap)
    expect(fitted).toBeDefined()
    expect(fitted!.dropped).toBe(1)
    // The small image stays (downscaled or not); the large one is the transparent pixel, in both its places.
    expect(fitted!.html).toMatch(/<img alt="1" src="data:image\/(png|webp);base64,/)
    expect(fitted!.html).toContain(`<img alt="0" src="data:image/gif;base64,`)
    expect(fitted!.html).not.toContain(large.slice(0, 200))
    expect(CopyImages.note(fitted!)).toMatch(/left out, largest first, to fit the size cap$/)
    expect(await CopyImages.fit(`<p>${"x".repeat(5000)}</p>${small}`, 1000)).toBeUndefined()
  })
})
