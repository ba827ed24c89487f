/**
 * A loopback fixture for fault tests: HTML pages (`/page/<name>`) and webhook receivers (`/hook/<name>`) whose
 * answers can be held or delayed, with a log of every request so a test can wait for one and see who sent it.
 */
import * as http from "node:http"

export interface Seen {
  readonly path: string
  readonly userAgent: string
  readonly at: number
  /** Webhook deliveries: the `X-Service-Delivery` header and the bookmark id in the body. */
  readonly deliveryId: string
  readonly bookmarkId: string
  /** The status this fixture answered with; 0 while held or when the client went away first. */
  status: number
}

export interface Rule {
  /** Answer after this many milliseconds. */
  readonly delayMs?: number
  /** Never answer the first request for the path (until the client goes away); later ones are answered. */
  readonly holdFirst?: boolean
}

export interface FaultFixtures {
  readonly origin: string
  readonly url: (path: string) => string
  readonly seen: ReadonlyArray<Seen>
  readonly rule: (path: string, rule: Rule) => void
  /** Resolves with the first request (already seen or still to come) matching `predicate`. */
  readonly waitFor: (predicate: (s: Seen) => boolean, timeoutMs?: number) => Promise<Seen>
  /** Requests seen for `path`. */
  readonly hits: (path: string) => ReadonlyArray<Seen>
  /** Requests in flight right now, and the most ever in flight at once. */
  readonly inFlight: () => { readonly now: number; readonly max: number }
  readonly close: () => Promise<void>
}

const page = (name: string) =>
  `<!doctype html><html><head><title>Fault page ${name}</title>` +
  `<meta name="description" content="A fixture page named ${name}."></head>` +
  `<body><article><h1>Fault page ${name}</h1><p>This page exists so that a worker has something to enrich. ` +
  `It talks about resilient queues, leases and crashed workers that come back.</p></article></body></html>`

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", () => resolve(""))
  })

const bookmarkIdOf = (body: string): string => {
  try {
    const parsed: unknown = JSON.parse(body)
    if (typeof parsed === "object" && parsed !== null && "data" in parsed) {
      const data = parsed.data
      if (typeof data === "object" && data !== null && "id" in data && typeof data.id === "string") return data.id
    }
  } catch {
    // not a delivery body
  }
  return ""
}

export const start = async (): Promise<FaultFixtures> => {
  const seen: Array<Seen> = []
  const rules = new Map<string, Rule>()
  const waiters: Array<{ predicate: (s: Seen) => boolean; resolve: (s: Seen) => void }> = []
  let now = 0
  let max = 0

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/"
    const body = req.method === "POST" ? await readBody(req) : ""
    const header = req.headers["x-service-delivery"]
    const entry: Seen = {
      path,
      userAgent: req.headers["user-agent"] ?? "",
      at: Date.now(),
      deliveryId: typeof header === "string" ? header : "",
      bookmarkId: bookmarkIdOf(body),
      status: 0
    }
    const earlier = seen.filter((s) => s.path === path).length
    seen.push(entry)
    now++
    max = Math.max(max, now)
    let done = false
    const finish = () => {
      if (!done) {
        done = true
        now--
      }
    }
    res.on("close", finish)
    for (const waiter of waiters.filter((w) => w.predicate(entry))) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(entry)
    }
    const rule = rules.get(path) ?? {}
    if (rule.holdFirst === true && earlier === 0) return
    const answer = () => {
      if (res.destroyed) return
      entry.status = 200
      if (path.startsWith("/hook/")) res.writeHead(200, { "content-type": "application/json" }).end("{}")
      else res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(path.slice("/page/".length)))
    }
    if (path.startsWith("/page/") || path.startsWith("/hook/")) {
      if (rule.delayMs !== undefined) setTimeout(answer, rule.delayMs)
      else answer()
      return
    }
    entry.status = 404
    res.writeHead(404).end("not found")
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  const origin = `http://127.0.0.1:${port}`

  return {
    origin,
    url: (path) => origin + path,
    seen,
    rule: (path, rule) => void rules.set(path, rule),
    waitFor: (predicate, timeoutMs = 30_000) => {
      const found = seen.find(predicate)
      if (found !== undefined) return Promise.resolve(found)
      return new Promise<Seen>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (s: Seen) => {
            clearTimeout(timer)
            resolve(s)
          }
        }
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`fixture: no matching request within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.push(waiter)
      })
    },
    hits: (path) => seen.filter((s) => s.path === path),
    inFlight: () => ({ now, max }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
