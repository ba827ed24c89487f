/** BENCHMARKS.md from one run's figures: machine, throughput side by side, search at scale, memory, targets. */
import * as Imports from "./Imports.js"
import type { Measurement } from "./Load.js"

export interface Machine {
  readonly cpu: string
  readonly cores: number
  readonly memoryGiB: number
  readonly os: string
  readonly node: string
  readonly postgres: string
  readonly redis: string
  readonly loadStart: ReadonlyArray<number>
  readonly loadEnd: ReadonlyArray<number>
}

export interface SearchFigures {
  readonly rows: number
  readonly byKind: ReadonlyArray<
    {
      readonly kind: string
      readonly n: number
      readonly p50: number
      readonly p95: number
      readonly max: number
      readonly avgResults: number
    }
  >
  readonly all: { readonly n: number; readonly p50: number; readonly p95: number; readonly max: number }
}

/** One mode of the enrichment run (bench/Enrichment.ts); times in ms. */
export interface EnrichmentMode {
  readonly burst: {
    readonly pages: number
    readonly seconds: number
    readonly pagesPerMinute: number
    readonly notReady: number
    readonly p50: number
    readonly p90: number
  }
  readonly sequential: { readonly n: number; readonly median: number; readonly min: number; readonly max: number }
  readonly checked: number
  readonly withoutScreenshot: number
  readonly failed: number
}

export interface EnrichmentFigures {
  readonly pages: number
  readonly sequential: number
  readonly workerConcurrency: number
  readonly cores: number
  /** Load average (1/5/15 min) at start and end; mean and max of the 1-minute figure sampled every 2 s. */
  readonly load: {
    readonly start: ReadonlyArray<number>
    readonly end: ReadonlyArray<number>
    readonly mean: number
    readonly max: number
  }
  readonly embedded: EnrichmentMode
  readonly scaled?: EnrichmentMode | undefined
}

/** One mode of the webhook run (bench/Webhooks.ts); times in ms. */
export interface WebhookMode {
  readonly sequential: { readonly n: number; readonly p50: number; readonly p95: number; readonly max: number }
  readonly burst: {
    readonly bookmarks: number
    readonly expected: number
    readonly arrived: number
    readonly seconds: number
    readonly perSecond: number
    readonly queuedAfterLastReady: number
    readonly drainPerSecond: number | undefined
    readonly duplicates: number
  }
}

export interface WebhookFigures {
  readonly sequential: number
  readonly burst: number
  readonly webhooks: number
  readonly embedded: WebhookMode
  readonly scaled?: WebhookMode | undefined
}

export interface Figures {
  readonly date: string
  readonly machine: Machine
  readonly settings: {
    readonly connections: number
    readonly seconds: number
    readonly warmupSeconds: number
    readonly library: number
  }
  readonly embedded: Record<string, Measurement | undefined>
  readonly scaled: Record<string, Measurement | undefined>
  readonly baseline: Record<string, Measurement | undefined>
  readonly fixedRate: {
    readonly rate: number
    readonly embedded?: Measurement | undefined
    readonly scaled?: Measurement | undefined
  }
  readonly search?: SearchFigures | undefined
  readonly memory: { readonly idle?: number | undefined; readonly underLoad?: number | undefined }
  readonly enrichment?: EnrichmentFigures | undefined
  readonly webhooks?: WebhookFigures | undefined
  readonly imports?: Imports.ImportFigures | undefined
  readonly skipped: ReadonlyArray<string>
  readonly notes: string
}

export const paths = [
  ["get", "GET /bookmarks/:id"],
  ["list", "GET /bookmarks?limit=50"],
  ["search", "GET /bookmarks?q=<word>"],
  ["save", "POST /bookmarks"]
] as const

const mb = (
  bytes: number | undefined
) => (bytes === undefined || bytes === 0 ? "—" : `${(bytes / 1024 / 1024).toFixed(0)} MB`)
const n0 = (x: number | undefined) => (x === undefined ? "—" : x.toLocaleString("en", { maximumFractionDigits: 0 }))
const ms = (
  x: number | undefined
) => (x === undefined ? "—" : `${x.toLocaleString("en", { maximumFractionDigits: 1 })} ms`)
const cells = (m: Measurement | undefined) =>
  m === undefined
    ? ["—", "—", "—"]
    : [n0(m.rps) + (m.failures > 0 ? ` (${m.failures} failed)` : ""), ms(m.p50), ms(m.p99)]

export const ratio = (ours: Measurement | undefined, base: Measurement | undefined) =>
  ours === undefined || base === undefined || base.rps === 0 ? undefined : ours.rps / base.rps

const row = (values: ReadonlyArray<string>) => `| ${values.join(" | ")} |`
const secs = (x: number) => `${(x / 1000).toFixed(x < 10_000 ? 2 : 1)} s`

