import { type Copy, PageRenderer } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import type { Browser } from "playwright-core"
import * as PlaywrightRenderer from "../../src/render/PlaywrightRenderer.js"
import * as LoopbackServer from "../render/LoopbackServer.js"
import * as OfflineViewer from "./OfflineViewer.js"
import * as PageSet from "./PageSet.js"

const chromium = External.needs("CHROMIUM_PATH")

interface Site {
  readonly app: LoopbackServer.LoopbackServer
  readonly other: LoopbackServer.LoopbackServer
  readonly trap: LoopbackServer.LoopbackServer
  readonly viewer: Browser
}
class Fixture extends Context.Service<Fixture, Site>()("Fixture") {}

const FixtureLive = Layer.effect(
  Fixture,
  Effect.gen(function*() {
    const trap = yield* LoopbackServer.make(LoopbackServer.html("trap"))
    // Another allowed origin: its images carry no CORS headers, so the page's own fetch is refused.
    const other = yield* LoopbackServer.make(PageSet.router(PageSet.pages({ other: "", trap: "" })))
    const app = yield* LoopbackServer.make(
      PageSet.router(PageSet.pages({ other: `http://localhost:${other.port}`, trap: trap.origin }))
    )
    const viewer = yield* OfflineViewer.launch(chromium.value ?? "")
    return { app, other, trap, viewer }
  })
)

const RendererLive = Layer.unwrap(Effect.map(Fixture, ({ app, other }) =>
  PlaywrightRenderer.layer({
    chromiumPath: chromium.value,
    allowlist: [app.host, `localhost:${other.port}`]
  }))).pipe(Layer.provideMerge(FixtureLive))

const MB = 1024 * 1024

const copyOf = (path: string, maxBytes = 20 * MB) =>
  Effect.gen(function*() {
    const { app } = yield* Fixture
    const rendered = yield* (yield* PageRenderer).render(`${app.origin}${path}`, { copy: { maxBytes } })
    return rendered.copy
  })

const kept = (copy: Copy | undefined) => {
  if (copy?._tag !== "Kept") throw new Error(`no copy: ${JSON.stringify(copy)}`)
  return copy
}

const text = (html: Uint8Array) => new TextDecoder().decode(html)

/** The colour of the pixel at the centre of an element, read from a screenshot of the offline copy. */
const colourAt = (opened: OfflineViewer.Opened, selector: string) =>
  Effect.promise(async () => {
    const box = await opened.page.locator(selector).boundingBox()
    if (box === null) return undefined
    const x = Math.round(box.x + box.width / 2)
    const y = Math.round(box.y + box.height / 2)
    const png = await opened.page.screenshot({ clip: { x, y, width: 1, height: 1 }, type: "png" })
    // One pixel, read back through the browser's own decoder (no PNG library in the tests).
    const rgb: unknown = await opened.page.evaluate(`(async () => {
      const blob = await (await fetch("data:image/png;base64,${png.toString("base64")}")).blob();
      const context = new OffscreenCanvas(1, 1).getContext("2d");
      context.drawImage(await createImageBitmap(blob), 0, 0);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    })()`)
    return Array.isArray(rgb) ? rgb.map(Number) : undefined
  })

const near = (actual: ReadonlyArray<number> | undefined, expected: ReadonlyArray<number>) =>
  actual !== undefined && actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= 12)

