/**
 * The bare baseline of `npm run bench`: `node:http` + `pg` + `ioredis`, no framework, doing what the service's
 * read paths do per request: the API key lookup by SHA-256 hash (one query), the allowance charge (the same Lua
 * script, one round trip) and the same bookmark query, answered as the same JSON. Run as a child process:
 * `node --import tsx bench/Baseline.ts` with PORT, DATABASE_URL, REDIS_URL and PLAN_LIMITS. With KEY_CACHE=true it
 * keeps found keys in memory as the service does (packages/adapters/src/cache/KeyOwnerCache.ts): emptied by a
 * message on the service's Redis channel, not used while that subscription is down, so it does the same work.
 * With NAMED=true its queries are named prepared statements, as the service's hot statements are (SqlDirect.ts).
 */
import { Redis } from "ioredis"
import { createHash } from "node:crypto"
import * as http from "node:http"
import { Pool, type QueryResultRow } from "pg"
import { charge } from "../packages/adapters/src/redis/AllowanceScripts.js"

const env = (name: string) => {
  const value = process.env[name]
  if (value === undefined || value === "") throw new Error(`Baseline: ${name} is required`)
  return value
}

const limits: Record<string, { perMinute: number; perMonth: number }> = {
  free: { perMinute: 60, perMonth: 1_000 },
  plus: { perMinute: 300, perMonth: 20_000 },
  ultra: { perMinute: 1_000, perMonth: 100_000 },
  ...(process.env["PLAN_LIMITS"] ? JSON.parse(process.env["PLAN_LIMITS"]) : {})
}

const pool = new Pool({
  connectionString: env("DATABASE_URL"),
  max: 10,
  // As the service's pool: named statements skip the parse; every execution is planned with its parameters.
  ...(process.env["NAMED"] === "true" ? { options: "-c plan_cache_mode=force_custom_plan" } : {})
})
const redis = new Redis(env("REDIS_URL"), { enableAutoPipelining: true })
const chargeSha = createHash("sha1").update(charge).digest("hex")

const named = process.env["NAMED"] === "true"
/** `pool.query`, as a named prepared statement with NAMED=true. */
const query = <R extends QueryResultRow = QueryResultRow>(name: string, text: string, values: Array<unknown>) =>
  pool.query<R>(named ? { name, text, values } : { text, values })

const keyCache = process.env["KEY_CACHE"] === "true"
const cached = new Map<string, QueryResultRow>()
let cacheReady = false
if (keyCache) {
  const subscriber = new Redis(env("REDIS_URL"))
  const drop = () => {
    cacheReady = false
    cached.clear()
  }
  subscriber.on("close", drop)
  subscriber.on("message", () => cached.clear())
  subscriber.on("ready", () => {
    void subscriber.subscribe("bk:key-cache:invalidate").then(() => {
      cached.clear()
      cacheReady = true
    }, drop)
  })
}

const findKey = async (hash: string) => {
  if (cacheReady) {
    const hit = cached.get(hash)
    if (hit !== undefined) return hit
  }
  const found = await query(
    "key",
    `SELECT k.id, k.account_id, k.label, k.masked, k.created_at, k.revoked_at,
            a.plan, a.created_at AS account_created_at, a.plan_changed_at
     FROM api_keys k JOIN accounts a ON a.id = k.account_id
     WHERE k.key_hash = $1`,
    [hash]
  )
  const row = found.rows[0]
  if (cacheReady && row !== undefined && row.revoked_at === null) cached.set(hash, row)
  return row
}

const columns = `id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
  title, description, type, image, favicon, screenshot, summary, derived_tags, overrides`

interface Row {
  id: string
  account_id: string
  url: string
  created_at: string
  status: string
  processing_error: string
  caller_tags: Array<string>
  note: string
  title: string
  description: string
  type: string
  image: string
  favicon: string
  screenshot: string
  summary: string
  derived_tags: Array<string>
  overrides: { title?: string; description?: string; tags?: Array<string>; note?: string }
}

const mergeTags = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const tag of [...a, ...b]) {
    const k = tag.toLowerCase()
    if (!seen.has(k)) {
      seen.add(k)
      out.push(tag)
    }
  }
  return out
}

const iso = (ms: string) => new Date(Number(ms)).toISOString()

const full = (r: Row) => ({
  id: r.id,
  url: r.url,
  title: r.overrides.title ?? r.title,
  description: r.overrides.description ?? r.description,
  type: r.type,
  tags: r.overrides.tags ?? mergeTags(r.caller_tags, r.derived_tags),
  note: r.overrides.note ?? r.note,
  summary: r.summary,
  image: r.image,
  screenshot: r.screenshot,
  favicon: r.favicon,
  createdAt: iso(r.created_at),
  status: r.status,
  processingError: r.processing_error
})

