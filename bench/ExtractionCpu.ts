/**
 * CPU per page of the extraction and analysis steps alone, without fetching, rendering or storage: the bench's
 * enrichment pages (bench/Enrichment.ts) and the quality suite's held-out pages (real pages, heavier), each run
 * through `HtmlPageExtractor.extract` and `LocalContentAnalyzer.analyze` in this process after a warm-up round.
 * `node --conditions=@bookmark-library/source --import tsx bench/ExtractionCpu.ts [rounds]` (the packages from their
 * sources); process CPU time (user + system), so other load on the machine
 * changes the figures less than it changes wall time.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gunzipSync } from "node:zlib"
import * as LocalContentAnalyzer from "../packages/adapters/src/analysis/LocalContentAnalyzer.js"
import * as HtmlMetadata from "../packages/adapters/src/extract/HtmlMetadata.js"
import * as HtmlPageExtractor from "../packages/adapters/src/extract/HtmlPageExtractor.js"
import { page } from "./Enrichment.js"

interface Sample {
  readonly url: string
  readonly html: string
}

const heldOutRoot = fileURLToPath(new URL("../packages/adapters/test/quality/heldout/", import.meta.url))

const heldOut = (): ReadonlyArray<Sample> =>
  ["readability", "newspaper4k"].flatMap((set) =>
    readdirSync(join(heldOutRoot, set)).sort().map((name) => ({
      url: `http://127.0.0.1/${set}/${name}`,
      html: gunzipSync(readFileSync(join(heldOutRoot, set, name, "source.html.gz"))).toString("utf8")
    }))
  )

const cpuMs = () => {
  const { system, user } = process.cpuUsage()
  return (system + user) / 1000
}

const run = (samples: ReadonlyArray<Sample>, rounds: number) => {
  let extract = 0
  let analyse = 0
  for (let round = 0; round <= rounds; round++) {
    for (const sample of samples) {
      const body = new TextEncoder().encode(sample.html)
      const before = cpuMs()
      const extracted = HtmlPageExtractor.extract(
        { url: sample.url, contentType: "text/html; charset=utf-8", body },
        HtmlMetadata
      )
      const between = cpuMs()
      LocalContentAnalyzer.analyze({ text: extracted.text, title: extracted.title, news: extracted.news === true })
      const after = cpuMs()
      // Round 0 warms the JIT and the lazily built tables (stop words, stemmers).
      if (round === 0) continue
      extract += between - before
      analyse += after - between
    }
  }
  const pages = samples.length * rounds
  return { pages, extract: extract / pages, analyse: analyse / pages }
}

const rounds = Number(process.argv[2] ?? 3)
const sets: ReadonlyArray<readonly [string, ReadonlyArray<Sample>]> = [
  ["bench pages (50)", Array.from({ length: 50 }, (_, n) => ({ url: `http://127.0.0.1/pages/${n}`, html: page(n) }))],
  ["held-out pages", heldOut()]
]
for (const [name, samples] of sets) {
  const figures = run(samples, rounds)
  const total = figures.extract + figures.analyse
  console.log(
    `${name}: ${figures.pages} page runs; CPU per page: extract ${figures.extract.toFixed(1)} ms, analyse ${
      figures.analyse.toFixed(1)
    } ms, ` +
      `both ${total.toFixed(1)} ms (${Math.round(60_000 / total)} pages per CPU-minute)`
  )
}
