/**
 * What the worker sections of the benchmark (enrichment, webhooks) share: the run's context, the two ways of
 * running the service (embedded `bookmarks start`; `bookmarks serve` + one `bookmarks work` on Postgres + Redis),
 * and small statistics.
 */
import type * as http from "node:http"
import * as Processes from "./Processes.js"
import * as Seed from "./Seed.js"

export interface Context {
  readonly adminToken: string
  readonly planLimits: string
  readonly tempDir: () => string
  readonly track: (child: Processes.Child) => Processes.Child
  readonly log: (line: string) => void
  /** Postgres + Redis for the scaled pair; undefined when they are not reachable. */
  readonly scaled?: {
    readonly createDatabase: () => Promise<{ readonly url: string; readonly drop: () => Promise<void> }>
    readonly redisUrl: string
  } | undefined
}

/** A running service with an account's key. */
export interface Target {
  readonly baseUrl: string
  readonly key: string
  /** Throws when a process of the service has exited. */
  readonly alive: () => void
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Listens on 127.0.0.1 at a free port; the port and a `close` that also drops kept-alive connections. */
export const listenOnLoopback = async (server: http.Server) => {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const address = server.address()
  return {
    port: typeof address === "object" && address !== null ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** A process whose RSS reads 0 has exited (or is a zombie). */
const alive = (section: string, children: ReadonlyArray<Processes.Child>) => () => {
  for (const child of children) {
    if (Processes.rssOf(child.pid) === 0) {
      throw new Error(`${child.name} exited during the ${section} run:\n${child.output()}`)
    }
  }
}

/**
 * `measureOn` against the embedded `bookmarks start`, then (when Postgres and Redis are reachable) against
 * `bookmarks serve` + one `bookmarks work` on a fresh database. `env` is every process's environment.
 */
export const bothModes = async <A>(
  context: Context,
  section: string,
  env: Record<string, string>,
  measureOn: (target: Target) => Promise<A>
): Promise<{ readonly embedded: A; readonly scaled: A | undefined }> => {
  // Summaries and tags by the local analyser: with an OpenAI endpoint configured, traffic would leave loopback.
  delete process.env["OPENAI_BASE_URL"]
  delete process.env["OPENAI_API_KEY"]
  const label = section[0]!.toUpperCase() + section.slice(1)
  context.log(`${label}, embedded (\`bookmarks start\`, PGlite)…`)
  const service = context.track(
    await Processes.startService(`${section}-start`, "start", { ...env, DATA_DIR: context.tempDir() })
  )
  const { key } = await Seed.account(service.baseUrl, context.adminToken)
  const embedded = await measureOn({ baseUrl: service.baseUrl, key, alive: alive(section, [service]) })
  await service.stop()
  if (context.scaled === undefined) return { embedded, scaled: undefined }
  context.log(`${label}, scaled (\`bookmarks serve\` + \`bookmarks work\`, Postgres + Redis)…`)
  const db = await context.scaled.createDatabase()
  try {
    const scaledEnv = { ...env, DATA_DIR: context.tempDir(), DATABASE_URL: db.url, REDIS_URL: context.scaled.redisUrl }
    const api = context.track(await Processes.startService(`${section}-serve`, "serve", scaledEnv))
    const worker = context.track(Processes.startWorker(`${section}-work`, { ...scaledEnv, PUBLIC_URL: api.baseUrl }))
    const { key: scaledKey } = await Seed.account(api.baseUrl, context.adminToken)
    const scaled = await measureOn({ baseUrl: api.baseUrl, key: scaledKey, alive: alive(section, [api, worker]) })
    await worker.stop()
    await api.stop()
    return { embedded, scaled }
  } finally {
    await db.drop()
  }
}