/** The section "Enrichment throughput (one worker, screenshots on)". */
export const renderEnrichment = (e: EnrichmentFigures): Array<string> => {
  const modes = [e.embedded, e.scaled]
  const each = (f: (m: EnrichmentMode) => string) => modes.map((m) => (m === undefined ? "—" : f(m)))
  const load = (xs: ReadonlyArray<number>) => xs.map((x) => x.toFixed(2)).join(" / ")
  const out = [
    "## Enrichment throughput (one worker, screenshots on)",
    "",
    `\`bench/Enrichment.ts\`: ${e.pages} local fixture pages (title, description, four paragraphs, an SVG image) served`,
    "by `node:http` on 127.0.0.1. Each mode runs one worker process with",
    `\`WORKER_CONCURRENCY=${e.workerConcurrency}\`, screenshots by \`/usr/bin/chromium\`, summary and tags by the local analyser;`,
    "one page is enriched first to launch the browser. Embedded: `bookmarks start` (API and worker in one process,",
    "PGlite). Scaled: `bookmarks serve` + `bookmarks work` on a fresh Postgres database and Redis. Nothing leaves",
    "loopback.",
    "",
    `Machine load during this section (${e.cores} cores): load average ${load(e.load.start)} at start, ${
      load(e.load.end)
    }`,
    `at end; 1-minute figure ${e.load.mean.toFixed(2)} on average, ${
      e.load.max.toFixed(2)
    } at most (the section's own worker`,
    "and Chromium included).",
    "",
    row(["Measure", "Embedded (PGlite)", "Scaled (Postgres + Redis)"]),
    row(["---", "---", "---"]),
    row([
      `${e.pages} pages saved at once, all \`ready\``,
      ...each((m) =>
        `${m.burst.seconds.toFixed(1)} s: **${m.burst.pagesPerMinute.toFixed(1)} pages/minute**${
          m.burst.notReady > 0 ? ` (${m.burst.notReady} never ready)` : ""
        }`
      )
    ]),
    row(["POST → `ready` inside that burst", ...each((m) => `p50 ${secs(m.burst.p50)}, p90 ${secs(m.burst.p90)}`)]),
    row([
      `POST → \`ready\`, one page at a time (median of ${e.sequential})`,
      ...each((m) => `**${secs(m.sequential.median)}** (${secs(m.sequential.min)}–${secs(m.sequential.max)})`)
    ]),
    row([
      "Bookmarks without a screenshot (none, or its URL answers no image)",
      ...each((m) => `${m.withoutScreenshot} of ${m.checked}`)
    ]),
    row(["Bookmarks with a processing error", ...each((m) => `${m.failed} of ${m.checked}`)]),
    ""
  ]
  const verdict = (name: string, m: EnrichmentMode | undefined) =>
    m === undefined
      ? []
      : [`${name} ${m.burst.pagesPerMinute >= 60 ? "met" : "**not met**"} (${m.burst.pagesPerMinute.toFixed(1)})`]
  out.push(
    `Target (docs/decisions.md, "Performance targets"), ≥ 60 local pages/minute per worker: ${
      [...verdict("embedded", e.embedded), ...verdict("scaled", e.scaled)].join(", ")
    }.`
  )
  if ((e.load.start[0] ?? 0) > e.cores * 0.5) {
    out.push(
      "The load average was already above half the cores when this section began (earlier sections of this run, or",
      "other work): the figures may be lower than on an idle machine."
    )
  }
  out.push("")
  return out
}

/** The section "Webhook deliveries (one worker)". */
export const renderWebhooks = (w: WebhookFigures): Array<string> => {
  const each = (f: (m: WebhookMode) => string) => [w.embedded, w.scaled].map((m) => (m === undefined ? "—" : f(m)))
  return [
    "## Webhook deliveries (one worker)",
    "",
    "`bench/Webhooks.ts`: a `node:http` receiver on 127.0.0.1 answers every delivery 200. Delay = arrival at the",
    "receiver − the envelope's `createdAt`, which is written in the transaction that makes the bookmark `ready`.",
    `First ${w.sequential} bookmarks one at a time with one webhook (the worker idle between them); then ${w.webhooks}`,
    `webhooks on the account and ${w.burst} bookmarks saved at once, ${
      w.burst * w.webhooks
    } deliveries. Screenshots off.`,
    "Embedded: `bookmarks start`. Scaled: `bookmarks serve` + one `bookmarks work` on Postgres + Redis.",
    "",
    row(["Measure", "Embedded (PGlite)", "Scaled (Postgres + Redis)"]),
    row(["---", "---", "---"]),
    row([
      "`ready` → arrival, idle worker",
      ...each((m) => `p50 **${ms(m.sequential.p50)}**, p95 **${ms(m.sequential.p95)}**, max ${ms(m.sequential.max)}`)
    ]),
    row([
      `${w.burst * w.webhooks} deliveries, first to last arrival`,
      ...each((m) =>
        `${m.burst.arrived} in ${m.burst.seconds.toFixed(1)} s: **${m.burst.perSecond.toFixed(1)}/s**${
          m.burst.arrived < m.burst.expected ? ` (${m.burst.expected - m.burst.arrived} missing)` : ""
        }`
      )
    ]),
    row([
      "The queue left when the last bookmark was ready, drained at",
      ...each((m) =>
        m.burst.drainPerSecond === undefined
          ? "no queue"
          : `${m.burst.queuedAfterLastReady} at ${m.burst.drainPerSecond.toFixed(1)}/s`
      )
    ]),
    row(["Deliveries that arrived twice", ...each((m) => String(m.burst.duplicates))]),
    ""
  ]
}

