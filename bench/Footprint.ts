/**
 * The embedded server's whole process tree (the server, Chromium and every helper it starts), as PSS from
 * /proc/<pid>/smaps_rollup: idle before the first page, during captures, and after Chromium's idle close
 * (docs/preservation.md, "Footprint"). `npm run bench -- --only=footprint`; bounded: a few pages, then a wait of
 * BROWSER_IDLE_CLOSE (default here 90 s, the service's own default; `--idle-close=30s` for a shorter run) plus the
 * watcher's margin, sampling every second, at most four minutes in all. Linux only (smaps_rollup).
 */
import { readdirSync, readFileSync } from "node:fs"
import * as Enrichment from "./Enrichment.js"
import * as Processes from "./Processes.js"
import { type Context, sleep } from "./Section.js"
import * as Seed from "./Seed.js"

export interface Options extends Context {
  readonly pages: number
  /** BROWSER_IDLE_CLOSE for the run, in seconds. */
  readonly idleCloseSeconds: number
}

export interface Sample {
  readonly atMs: number
  readonly pssBytes: number
  readonly processes: number
  readonly chromium: number
}

export interface FootprintFigures {
  readonly idleBeforeFirstUse: Sample
  readonly peakDuringCapture: Sample
  readonly afterIdleClose: Sample | undefined
  /** Seconds from the last capture to the first sample at or under 200 MB. */
  readonly secondsTo200MB: number | undefined
  readonly idleCloseSeconds: number
  readonly pages: number
}

/** Every process below `root` (and `root` itself), from the parent links in /proc/<pid>/stat. */
const tree = (root: number): ReadonlyArray<{ readonly pid: number; readonly name: string }> => {
  const parents = new Map<number, number>()
  const names = new Map<number, string>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8")
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")))
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]))
    } catch {
      // ended meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === root || (parents.get(pid) ?? 1) > 1 && inTree(parents.get(pid) ?? 1)
  return [...names].filter(([pid]) => inTree(pid)).map(([pid, name]) => ({ pid, name }))
}

/** PSS of one process in bytes (0 once it has ended). */
const pssOf = (pid: number) => {
  try {
    const kb = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1]
    return Number(kb ?? 0) * 1024
  } catch {
    return 0
  }
}

export const sample = (root: number, since: number): Sample => {
  const processes = tree(root)
  return {
    atMs: Date.now() - since,
    pssBytes: processes.reduce((sum, p) => sum + pssOf(p.pid), 0),
    processes: processes.length,
    chromium: processes.filter((p) => /chrom/i.test(p.name)).length
  }
}

const MB = 1024 * 1024
const limit = 200 * MB

export const measure = async (options: Options): Promise<FootprintFigures> => {
  const fixtures = await Enrichment.fixtureServer()
  const service = options.track(
    await Processes.startService("footprint-start", "start", {
      DATA_DIR: options.tempDir(),
      ADMIN_TOKEN: options.adminToken,
      PLAN_LIMITS: options.planLimits,
      ALLOW_PRIVATE_NETWORK: "true",
      CHROMIUM_PATH: "/usr/bin/chromium",
      SCREENSHOTS: "true",
      BROWSER_IDLE_CLOSE: `${options.idleCloseSeconds}s`
    })
  )
  const started = Date.now()
  try {
    const { key } = await Seed.account(service.baseUrl, options.adminToken)
    await sleep(5_000)
    const idleBeforeFirstUse = sample(service.pid, started)
    options.log(`  idle before first use: ${(idleBeforeFirstUse.pssBytes / MB).toFixed(0)} MB PSS`)

    let peak = idleBeforeFirstUse
    const sampler = setInterval(() => {
      const now = sample(service.pid, started)
      if (now.pssBytes > peak.pssBytes) peak = now
    }, 250)
    try {
      const ids: Array<string> = []
      for (let i = 0; i < options.pages; i++) {
        const response = await fetch(`${service.baseUrl}/v1/api/bookmarks`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ url: fixtures.nextUrl() })
        })
        const body = await response.json() as { id: string }
        ids.push(body.id)
      }
      for (const id of ids) {
        for (let tries = 0; tries < 240; tries++) {
          const got = await fetch(`${service.baseUrl}/v1/api/bookmarks/${id}`, {
            headers: { authorization: `Bearer ${key}` }
          })
          const body = await got.json() as { status: string; screenshot: string }
          if (body.status === "ready") {
            if (body.screenshot === "") throw new Error(`bookmark ${id} is ready without a screenshot`)
            break
          }
          await sleep(250)
        }
      }
    } finally {
      clearInterval(sampler)
    }
    const lastCapture = Date.now()
    options.log(`  peak during capture: ${(peak.pssBytes / MB).toFixed(0)} MB PSS, ${peak.chromium} Chromium processes`)

    // Sampled every second until Chromium is gone and the tree is at or under the limit, or three minutes passed.
    let afterIdleClose: Sample | undefined
    let secondsTo200MB: number | undefined
    while (Date.now() - lastCapture < Math.max(180_000, options.idleCloseSeconds * 1_000 + 30_000)) {
      const now = sample(service.pid, started)
      if (secondsTo200MB === undefined && now.pssBytes <= limit) secondsTo200MB = (Date.now() - lastCapture) / 1_000
      if (now.chromium === 0) {
        // Let the server's own heap settle for a few seconds after the close before the figure is taken.
        await sleep(5_000)
        afterIdleClose = sample(service.pid, started)
        if (secondsTo200MB === undefined && afterIdleClose.pssBytes <= limit) {
          secondsTo200MB = (Date.now() - lastCapture) / 1_000
        }
        break
      }
      await sleep(1_000)
    }
    options.log(
      `  after the idle close: ${
        afterIdleClose === undefined ? "Chromium did not close" : `${(afterIdleClose.pssBytes / MB).toFixed(0)} MB PSS`
      }`
    )
    return {
      idleBeforeFirstUse,
      peakDuringCapture: peak,
      afterIdleClose,
      secondsTo200MB,
      idleCloseSeconds: options.idleCloseSeconds,
      pages: options.pages
    }
  } finally {
    await service.stop()
    await fixtures.close()
  }
}

const mb = (s: Sample) => `${(s.pssBytes / MB).toFixed(0)} MB (${s.processes} processes, ${s.chromium} Chromium)`

export const render = (f: FootprintFigures): ReadonlyArray<string> => [
  "## Footprint: the embedded server's process tree (PSS)",
  "",
  `\`bookmarks start\` with screenshots on, BROWSER_IDLE_CLOSE=${f.idleCloseSeconds}s; ${f.pages} local pages captured. ` +
  "PSS summed over the server and every process below it (Chromium and its helpers), from /proc/<pid>/smaps_rollup.",
  "",
  "| moment | PSS of the whole tree |",
  "| --- | --- |",
  `| idle, before the first page | ${mb(f.idleBeforeFirstUse)} |`,
  `| peak during the captures | ${mb(f.peakDuringCapture)} |`,
  `| after Chromium's idle close | ${
    f.afterIdleClose === undefined ? "Chromium did not close" : mb(f.afterIdleClose)
  } |`,
  "",
  `Back to 200 MB or less: ${
    f.secondsTo200MB === undefined ? "not within the run" : `${f.secondsTo200MB.toFixed(0)} s after the last capture`
  } (target: within 180 s).`
]
