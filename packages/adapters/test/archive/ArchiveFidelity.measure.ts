/**
 * Archived copies on the DEVELOPMENT page set (docs/preservation.md, "Measured"; the held-out set is
 * ArchiveFidelityHeldOut.measure.ts): size and time of each capture, and a pixel comparison of the copy opened
 * offline against the live page's full-page screenshot, on the first 1280×800 and on the whole page. Measured, never
 * asserted: the numbers go to the console and test-output/archive/fidelity.json; the measure fails only when it
 * cannot measure.
 */
import { PageRenderer } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import * as PlaywrightRenderer from "../../src/render/PlaywrightRenderer.js"
import * as LoopbackServer from "../render/LoopbackServer.js"
import * as FidelityRun from "./FidelityRun.js"
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

describe.runIf(chromium.run)("archived copies: size, time and fidelity", () => {
  it("measures the local page set", async () => {
    const table = { ...PageSet.pages({ other: "", trap: "" }), ...variants() }
    const paths = Object.keys(table).filter((p) => p.startsWith("/v"))
    const results = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const app = yield* LoopbackServer.make(PageSet.router(table))
      const renderer = yield* Layer.build(
        PlaywrightRenderer.layer({ chromiumPath: chromium.value, allowlist: [app.host] })
      )
        .pipe(Effect.map((context) => context.mapUnsafe.get(PageRenderer.key) as PageRenderer["Service"]))
      const viewer = yield* OfflineViewer.launch(chromium.value ?? "")
      const rows: Array<FidelityRun.Row> = []
      for (const path of paths) {
        const row = yield* FidelityRun.measurePage(renderer, viewer, path, `${app.origin}${path}`, "development")
        rows.push(row)
        console.log(JSON.stringify(row))
      }
      return rows
    })))
    const summary = FidelityRun.report("fidelity", results)
    expect(results.length).toBe(paths.length)
    expect(paths.length).toBeGreaterThanOrEqual(30)
    expect(summary.copies).toBeGreaterThan(0)
  }, 1_800_000)
})
