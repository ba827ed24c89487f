/**
 * The soak benchmark (`npm run bench -- --only=soak`): an embedded server (`bookmarks start`: PGlite, the workers
 * on) under a steady stream of saves and searches for `--soak-minutes` (default 30), and with
 * `--before=<checkout>/dist/bookmarks.js` another build beside it under the same stream. Every `--probe-minutes`
 * (default 5; the first at the end of the first period) the stream pauses for a probe: the same 200 searches, one at a
 * time, and the server's CPU time per search and its RSS. At the end each server restarts on its data and is probed
 * again. A long-running server passes when its last probe is within 10 % of its first on both (the measure,
 * which also carries the library's growth), and the last against the restarted one shows what the process's age alone
 * costs. Saved URLs are on loopback's discard port: the workers try them and the address policy refuses, nothing leaves
 * the machine. Results are printed; bench/notes.md keeps the ones we quote.
 */
import * as Processes from "./Processes.js"
import { adminToken, planLimits, removeTemps, tempDir } from "./Scratch.js"
import * as Seed from "./Seed.js"
import * as Vocabulary from "./Vocabulary.js"

interface Probe {
  readonly minute: number
  readonly saves: number
  readonly rssMb: number
  readonly searchCpuMs: number
}

interface Target {
  readonly name: string
  service: Processes.Child
  /** Starts the same build on the same data directory again. */
  readonly restart: () => Promise<Processes.Child>
  readonly key: string
  saves: number
  failures: number
  readonly probes: Array<Probe>
}

const env = (): Record<string, string> => ({
  DATA_DIR: tempDir(),
  ADMIN_TOKEN: adminToken,
  PLAN_LIMITS: planLimits,
  SCREENSHOTS: "false"
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The probe's searches: the same words every probe, drawn once from a seeded generator. */
const probeQueries = (() => {
  const random = Vocabulary.seeded(7)
  return Array.from({ length: 200 }, () => Vocabulary.queryWords(1, random).join(" "))
})()

const search = async (target: Target, q: string) => {
  const response = await fetch(`${target.service.baseUrl}/v1/api/bookmarks?q=${encodeURIComponent(q)}&limit=20`, {
    headers: { authorization: `Bearer ${target.key}` }
  })
  await response.arrayBuffer()
  if (response.status !== 200) target.failures++
}

const save = async (target: Target) => {
  const response = await fetch(`${target.service.baseUrl}/v1/api/bookmarks`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.key}`, "content-type": "application/json" },
    body: Seed.saveBody()
  })
  await response.arrayBuffer()
  if (response.status === 201) target.saves++
  else target.failures++
}

const probe = async (target: Target, minute: number) => {
  await sleep(2_000) // in-flight requests and the jobs they queued settle
  const cpu = target.service.cpu()
  for (const q of probeQueries) await search(target, q)
  const searchCpuMs = (target.service.cpu() - cpu) / probeQueries.length
  const rssMb = target.service.rss() / 2 ** 20
  target.probes.push({ minute, saves: target.saves, rssMb, searchCpuMs })
  console.log(
    `  ${target.name.padEnd(8)} minute ${minute.toFixed(0).padStart(3)}: ${target.saves} saves, ` +
      `RSS ${rssMb.toFixed(0)} MiB, search ${searchCpuMs.toFixed(2)} ms CPU`
  )
}

/** Saves and searches at `rate` each per second, spread over the second, until `paused()` or `done()`. */
const stream = async (targets: ReadonlyArray<Target>, rate: number, running: () => boolean) => {
  const inFlight = new Set<Promise<void>>()
  const fire = (p: Promise<void>) => {
    const tracked = p.catch(() => undefined).finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }
  const random = Vocabulary.seeded(11)
  while (running()) {
    for (const target of targets) {
      // A bounded number in flight: a server that falls behind is measured, not buried.
      if (inFlight.size < 64) {
        fire(save(target))
        fire(search(target, Vocabulary.queryWords(1, random).join(" ")))
      }
    }
    await sleep(1_000 / rate)
  }
  await Promise.all(inFlight)
}

export const soak = async (args: ReadonlyArray<string>) => {
  const option = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
  const minutes = option("soak-minutes", 30)
  const probeMinutes = option("probe-minutes", 5)
  const rate = option("soak-rate", 10)
  const before = args.find((a) => a.startsWith("--before="))?.slice("--before=".length)
  const targets: Array<Target> = []
  try {
    const prepare = async (name: string, start: () => Promise<Processes.Child>) => {
      const service = await start()
      const { key } = await Seed.account(service.baseUrl, adminToken)
      await Seed.saveLibrary(service.baseUrl, key, 500)
      targets.push({ name, service, restart: start, key, saves: 500, failures: 0, probes: [] })
    }
    const afterEnv = env()
    await prepare("after", () => Processes.startService("soak after", "start", afterEnv))
    if (before !== undefined) {
      const beforeEnv = env()
      await prepare("before", () => Processes.startOtherBundle("soak before", before, beforeEnv, [], "start"))
    }
    console.log(
      `soak: ${minutes} min, ${rate} saves/s and ${rate} searches/s per server, a probe every ${probeMinutes} min`
    )
    const started = Date.now()
    const elapsed = () => (Date.now() - started) / 60_000
    // The first probe after the first period: the "first five minutes", workers and caches warm.
    while (elapsed() < minutes) {
      const until = Math.min(minutes, elapsed() + probeMinutes)
      await stream(targets, rate, () => elapsed() < until)
      for (const target of targets) await probe(target, elapsed())
    }
    // The same data after a restart: what the library's growth alone costs, apart from the process's age.
    const ends = targets.map((target) => target.probes[target.probes.length - 1])
    for (const target of targets) {
      await target.service.stop()
      target.service = await target.restart()
      // The probe's searches once unmeasured: a restarted server is probed warm, as the running one was.
      for (const q of probeQueries) await search(target, q)
      await probe(target, elapsed())
    }
    console.log(
      "\n| server | saves | failures | RSS first → last → restarted | search CPU first → last → restarted " +
        "| last ÷ restarted (age) | last ÷ first |"
    )
    console.log("| --- | --- | --- | --- | --- | --- | --- |")
    targets.forEach((target, i) => {
      const first = target.probes[0]
      const last = ends[i]
      const restarted = target.probes[target.probes.length - 1]
      if (first === undefined || last === undefined || restarted === undefined) return
      const mb = (p: Probe) => p.rssMb.toFixed(0)
      const ms = (p: Probe) => p.searchCpuMs.toFixed(2)
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`
      console.log(
        `| ${target.name} | ${target.saves} | ${target.failures} | ${mb(first)} → ${mb(last)} → ${mb(restarted)} MiB ` +
          `| ${ms(first)} → ${ms(last)} → ${ms(restarted)} ms | RSS ${ratio(last.rssMb, restarted.rssMb)}, search ${
            ratio(last.searchCpuMs, restarted.searchCpuMs)
          } | RSS ${ratio(last.rssMb, first.rssMb)}, search ${ratio(last.searchCpuMs, first.searchCpuMs)} |`
      )
    })
  } finally {
    for (const target of targets) await target.service.stop()
    removeTemps()
  }
}
