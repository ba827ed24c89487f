/**
 * Archived copies on a varied local page set (docs/preservation.md, "Measured"): size and time of each capture, and
 * a pixel comparison of the copy opened offline against the live page's screenshot (the first 1280×800). Measured,
 * never asserted: the numbers go to the console and test-output/archive/fidelity.json.
 */
import { PageRenderer } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect, Layer } from "effect"
import * as jpeg from "jpeg-js"
import { mkdirSync, writeFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import * as PlaywrightRenderer from "../../src/render/PlaywrightRenderer.js"
import * as LoopbackServer from "../render/LoopbackServer.js"
import * as OfflineViewer from "./OfflineViewer.js"
import * as PageSet from "./PageSet.js"

const chromium = External.needs("CHROMIUM_PATH")

const palette = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#f39c12", "#16a085"]

/** 36 pages: six kinds (images, lazy images, web font, built by script, iframe, long text) in six colour schemes. */
const variants = (): Record<string, LoopbackServer.Handler> => {
  const pages: Record<string, LoopbackServer.Handler> = {}
  palette.forEach((colour, i) => {
    const head =
      `<style>body{margin:0;font:18px/1.5 sans-serif;color:#222}header{background:${colour};color:#fff;padding:24px}` +
      `main{padding:24px;max-width:900px}@font-face{font-family:F;src:url(/font.ttf)}</style>`
    const wrap = (title: string, body: string) =>
      LoopbackServer.html(
        `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>` +
          `<header><h1>${title} ${i}</h1></header><main>${body}</main></body></html>`
      )
    const words = Array.from({ length: 120 }, (_, w) => `word${(w * (i + 3)) % 97}`).join(" ")
    pages[`/v${i}/images`] = wrap(
      "Images",
      `<p>${words}</p><img src="/red.bmp" width="200" height="120"><img srcset="/blue.bmp 1x" width="200" height="120">` +
        `<div style="height:120px;background:url(/green.bmp)"></div>`
    )
    pages[`/v${i}/lazy`] = wrap(
      "Lazy",
      `<p>${words}</p><img loading="lazy" src="/blue.bmp" width="300" height="200"><div style="height:1500px"></div>` +
        `<img loading="lazy" src="/red.bmp" width="300" height="200">`
    )
    pages[`/v${i}/font`] = wrap("Font", `<p style="font-family:F;font-size:28px">${words}</p>`)
    pages[`/v${i}/script`] = wrap(
      "Script",
      `<div id="app">Loading…</div><script>document.getElementById("app").innerHTML = ` +
        `Array.from({length: 12}, (_, n) => "<p>paragraph " + n + " ${colour}</p>").join("")</script>`
    )
    pages[`/v${i}/frame`] = wrap(
      "Frame",
      `<p>${words}</p><iframe src="/v${i}/images" width="800" height="400" style="border:0"></iframe>`
    )
    pages[`/v${i}/text`] = wrap("Text", Array.from({ length: 20 }, () => `<p>${words}</p>`).join(""))
  })
  return pages
}

/** Share of pixels whose colour differs by more than 32 (of 255) in any channel. */
const difference = (a: Uint8Array, b: Uint8Array): number => {
  const left = jpeg.decode(a, { useTArray: true })
  const right = jpeg.decode(b, { useTArray: true })
  const width = Math.min(left.width, right.width)
  const height = Math.min(left.height, right.height, 800)
  let differing = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = (y * left.width + x) * 4
      const r = (y * right.width + x) * 4
      for (let c = 0; c < 3; c++) {
        if (Math.abs((left.data[l + c] ?? 0) - (right.data[r + c] ?? 0)) > 32) {
          differing += 1
          break
        }
      }
    }
  }
  return differing / (width * height)
}

const quantile = (values: ReadonlyArray<number>, q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

describe.runIf(chromium.run)("archived copies: size, time and fidelity", () => {
  it("measures the local page set", async () => {
    const results = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const table = { ...PageSet.pages({ other: "", trap: "" }), ...variants() }
      const app = yield* LoopbackServer.make(PageSet.router(table))
      const renderer = yield* Layer.build(
        PlaywrightRenderer.layer({ chromiumPath: chromium.value, allowlist: [app.host] })
      )
        .pipe(Effect.map((context) => context.mapUnsafe.get(PageRenderer.key) as PageRenderer["Service"]))
      const viewer = yield* OfflineViewer.launch(chromium.value ?? "")
      const rows: Array<{ path: string; bytes: number; ms: number; diff: number }> = []
      for (const path of Object.keys(table).filter((p) => p.startsWith("/v"))) {
        const started = performance.now()
        const rendered = yield* renderer.render(`${app.origin}${path}`, { copy: { maxBytes: 20 * 1024 * 1024 } })
        const ms = performance.now() - started
        if (rendered.copy?._tag !== "Kept") continue
        const opened = yield* Effect.scoped(Effect.gen(function*() {
          const page = yield* OfflineViewer.open(
            viewer,
            rendered.copy?._tag === "Kept" ? rendered.copy.html : new Uint8Array()
          )
          return yield* Effect.promise(() => page.page.screenshot({ type: "jpeg", quality: 70 }))
        }))
        const row = { path, bytes: rendered.copy.html.byteLength, ms, diff: difference(rendered.screenshot, opened) }
        rows.push(row)
        console.log(JSON.stringify(row))
      }
      return rows
    })))
    const within = results.filter((r) => r.diff <= 0.01).length
    const summary = {
      pages: results.length,
      sizeMedian: quantile(results.map((r) => r.bytes), 0.5),
      sizeP95: quantile(results.map((r) => r.bytes), 0.95),
      timeMedianMs: Math.round(quantile(results.map((r) => r.ms), 0.5)),
      timeP95Ms: Math.round(quantile(results.map((r) => r.ms), 0.95)),
      withinOnePercent: within,
      worst: [...results].sort((a, b) => b.diff - a.diff).slice(0, 5).map((r) =>
        `${r.path} ${(r.diff * 100).toFixed(2)}%`
      )
    }
    mkdirSync("test-output/archive", { recursive: true })
    writeFileSync("test-output/archive/fidelity.json", JSON.stringify({ summary, results }, null, 2))
    console.log(JSON.stringify(summary, null, 2))
    expect(results.length).toBeGreaterThanOrEqual(30)
  }, 1_200_000)
})