describe.runIf(chromium.run)("SingleFileCapture in the guarded renderer", () => {
  layer(RendererLive, { timeout: 120_000 })("a varied local page set, opened with the network cut", (it) => {
    it.effect("images, srcset, CSS backgrounds and a cross-origin image without CORS are inlined and shown", () =>
      Effect.gen(function*() {
        const copy = kept(yield* copyOf("/images"))
        expect(copy.partial).toBe("")
        expect(text(copy.html)).not.toMatch(/<script/i)
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        expect(opened.attempts()).toEqual([])
        expect(near(yield* colourAt(opened, "#plain"), PageSet.red)).toBe(true)
        expect(near(yield* colourAt(opened, "#srcset"), PageSet.blue)).toBe(true)
        expect(near(yield* colourAt(opened, "#background"), PageSet.green)).toBe(true)
        expect(near(yield* colourAt(opened, "#cross"), PageSet.red)).toBe(true)
      }).pipe(Effect.scoped))

    it.effect("a lazy image far below the fold is loaded and kept", () =>
      Effect.gen(function*() {
        const copy = kept(yield* copyOf("/lazy"))
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        expect(opened.attempts()).toEqual([])
        yield* Effect.promise(() => opened.page.locator("#lazy").scrollIntoViewIfNeeded())
        expect(near(yield* colourAt(opened, "#lazy"), PageSet.blue)).toBe(true)
      }).pipe(Effect.scoped))

    it.effect.runIf(PageSet.hasFont)("a web font is inlined and used offline", () =>
      Effect.gen(function*() {
        const copy = kept(yield* copyOf("/fonts"))
        expect(text(copy.html)).toContain("data:font/ttf;base64,")
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        expect(opened.attempts()).toEqual([])
        const loaded = yield* Effect.promise(() => opened.page.evaluate(`document.fonts.check("40px ArchiveTestFont")`))
        expect(loaded).toBe(true)
      }).pipe(Effect.scoped))

    it.effect("a page built by script is kept as built, without its script", () =>
      Effect.gen(function*() {
        const copy = kept(yield* copyOf("/js-built"))
        const html = text(copy.html)
        expect(html).not.toMatch(/<script/i)
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        const items = yield* Effect.promise(() => opened.page.locator(".item").allTextContents())
        expect(items).toEqual(["item one", "item two", "item three"])
        expect(yield* Effect.promise(() => opened.page.title())).toBe("Built by script")
      }).pipe(Effect.scoped))

    it.effect("an iframe's document is inlined with its image", () =>
      Effect.gen(function*() {
        const copy = kept(yield* copyOf("/iframe"))
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        expect(opened.attempts()).toEqual([])
        const frame = opened.page.frameLocator("#frame")
        expect(yield* Effect.promise(() => frame.locator("#inner").textContent())).toBe("inside the frame")
        const shown = yield* Effect.promise(() =>
          opened.page.frames()[1]?.evaluate(`document.querySelector("img").naturalWidth`) ?? Promise.resolve(0)
        )
        expect(shown).toBe(64)
      }).pipe(Effect.scoped))

    it.effect("the address policy holds for every subresource: private and refused images are left out, the canary never hears from the browser", () =>
      Effect.gen(function*() {
        const { trap } = yield* Fixture
        const copy = kept(yield* copyOf("/refused"))
        const html = text(copy.html)
        expect(trap.connections()).toBe(0)
        expect(html).not.toContain("10.20.30.40")
        expect(html).not.toContain(trap.origin)
        expect(html).not.toContain("canary.bmp")
        expect(copy.partial).toMatch(/refused by the address policy/)
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        expect(opened.attempts()).toEqual([])
        expect(near(yield* colourAt(opened, "#allowed"), PageSet.red)).toBe(true)
      }).pipe(Effect.scoped))

    it.effect("over the size cap large photos are re-encoded smaller and kept, and the copy says so", () =>
      Effect.gen(function*() {
        // Three 560×400 PNGs stored without compression: 2 MB, 2.7 MB in base64, over a 1 MB cap.
        const copy = kept(yield* copyOf("/photos", 1 * MB))
        expect(copy.html.byteLength).toBeLessThanOrEqual(1 * MB)
        expect(copy.partial).toMatch(/^[1-3] image\(s\) downscaled to fit the size cap$/)
        expect(text(copy.html)).toContain("data:image/webp;base64,")
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        const width = yield* Effect.promise(() =>
          opened.page.locator("#photo-1").evaluate((image) => (image as { naturalWidth: number }).naturalWidth)
        )
        // Shown offline, at its own size (under 1,280 px: re-encoded, not resized).
        expect(width).toBe(560)
      }).pipe(Effect.scoped))

    it.effect("over the size cap, images that cannot be made smaller are dropped largest first, and it says so", () =>
      Effect.gen(function*() {
        // Three 400×400 noise BMPs (no decoder downscales BMP here) are about 2.6 MB in base64: over a 1 MB cap.
        const copy = kept(yield* copyOf("/huge", 1 * MB))
        expect(copy.html.byteLength).toBeLessThanOrEqual(1 * MB)
        expect(copy.partial).toBe("0 image(s) downscaled and 2 left out, largest first, to fit the size cap")
        const opened = yield* OfflineViewer.open((yield* Fixture).viewer, copy.html)
        expect(yield* Effect.promise(() => opened.page.locator("#headline").textContent())).toBe(
          "A page of large images"
        )
      }).pipe(Effect.scoped))

    it.effect("a cap too small for the page itself gives no copy, with the reason", () =>
      Effect.gen(function*() {
        const copy = yield* copyOf("/js-built", 200)
        expect(copy).toEqual({ _tag: "Missing", reason: expect.stringContaining("over the size cap") })
      }))

    it.effect("without a copy asked for, none is taken", () =>
      Effect.gen(function*() {
        const { app } = yield* Fixture
        const rendered = yield* (yield* PageRenderer).render(`${app.origin}/images`)
        expect(rendered.copy).toBeUndefined()
      }))
  })
})
