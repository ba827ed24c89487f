/**
 * Child processes of the benchmark: the service (`bookmarks serve|start|work`, run from the bundle `npm start`
 * runs) and the baseline, with their RSS and CPU time.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"

export const repoRoot = fileURLToPath(new URL("../", import.meta.url))
const bundler = fileURLToPath(new URL("../packages/cli/bin/bundle.mjs", import.meta.url))
const bundle = fileURLToPath(new URL("../dist/bookmarks.js", import.meta.url))
const baseline = fileURLToPath(new URL("./Baseline.ts", import.meta.url))

export interface Child {
  readonly name: string
  readonly pid: number
  readonly baseUrl: string
  readonly output: () => string
  /** Resident set size in bytes, now. */
  readonly rss: () => number
  /** CPU time (user + system) the process has used so far, in milliseconds. */
  readonly cpu: () => number
  /** SIGTERM, then SIGKILL after 15 s; resolves when the process is gone. */
  readonly stop: () => Promise<void>
}

const live = new Set<ChildProcess>()
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL")
})

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** VmRSS from /proc (Linux), else `ps`. */
export const rssOf = (pid: number): number => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8")
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]
    if (kb !== undefined) return Number(kb) * 1024
  } catch {
    // not Linux, or gone
  }
  try {
    return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) * 1024
  } catch {
    return 0
  }
}

/** utime + stime from /proc (Linux); 0 elsewhere (the figure is then left out). */
export const cpuOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    // Fields 14 and 15 of stat(5), counted after the command name: clock ticks of 10 ms on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/** The environment without the service's own variables, plus `env`. */
const environment = (env: Record<string, string>): NodeJS.ProcessEnv => {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (
    const name of ["DATABASE_URL", "REDIS_URL", "PORT", "HOST", "DATA_DIR", "PUBLIC_URL", "NODE_OPTIONS", "PLAN_LIMITS"]
  ) {
    delete base[name]
  }
  return { ...base, ...env }
}

/** Spawns `node <args>`; `baseUrl` is where it will listen ("" for a process without a port). */
const spawnChild = (name: string, args: ReadonlyArray<string>, env: Record<string, string>, baseUrl: string) => {
  const child = spawn(process.execPath, [...args], {
    cwd: repoRoot,
    env: environment(env),
    stdio: ["ignore", "pipe", "pipe"]
  })
  live.add(child)
  let output = ""
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000)
  }
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      live.delete(child)
      resolve()
    })
  )
  const handle: Child = {
    name,
    pid: child.pid ?? -1,
    baseUrl,
    output: () => output,
    rss: () => rssOf(child.pid ?? -1),
    cpu: () => cpuOf(child.pid ?? -1),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
      await exited
      clearTimeout(timer)
    }
  }
  return { child, handle }
}

/** Spawns and waits until `GET /health` answers 200 on `port`. */
const start = async (
  name: string,
  args: ReadonlyArray<string>,
  env: Record<string, string>,
  port: number
): Promise<Child> => {
  const { child, handle } = spawnChild(name, args, env, `http://127.0.0.1:${port}`)
  const until = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited while starting:\n${handle.output()}`)
    try {
      const response = await fetch(`${handle.baseUrl}/health`, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.status === 200) break
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${name} did not become healthy:\n${handle.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return handle
}

let bundled = false
const bundleOnce = () => {
  if (!bundled) {
    execFileSync(process.execPath, [bundler], { stdio: "inherit" })
    bundled = true
  }
}
const quiet = { LOG_LEVEL: "warning", LOG_FORMAT: "json" }

/** `bookmarks <command>` on a free port with `env`; `nodeArgs` e.g. `--cpu-prof`. */
export const startService = async (
  name: string,
  command: "serve" | "start",
  env: Record<string, string>,
  nodeArgs: ReadonlyArray<string> = []
) => {
  bundleOnce()
  const port = await freePort()
  return start(name, [...nodeArgs, bundle, command], { HOST: "127.0.0.1", PORT: String(port), ...quiet, ...env }, port)
}

/**
 * `serve` (or `start`) from another checkout's bundle (e.g. the commit before a change), for a before/after comparison.
 */
export const startOtherBundle = async (
  name: string,
  bundlePath: string,
  env: Record<string, string>,
  nodeArgs: ReadonlyArray<string> = [],
  command: "serve" | "start" = "serve"
) => {
  const port = await freePort()
  return start(
    name,
    [...nodeArgs, bundlePath, command],
    { HOST: "127.0.0.1", PORT: String(port), ...quiet, ...env },
    port
  )
}

/** `bookmarks work`: no port to wait on, so it is running as soon as it is spawned. */
export const startWorker = (name: string, env: Record<string, string>): Child => {
  bundleOnce()
  return spawnChild(name, [bundle, "work"], { ...quiet, ...env }, "").handle
}

/** The bare `node:http` + `pg` + `ioredis` server. */
export const startBaseline = async (
  env: { DATABASE_URL: string; REDIS_URL: string; PLAN_LIMITS: string; KEY_CACHE?: string; NAMED?: string }
) => {
  const port = await freePort()
  return start(env.KEY_CACHE === "true" ? "baseline, same levers" : "baseline", ["--import", "tsx", baseline], {
    ...env,
    PORT: String(port)
  }, port)
}
