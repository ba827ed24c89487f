/**
 * Test helper for the fidelity measures (docs/preservation.md, "Measured"): renders each page with a copy, opens the
 * copy offline in a second Chromium, and compares it with the live full-page screenshot, on the first screen
 * (1280×800) and on the whole page (the common height; the height difference is reported beside it).
 */
import type { PageRenderer } from "@bookmark-library/domain"
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import type { Browser } from "playwright-core"
import sharp from "sharp"
import { MAX_HEIGHT, VIEWPORT } from "../../src/render/PlaywrightRenderer.js"
import * as OfflineViewer from "./OfflineViewer.js"

export interface Row {
  readonly path: string
  /** Bytes of the copy; 0 when no copy was kept. */
  readonly bytes: number
  /** Render, screenshot and copy together, in ms. */
  readonly ms: number
  /** Share of differing pixels in the first 1280×800 (1 when there is no copy). */
  readonly firstScreen: number
  /** Share of differing pixels over the height both full-page screenshots have (1 when there is no copy). */
  readonly fullPage: number
  readonly liveHeight: number
  readonly copyHeight: number
  /** Why there is no copy (render failed, or the capture kept none); absent when there is one. */
  readonly missing?: string
  /** What the copy says it leaves out, if anything. */
  readonly partial?: string
}

interface Raw {
  readonly data: Buffer
  readonly width: number
  readonly height: number
  readonly channels: number
}

const decode = (jpeg: Uint8Array): Promise<Raw> =>
  sharp(Buffer.from(jpeg)).removeAlpha().raw().toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({
    data,
    width: info.width,
    height: info.height,
    channels: info.channels
  }))

/** Share of pixels in the top `rows` rows whose colour differs by more than 32 (of 255) in any channel. */
export const difference = (left: Raw, right: Raw, rows: number): number => {
  const width = Math.min(left.width, right.width)
  const height = Math.min(left.height, right.height, rows)
  if (width === 0 || height === 0) return 1
  let differing = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = (y * left.width + x) * left.channels
      const r = (y * right.width + x) * right.channels
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

/** Where the screenshots of a page whose copy differs by more than 0.1 % go, to be looked at. */
const shots = (set: string, path: string) =>
  `test-output/archive/shots/${set}/${path.replace(/^\/+|\/+$/g, "").replace(/[^A-Za-z0-9._-]+/g, "_")}`

/**
 * Renders and compares one page; a page that fails or keeps no copy is a row with `missing`, never a crash. When the
 * copy differs by more than 0.1 % on either measure, both screenshots are kept under test-output/archive/shots/<set>/.
 */
export const measurePage = (
  renderer: PageRenderer["Service"],
  viewer: Browser,
  path: string,
  url: string,
  set: string
): Effect.Effect<Row> =>
  Effect.gen(function*() {
    const started = performance.now()
    const rendered = yield* renderer.render(url, { copy: { maxBytes: 20 * 1024 * 1024 } }).pipe(
      Effect.map((r) => ({ ok: true as const, r })),
      Effect.catch((e) => Effect.succeed({ ok: false as const, reason: e.reason }))
    )
    const ms = performance.now() - started
    const none = { path, bytes: 0, ms, firstScreen: 1, fullPage: 1, copyHeight: 0 }
    if (!rendered.ok) return { ...none, liveHeight: 0, missing: `render failed: ${rendered.reason}` }
    const copy = rendered.r.copy
    if (copy?._tag !== "Kept") {
      return { ...none, liveHeight: rendered.r.height, missing: copy?.reason ?? "no copy" }
    }
    const offline = yield* Effect.scoped(Effect.gen(function*() {
      const opened = yield* OfflineViewer.open(viewer, copy.html)
      return yield* Effect.promise(() =>
        opened.page.screenshot({
          type: "jpeg",
          quality: 70,
          fullPage: true,
          clip: { x: 0, y: 0, width: VIEWPORT.width, height: MAX_HEIGHT }
        })
      )
    }))
    const [live, copied] = yield* Effect.promise(() => Promise.all([decode(rendered.r.screenshot), decode(offline)]))
    const firstScreen = difference(live, copied, VIEWPORT.height)
    const fullPage = difference(live, copied, Number.MAX_SAFE_INTEGER)
    if (Math.max(firstScreen, fullPage) > 0.001) {
      const base = shots(set, path)
      mkdirSync(dirname(base), { recursive: true })
      writeFileSync(`${base}.live.jpeg`, rendered.r.screenshot)
      writeFileSync(`${base}.copy.jpeg`, offline)
    }
    return {
      path,
      bytes: copy.html.byteLength,
      ms,
      firstScreen,
      fullPage,
      liveHeight: live.height,
      copyHeight: copied.height,
      ...(copy.partial === "" ? {} : { partial: copy.partial })
    }
  })

export const quantile = (values: ReadonlyArray<number>, q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`

/**
 * Pages within each bound are pages with a copy (a page without one is within none, and is listed under `missing`
 * with its reason); the worst pages are likewise among those with a copy.
 */
export const summarise = (rows: ReadonlyArray<Row>) => {
  const copies = rows.filter((r) => r.missing === undefined)
  const within = (key: "firstScreen" | "fullPage", limit: number) => copies.filter((r) => r[key] <= limit).length
  const measure = (key: "firstScreen" | "fullPage") => ({
    withinOnePercent: within(key, 0.01),
    withinFivePercent: within(key, 0.05),
    worst: [...copies].sort((a, b) => b[key] - a[key]).slice(0, 5).filter((r) => r[key] > 0).map((r) =>
      `${r.path} ${percent(r[key])}`
    )
  })
  return {
    pages: rows.length,
    copies: copies.length,
    missing: rows.filter((r) => r.missing !== undefined).map((r) => `${r.path}: ${r.missing}`),
    firstScreen: measure("firstScreen"),
    fullPage: measure("fullPage"),
    heightDiffers: copies.filter((r) => r.liveHeight !== r.copyHeight).map((r) =>
      `${r.path} live ${r.liveHeight} px, copy ${r.copyHeight} px`
    ),
    sizeMedian: quantile(copies.map((r) => r.bytes), 0.5),
    sizeP95: quantile(copies.map((r) => r.bytes), 0.95),
    timeMedianMs: Math.round(quantile(rows.map((r) => r.ms), 0.5)),
    timeP95Ms: Math.round(quantile(rows.map((r) => r.ms), 0.95))
  }
}

/** Writes the rows and their summary to test-output/archive/<name>.json and prints the summary. */
export const report = (name: string, rows: ReadonlyArray<Row>) => {
  const summary = summarise(rows)
  mkdirSync("test-output/archive", { recursive: true })
  writeFileSync(`test-output/archive/${name}.json`, JSON.stringify({ summary, results: rows }, null, 2))
  console.log(JSON.stringify({ name, ...summary }, null, 2))
  return summary
}
