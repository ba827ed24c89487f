/**
 * Archived copies on the HELD-OUT page set (docs/preservation.md, "Measured"): pages the archiver was never tuned on,
 * hand-written ones exercising features the development set does not (heldout/HandWrittenPages.ts) and a fixed
 * sample of real pages from the held-out extraction corpus (heldout/CorpusPages.ts). Same comparison as the
 * development measure (first screen and full page). Measured, never asserted: the numbers go to the console and
 * test-output/archive/fidelity-heldout.json; the measure fails only when it cannot measure.
 */
import { PageRenderer } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import * as PlaywrightRenderer from "../../src/render/PlaywrightRenderer.js"
import * as LoopbackServer from "../render/LoopbackServer.js"
import * as FidelityRun from "./FidelityRun.js"
import * as CorpusPages from "./heldout/CorpusPages.js"
import * as HandWrittenPages from "./heldout/HandWrittenPages.js"
import * as OfflineViewer from "./OfflineViewer.js"
import * as PageSet from "./PageSet.js"

const chromium = External.needs("CHROMIUM_PATH")

const offline = (host: string) => Promise.reject(Object.assign(new Error(`${host}: offline`), { code: "ENOTFOUND" }))

describe.runIf(chromium.run)("archived copies on the held-out set: size, time and fidelity", () => {
  it("measures the held-out page set", async () => {
    const corpus = CorpusPages.pages()
    const paths = [...HandWrittenPages.paths, ...Object.keys(corpus)]
    const rows = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      // Two servers on two ports of loopback, one table: the second is the "other origin" of the cross-origin page.
      const table: Record<string, LoopbackServer.Handler> = {}
      const other = yield* LoopbackServer.make(PageSet.router(table))
      const app = yield* LoopbackServer.make(PageSet.router(table))
      Object.assign(table, corpus, yield* Effect.promise(() => HandWrittenPages.make(other.origin)))
      const renderer = yield* Layer.build(
        PlaywrightRenderer.layer({
          chromiumPath: chromium.value,
          allowlist: [app.host, other.host],
          // No name resolves, at once and without a DNS query: the real pages' hosts fail as on a machine offline
          // (the system resolver here takes about 3 s to say so, which only lengthens navigations).
          resolver: offline
        })
      )
        .pipe(Effect.map((context) => context.mapUnsafe.get(PageRenderer.key) as PageRenderer["Service"]))
      const viewer = yield* OfflineViewer.launch(chromium.value ?? "")
      const rows: Array<FidelityRun.Row> = []
      for (const path of paths) {
        const row = yield* FidelityRun.measurePage(renderer, viewer, path, `${app.origin}${path}`, "heldout")
        rows.push(row)
        console.log(JSON.stringify(row))
      }
      return rows
    })))
    const summary = FidelityRun.report("fidelity-heldout", rows)
    expect(rows.length).toBe(paths.length)
    expect(paths.length).toBeGreaterThanOrEqual(30)
    expect(summary.copies).toBeGreaterThan(0)
  }, 1_800_000)
})
