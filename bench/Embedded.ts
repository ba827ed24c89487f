/**
 * The embedded default against the scaled mode, side by side: `bookmarks serve` on PGlite (this build, and with
 * `--before=<checkout>/dist/bookmarks.js` another build too) and `bookmarks serve` on Postgres + Redis, loaded in
 * turn on the three read paths, round after round. The figure is CPU time per answered request: the server
 * process, and for the scaled mode also its storage (the Postgres backends of its database and the Redis server).
 * `--start` instead measures `bookmarks start` on a data directory that already holds an account: the time from
 * spawning it to the first authenticated 200, and the idle RSS 10 s later.
 * `npx tsx bench/Embedded.ts [--rounds=N] [--seconds=N] [--connections=N] [--paths=get,list,search] [--start]`.
 * Results are printed, not written: bench/notes.md keeps the ones we quote.
 */
import { Redis } from "ioredis"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "pg"
import * as Load from "./Load.js"
import * as Processes from "./Processes.js"
import { adminToken, planLimits, removeTemps, tempDir } from "./Scratch.js"
import * as Seed from "./Seed.js"
import * as Vocabulary from "./Vocabulary.js"

const args = process.argv.slice(2)
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const text = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const rounds = option("rounds", 2)
const seconds = option("seconds", 5)
const connections = option("connections", 32)
const library = option("library", 2_000)
const paths = (text("paths") ?? "get,list,search").split(",") as ReadonlyArray<"get" | "list" | "search">
const before = text("before")
/** `--before-flags=<node flags>`: node flags for the `--before` build (e.g. the same build with a V8 flag). */
const beforeFlags = (text("before-flags") ?? "").split(" ").filter((f) => f !== "")
const scaledWanted = !args.includes("--no-scaled")
const profileDir = join(Processes.repoRoot, "bench", "profiles")
/** `--profile`: the embedded service runs with `--cpu-prof` (profiles go to bench/profiles/). */
const nodeArgs = args.includes("--profile") ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []

const databaseBase = process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const redisUrl = process.env["BENCH_REDIS_URL"] ?? process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"
const env = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  ADMIN_TOKEN: adminToken,
  PLAN_LIMITS: planLimits,
  SCREENSHOTS: "false"
})
const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(Math.random() * xs.length)]!
const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

interface Target {
  readonly name: string
  readonly service: Processes.Child
  readonly key: string
  readonly ids: ReadonlyArray<string>
  /** CPU ms of the storage serving this target (0 for embedded: PGlite is in the server process). */
  readonly storageCpu: () => number
}

const prepare = async (name: string, service: Processes.Child, storageCpu: () => number): Promise<Target> => {
  const { key } = await Seed.account(service.baseUrl, adminToken)
  const ids = await Seed.saveLibrary(service.baseUrl, key, library)
  return { name, service, key, ids, storageCpu }
}

const readPaths = async () => {
  const targets: Array<Target> = []
  const cleanups: Array<() => Promise<void>> = []
  try {
    const embedded = await Processes.startService("embedded", "serve", env(tempDir()), nodeArgs)
    cleanups.push(embedded.stop)
    targets.push(await prepare("embedded", embedded, () => 0))
    if (before !== undefined) {
      const old = await Processes.startOtherBundle("embedded before", before, env(tempDir()), beforeFlags)
      cleanups.push(old.stop)
      targets.push(await prepare("embedded before", old, () => 0))
    }
    if (scaledWanted) {
      const name = `bench_embedded_${Date.now().toString(36)}`
      const admin = new Client({ connectionString: databaseBase })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
      })
      const url = new URL(databaseBase)
      url.pathname = `/${name}`
      const redis = new Redis(redisUrl)
      const info = await redis.info("server")
      redis.disconnect()
      const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1] ?? -1)
      const scaled = await Processes.startService("scaled", "serve", {
        ...env(tempDir()),
        DATABASE_URL: url.href,
        REDIS_URL: redisUrl
      })
      cleanups.unshift(scaled.stop)
      // The Postgres backends of this database (the service's pool) and the Redis server (shared, so a little noisy).
      let backends: Array<number> = []
      const storageCpu = () => backends.reduce((sum, pid) => sum + Processes.cpuOf(pid), 0) + Processes.cpuOf(redisPid)
      const target = await prepare("scaled", scaled, storageCpu)
      const refresh = async () => {
        const rows = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [name]
        )
        backends = rows.rows.map((r) => r.pid)
      }
      targets.push({ ...target, storageCpu })
      refreshers.push(refresh)
    }
    const words = Vocabulary.words.slice(0, 2_000)
    const results = new Map<string, Array<{ rps: number; cpu: number; storage: number; p99: number }>>()
    for (let round = 1; round <= rounds; round++) {
      for (const path of paths) {
        for (const target of targets) {
          for (const refresh of refreshers) await refresh()
          const storageBefore = target.storageCpu()
          const m = await Load.measure({
            label: `round ${round} ${target.name}: ${path}`,
            url: target.service.baseUrl,
            key: target.key,
            connections,
            seconds,
            warmupSeconds: 1,
            rss: target.service.rss,
            cpu: target.service.cpu,
            path: path === "get"
              ? () => `/v1/api/bookmarks/${pick(target.ids)}`
              : path === "list"
              ? () => "/v1/api/bookmarks?limit=50"
              : () => `/v1/api/bookmarks?q=${pick(words)}`
          })
          for (const refresh of refreshers) await refresh()
          const storage = m.requests > 0 ? (target.storageCpu() - storageBefore) / m.requests : 0
          if (m.failures > 0) console.log(`  ${m.failures} failures`)
          const key = `${path} ${target.name}`
          results.set(key, [...(results.get(key) ?? []), {
            rps: m.rps,
            cpu: m.cpuMsPerRequest ?? 0,
            storage,
            p99: m.p99
          }])
        }
      }
    }
    console.log("\nmedians over rounds (CPU ms per request: server + storage)")
    for (const path of paths) {
      const scaled = results.get(`${path} scaled`)
      const scaledCpu = scaled === undefined
        ? undefined
        : median(scaled.map((r) => r.cpu)) + median(scaled.map((r) => r.storage))
      for (const target of targets) {
        const rs = results.get(`${path} ${target.name}`) ?? []
        const cpu = median(rs.map((r) => r.cpu))
        const storage = median(rs.map((r) => r.storage))
        const ratio = scaledCpu === undefined || target.name === "scaled"
          ? ""
          : `  ${((cpu + storage) / scaledCpu).toFixed(2)}× scaled`
        console.log(
          `  ${path.padEnd(6)} ${target.name.padEnd(16)} ${
            median(rs.map((r) => r.rps)).toFixed(0).padStart(6)
          } req/s  p99 ${median(rs.map((r) => r.p99))} ms  cpu ${cpu.toFixed(2)} + ${storage.toFixed(2)} ms${ratio}`
        )
      }
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined)
  }
}
const refreshers: Array<() => Promise<void>> = []