const listRow = (r: Row) => ({
  id: r.id,
  url: r.url,
  title: r.overrides.title ?? r.title,
  description: r.overrides.description ?? r.description,
  type: r.type,
  tags: r.overrides.tags ?? mergeTags(r.caller_tags, r.derived_tags),
  favicon: r.favicon,
  status: r.status,
  createdAt: iso(r.created_at)
})

const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const json = JSON.stringify(body)
  res.writeHead(status, {
    "content-type": status < 300 ? "application/json" : "application/problem+json",
    "content-length": Buffer.byteLength(json),
    ...headers
  })
  res.end(json)
}

const problem = (status: number, code: string) => ({ type: "about:blank", title: code, status, detail: code, code })

/** Auth (1 query) and the allowance charge (1 script): the principal and the rate-limit headers, or an answer. */
const admit = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")
  if (match === null) return void send(res, 401, problem(401, "unauthenticated"))
  const hash = createHash("sha256").update(match[1]!).digest("hex")
  const key = await findKey(hash)
  if (key === undefined || key.revoked_at !== null) return void send(res, 401, problem(401, "unauthenticated"))
  const plan = limits[key.plan] ?? limits["free"]!
  const prefix = `bk:{${key.account_id}}:`
  const reply = await redis.evalsha(
    chargeSha,
    1,
    `${prefix}total`,
    prefix,
    "",
    String(key.plan_changed_at),
    String(plan.perMinute),
    String(plan.perMonth),
    key.id
  ) as [number, number, number, number]
  const [admitted, now, minuteUsed, monthUsed] = reply
  const minuteLeft = plan.perMinute - minuteUsed
  const monthLeft = plan.perMonth - monthUsed
  const minuteReset = Math.floor((now - (now % 60_000) + 60_000) / 1000)
  const day = new Date(now)
  const monthReset = Math.floor(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1) / 1000)
  const headers = minuteLeft <= monthLeft
    ? {
      "x-ratelimit-limit": String(plan.perMinute),
      "x-ratelimit-remaining": String(minuteLeft),
      "x-ratelimit-reset": String(minuteReset)
    }
    : {
      "x-ratelimit-limit": String(plan.perMonth),
      "x-ratelimit-remaining": String(monthLeft),
      "x-ratelimit-reset": String(monthReset)
    }
  if (admitted !== 1) return void send(res, 429, problem(429, "rate_limited"), headers)
  return { accountId: key.account_id as string, headers }
}

const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://baseline")
  if (url.pathname === "/health") return send(res, 200, { status: "ok" })
  const single = /^\/v1\/api\/bookmarks\/([^/]+)$/.exec(url.pathname)
  if (req.method !== "GET" || (single === null && url.pathname !== "/v1/api/bookmarks")) {
    return send(res, 404, problem(404, "not_found"))
  }
  const principal = await admit(req, res)
  if (principal === undefined) return
  if (single !== null) {
    const found = await query<Row>("one", `SELECT ${columns}, page_text FROM bookmarks WHERE id = $1`, [
      decodeURIComponent(single[1]!)
    ])
    const row = found.rows[0]
    if (row === undefined) return send(res, 404, problem(404, "not_found"), principal.headers)
    if (row.account_id !== principal.accountId) return send(res, 403, problem(403, "forbidden"), principal.headers)
    return send(res, 200, full(row), principal.headers)
  }
  const limit = Math.min(100, Number(url.searchParams.get("limit") ?? "50"))
  const q = url.searchParams.get("q")
  // The service's query (SearchQuery.ts) for a one-word q: the word also matches as a prefix.
  const found = q === null
    ? await query<Row>(
      "page",
      `SELECT ${columns}, '' AS page_text FROM bookmarks WHERE account_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [principal.accountId, limit + 1]
    )
    : await query<Row>(
      "search",
      `SELECT ${columns}, '' AS page_text FROM bookmarks
       WHERE account_id = $1 AND search @@ (websearch_to_tsquery('english', '') && to_tsquery('english', $2))
       ORDER BY created_at DESC LIMIT $3`,
      [principal.accountId, `${q.trim()}:*`, limit + 1]
    )
  const rows = found.rows.slice(0, limit)
  const nextBefore = found.rows.length > limit && rows.length > 0 ? iso(rows[rows.length - 1]!.created_at) : null
  return send(res, 200, { bookmarks: rows.map(listRow), nextBefore }, principal.headers)
}

const server = http.createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) send(res, 500, problem(500, "internal_error"))
  })
})

await redis.script("LOAD", charge)
server.listen(Number(env("PORT")), "127.0.0.1")
const stop = () => {
  server.close()
  server.closeAllConnections()
  void Promise.allSettled([pool.end(), redis.quit()]).then(() => process.exit(0))
}
process.once("SIGTERM", stop)
process.once("SIGINT", stop)
