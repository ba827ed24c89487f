/**
 * Real `bookmarks` processes for fault tests: spawned from the bin with an explicit environment, their JSON log
 * lines collected, signalled like an operator (SIGTERM) or a crash (SIGKILL) would, and always reaped: every
 * child still alive when the test process exits is killed.
 */
import { Waiting } from "@bookmark-library/testkit"
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { reap } from "./Reaper.js"

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url))
const bin = fileURLToPath(new URL("../../bin/bookmarks.mjs", import.meta.url))

/** Every variable AppConfig reads: none may leak in from the test runner's environment. */
const configVariables = [
  "PORT",
  "HOST",
  "PUBLIC_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "REDIS_URL",
  "CHROMIUM_PATH",
  "SCREENSHOTS",
  "ADMIN_TOKEN",
  "ALLOW_PRIVATE_NETWORK",
  "ALLOW_HOSTS",
  "ALLOW_HTTP_WEBHOOKS",
  "WEBHOOK_RETRY_SCHEDULE",
  "WEBHOOK_DEACTIVATE_AFTER",
  "WEBHOOK_DEACTIVATE_FAILURES",
  "WEBHOOK_TIMEOUT",
  "ENRICHMENT_RETRY_SCHEDULE",
  "ENRICHMENT_ATTEMPT_BUDGET",
  "ENRICHMENT_LEASE",
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_MODEL",
  "PLAN_LIMITS",
  "WORKER_CONCURRENCY",
  "IMPORT_HOST_GAP",
  "IMPORT_LEASE",
  "LOG_LEVEL",
  "LOG_FORMAT",
  "NODE_OPTIONS",
  "CORS_ORIGINS",
  "BOOKMARKS_URL",
  "BOOKMARKS_API_KEY",
  "SIGNUP",
  "DEFAULT_PLAN"
]

export type LogLine = Readonly<Record<string, unknown>> & { readonly message?: unknown; readonly logLevel?: unknown }

export interface Exit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

export interface Spawned {
  readonly name: string
  readonly pid: number
  /** Every output line (stdout and stderr), in order. */
  readonly lines: ReadonlyArray<string>
  /** The output lines that are JSON log records. */
  readonly logs: () => ReadonlyArray<LogLine>
  /** Null while running. */
  readonly exit: () => Exit | null
  readonly exited: Promise<Exit>
  readonly signal: (signal: NodeJS.Signals) => void
  /** Resolves with the first log record matching `predicate` (already logged or still to come). */
  readonly waitForLog: (predicate: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>
  /** The last lines of output, for failure messages. */
  readonly tail: (n?: number) => string
}

const messageOf = (
  line: LogLine
): string => (typeof line.message === "string" ? line.message : JSON.stringify(line.message ?? ""))

/** Log records whose message contains `text`. */
export const mentions = (text: string) => (line: LogLine) => messageOf(line).includes(text)

const parse = (line: string): LogLine | undefined => {
  if (!line.startsWith("{")) return undefined
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === "object" && value !== null ? (value as LogLine) : undefined
  } catch {
    return undefined
  }
}

/** The runner's environment without any service configuration, plus `env`. */
export const environment = (env: Readonly<Record<string, string>>): NodeJS.ProcessEnv => {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (const name of configVariables) delete base[name]
  return { ...base, LOG_FORMAT: "json", LOG_LEVEL: "info", SCREENSHOTS: "false", ...env }
}

/** Starts `bookmarks <command>` with `env` (see AppConfig.ts), from the repository root. */
export const spawnBookmarks = (
  name: string,
  command: "start" | "serve" | "work" | "migrate",
  env: Readonly<Record<string, string>>
): Spawned => {
  const child = spawn(process.execPath, [bin, command], {
    cwd: repoRoot,
    env: environment(env),
    stdio: ["ignore", "pipe", "pipe"]
  })
  reap(child)
  const lines: Array<string> = []
  const records: Array<LogLine> = []
  const waiters: Array<{ predicate: (l: LogLine) => boolean; resolve: (l: LogLine) => void }> = []
  let exitInfo: Exit | null = null

  const onLine = (line: string) => {
    lines.push(line)
    const record = parse(line)
    if (record === undefined) return
    records.push(record)
    for (const waiter of waiters.filter((w) => w.predicate(record))) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(record)
    }
  }
  const reader = (stream: NodeJS.ReadableStream) => {
    let buffered = ""
    stream.setEncoding("utf8")
    stream.on("data", (chunk: string) => {
      buffered += chunk
      let newline = buffered.indexOf("\n")
      while (newline >= 0) {
        onLine(buffered.slice(0, newline))
        buffered = buffered.slice(newline + 1)
        newline = buffered.indexOf("\n")
      }
    })
    stream.on("end", () => {
      if (buffered !== "") onLine(buffered)
    })
  }
  if (child.stdout) reader(child.stdout)
  if (child.stderr) reader(child.stderr)

  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal }
      resolve(exitInfo)
    })
  })
  const tail = (n = 30) => `--- last output of ${name} ---\n${lines.slice(-n).join("\n")}`

  return {
    name,
    pid: child.pid ?? -1,
    lines,
    logs: () => records,
    exit: () => exitInfo,
    exited,
    signal: (signal) => {
      if (exitInfo === null) child.kill(signal)
    },
    waitForLog: (predicate, timeoutMs = 60_000) => {
      const found = records.find(predicate)
      if (found !== undefined) return Promise.resolve(found)
      return new Promise<LogLine>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`${name}: no matching log line within ${timeoutMs} ms\n${tail()}`))
        }, timeoutMs)
        const waiter = {
          predicate,
          resolve: (l: LogLine) => {
            clearTimeout(timer)
            resolve(l)
          }
        }
        waiters.push(waiter)
        void exited.then(() => {
          if (!waiters.includes(waiter)) return
          waiters.splice(waiters.indexOf(waiter), 1)
          clearTimeout(timer)
          reject(new Error(`${name} exited before the expected log line\n${tail()}`))
        })
      })
    },
    tail
  }
}

/** Polls `GET /health` until 200 (or the process exits, or time runs out). */
export const waitHealthy = async (process: Spawned, baseUrl: string, timeoutMs = 90_000): Promise<void> => {
  await Waiting.pollUntil(() => `${process.name} to be healthy within ${timeoutMs} ms\n${process.tail()}`, async () => {
    if (process.exit() !== null) throw new Error(`${process.name} exited while starting\n${process.tail()}`)
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      return response.status === 200
    } catch {
      return false // not listening yet
    }
  }, { timeoutMs, intervalMs: 100 })
}

/** Both runners of a `work` process have started. */
export const waitWorking = async (process: Spawned, timeoutMs = 90_000): Promise<void> => {
  await process.waitForLog(mentions("enrichment worker started"), timeoutMs)
  await process.waitForLog(mentions("delivery worker started"), timeoutMs)
}

/** SIGKILLs whatever is still running and waits for it to be gone. */
export const killAll = async (processes: ReadonlyArray<Spawned | undefined>): Promise<void> => {
  await Promise.all(processes.map(async (p) => {
    if (p === undefined || p.exit() !== null) return
    p.signal("SIGKILL")
    await p.exited
  }))
}