const bundle = fileURLToPath(new URL("../dist/bookmarks.js", import.meta.url))

/** This process's environment without the service's own variables. */
const inherited = (): NodeJS.ProcessEnv => {
  const base = { ...process.env }
  for (const name of ["DATABASE_URL", "REDIS_URL", "PORT", "HOST", "DATA_DIR", "NODE_OPTIONS", "PLAN_LIMITS"]) {
    delete base[name]
  }
  return base
}

/** Spawn `bookmarks start` on `dataDir` and time the first authenticated 200; then the idle RSS 10 s later. */
const startOnce = async (
  bundlePath: string,
  dataDir: string,
  key: string | undefined,
  flags: ReadonlyArray<string>
) => {
  const port = await Processes.freePort()
  const started = performance.now()
  const child = spawn(process.execPath, [...flags, bundlePath, "start"], {
    cwd: Processes.repoRoot,
    env: { ...inherited(), ...env(dataDir), HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warning" },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const base = `http://127.0.0.1:${port}`
  let firstOk = 0
  for (;;) {
    try {
      const response = key === undefined
        ? await fetch(`${base}/health`)
        : await fetch(`${base}/v1/api/bookmarks?limit=1`, { headers: { authorization: `Bearer ${key}` } })
      await response.arrayBuffer()
      if (response.status === 200) {
        firstOk = performance.now() - started
        break
      }
    } catch {
      // not yet
    }
    if (performance.now() - started > 60_000) throw new Error("no 200 within 60 s")
    await new Promise((r) => setTimeout(r, 20))
  }
  return { child, base, firstOk }
}

const stopChild = (child: ReturnType<typeof spawn>) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })

const startMeasure = async (name: string, bundlePath: string, flags: ReadonlyArray<string> = []) => {
  const dataDir = tempDir()
  const first = await startOnce(bundlePath, dataDir, undefined, flags)
  const { key } = await Seed.account(first.base, adminToken)
  await Seed.saveLibrary(first.base, key, 200)
  await stopChild(first.child)
  const firsts: Array<number> = []
  const rss: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const again = await startOnce(bundlePath, dataDir, key, flags)
    firsts.push(again.firstOk)
    await new Promise((r) => setTimeout(r, 10_000))
    rss.push(Processes.rssOf(again.child.pid ?? -1))
    await stopChild(again.child)
  }
  console.log(
    `  ${name.padEnd(16)} first authenticated 200 ${
      firsts.map((f) => `${(f / 1000).toFixed(2)} s`).join(", ")
    }; idle RSS ${rss.map((r) => `${(r / 1024 / 1024).toFixed(0)} MB`).join(", ")}`
  )
}

try {
  if (args.includes("--start")) {
    await Processes.startService("bundle", "serve", env(tempDir())).then((s) => s.stop())
    for (let i = 0; i < 1; i++) {
      await startMeasure("this build", bundle)
      if (before !== undefined) await startMeasure("before", before, beforeFlags)
    }
  } else {
    await readPaths()
  }
} finally {
  removeTemps()
}