export const render = (f: Figures): string => {
  const out: Array<string> = []
  const m = f.machine
  out.push(
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` (\`bench/run.ts\`) on ${f.date}. Every figure below comes from that one run; the`,
    "service runs as a child process (`bookmarks serve`, API only, so no worker competes for the CPU), the load",
    "generator (autocannon) runs in the benchmark's own process on the same machine.",
    "",
    "## Machine",
    "",
    row(["", ""]),
    row(["---", "---"]),
    row(["CPU", `${m.cpu} × ${m.cores}`]),
    row(["Memory", `${m.memoryGiB.toFixed(0)} GiB`]),
    row(["OS", m.os]),
    row(["Node.js", m.node]),
    row(["Postgres", m.postgres]),
    row(["Redis", m.redis]),
    row(["Load average (1/5/15 min) at start", m.loadStart.map((x) => x.toFixed(2)).join(" / ")]),
    row(["Load average at end", m.loadEnd.map((x) => x.toFixed(2)).join(" / ")]),
    row([
      "Load",
      `autocannon, ${f.settings.connections} connections, ${f.settings.seconds} s per measurement after ${f.settings.warmupSeconds} s of warm-up`
    ]),
    row([
      "Library",
      `${
        n0(f.settings.library)
      } bookmarks saved through the API (notes and tags of made-up words); reads pick random ids and words`
    ]),
    ""
  )
  if (m.loadStart[0] !== undefined && m.loadStart[0] > m.cores * 0.5) {
    out.push(
      `> The machine was not idle when this run began (load average ${m.loadStart[0].toFixed(1)} on ${m.cores} cores):`,
      "> absolute figures may be low and noisy; the side-by-side ratios are the meaningful part.",
      ""
    )
  }
  out.push(
    "## Throughput and latency at saturation",
    "",
    "Embedded: PGlite in a data directory, counters in memory (written every 250 ms). Scaled: Postgres + Redis. Baseline: `node:http` + `pg` +",
    "`ioredis` on the same Postgres database and Redis, doing the same key lookup by SHA-256, the same allowance Lua",
    "script and the same query, answering the same JSON, no framework (`bench/Baseline.ts`).",
    "",
    row([
      "Path",
      "Embedded req/s",
      "p50",
      "p99",
      "Scaled req/s",
      "p50",
      "p99",
      "Baseline req/s",
      "p50",
      "p99",
      "Scaled ÷ baseline"
    ]),
    row(Array.from({ length: 11 }, () => "---"))
  )
  for (const [id, label] of paths) {
    const r = ratio(f.scaled[id], f.baseline[id])
    out.push(
      row([
        label,
        ...cells(f.embedded[id]),
        ...cells(f.scaled[id]),
        ...cells(f.baseline[id]),
        r === undefined ? "—" : `${r.toFixed(2)}×`
      ])
    )
  }
  const cpu = (
    x: Measurement | undefined
  ) => (x?.cpuMsPerRequest === undefined ? "—" : `${x.cpuMsPerRequest.toFixed(2)} ms`)
  out.push(
    "",
    "CPU time of the server process per answered request (user + system, from `/proc`), measured during the same runs.",
    "Unlike requests/s it hardly depends on what else the machine is doing.",
    "",
    row(["Path", "Embedded", "Scaled", "Baseline", "Scaled ÷ baseline"]),
    row(["---", "---", "---", "---", "---"])
  )
  for (const [id, label] of paths) {
    const ours = f.scaled[id]?.cpuMsPerRequest
    const base = f.baseline[id]?.cpuMsPerRequest
    out.push(
      row([
        label,
        cpu(f.embedded[id]),
        cpu(f.scaled[id]),
        cpu(f.baseline[id]),
        ours === undefined || base === undefined ? "—" : `${(ours / base).toFixed(1)}×`
      ])
    )
  }
  out.push(
    "",
    `## \`POST /bookmarks\` at a fixed ${f.fixedRate.rate} requests/s`,
    "",
    row(["Mode", "Achieved req/s", "p50", "p99"]),
    row(["---", "---", "---", "---"]),
    row(["Embedded", ...cells(f.fixedRate.embedded)]),
    row(["Scaled", ...cells(f.fixedRate.scaled)]),
    ""
  )
  if (f.search !== undefined) {
    out.push(
      `## Full-text search over ${n0(f.search.rows)} bookmarks in one account (Postgres, through the API)`,
      "",
      "Rows seeded with `INSERT … SELECT generate_series` into the real schema (title, description, summary, page",
      "text and tags of made-up words drawn by a power law), GIN indexes rebuilt, `VACUUM ANALYZE`. Queries are",
      "`GET /bookmarks?q=<word>` (first page of 50, newest first), one at a time, after 20 unrecorded warm-up queries.",
      "Common words appear in 5–90 % of the rows, middling ones in 0.1–1 %, rare ones in about 0.05 %.",
      "",
      row(["Words", "Queries", "p50", "p95", "Max", "Rows returned (avg)"]),
      row(["---", "---", "---", "---", "---", "---"])
    )
    for (const k of f.search.byKind) {
      out.push(row([k.kind, String(k.n), ms(k.p50), ms(k.p95), ms(k.max), k.avgResults.toFixed(1)]))
    }
    out.push(
      row([
        "**all**",
        String(f.search.all.n),
        ms(f.search.all.p50),
        `**${ms(f.search.all.p95)}**`,
        ms(f.search.all.max),
        ""
      ]),
      ""
    )
  }
  const peak = (record: Record<string, Measurement | undefined>) =>
    Math.max(0, ...Object.values(record).map((x) => x?.peakRss ?? 0))
  out.push(
    "## Memory (RSS of the server process)",
    "",
    row(["Process", "RSS"]),
    row(["---", "---"]),
    row(["Embedded `bookmarks start` (API + workers), idle after start-up", `**${mb(f.memory.idle)}**`]),
    row(["Embedded `bookmarks start`, peak under `GET /bookmarks` load", mb(f.memory.underLoad)]),
    row(["Embedded `bookmarks serve`, peak during its measurements", mb(peak(f.embedded))]),
    row(["Scaled `bookmarks serve`, peak during its measurements", mb(peak(f.scaled))]),
    row(["Baseline, peak during its measurements", mb(peak(f.baseline))]),
    ""
  )
  if (f.enrichment !== undefined) out.push(...renderEnrichment(f.enrichment))
  if (f.webhooks !== undefined) out.push(...renderWebhooks(f.webhooks))
  if (f.imports !== undefined) out.push(...Imports.render(f.imports))
  const targets: Array<[string, string, boolean | string | undefined]> = []
  for (const [id, label] of paths.slice(0, 2)) {
    const r = ratio(f.scaled[id], f.baseline[id])
    targets.push([
      `${label}: ≥ 0.8× the baseline`,
      r === undefined ? "—" : `${r.toFixed(2)}×`,
      r === undefined ? undefined : r >= 0.8
    ])
  }
  targets.push([
    "Search p95 < 50 ms at 1,000,000 rows",
    ms(f.search?.all.p95),
    f.search === undefined || f.search.rows < 1_000_000 ? undefined : f.search.all.p95 < 50
  ])
  const p99 = (x: Measurement | undefined) =>
    x === undefined ? undefined : x.rps < f.fixedRate.rate * 0.95 ? `rate not reached (${n0(x.rps)} req/s)` : x.p99 < 20
  targets.push([
    `POST p99 < 20 ms at ${f.fixedRate.rate} req/s (scaled)`,
    ms(f.fixedRate.scaled?.p99),
    p99(f.fixedRate.scaled)
  ])
  targets.push([
    `POST p99 < 20 ms at ${f.fixedRate.rate} req/s (embedded)`,
    ms(f.fixedRate.embedded?.p99),
    p99(f.fixedRate.embedded)
  ])
  targets.push([
    "Idle embedded server < 150 MB RSS",
    mb(f.memory.idle),
    f.memory.idle === undefined ? undefined : f.memory.idle < 150 * 1024 * 1024
  ])
  out.push(
    "## Against the targets (docs/decisions.md, \"Performance targets\")",
    "",
    row(["Target", "Measured", "Met"]),
    row(["---", "---", "---"]),
    ...targets.map(([t, v, ok]) =>
      row([t, v, ok === undefined ? "not measured" : typeof ok === "string" ? ok : ok ? "yes" : "**no**"])
    ),
    ""
  )
  if (f.skipped.length > 0) out.push("## Not measured", "", ...f.skipped.map((s) => `- ${s}`), "")
  if (f.notes.trim() !== "") out.push(f.notes.trim(), "")
  return out.join("\n")
}
