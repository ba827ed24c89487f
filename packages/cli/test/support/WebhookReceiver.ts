/**
 * A real webhook receiver for end-to-end tests: a node:http server on loopback that records every request's raw
 * bytes and headers, answers per path as a test scripts it (status, delay, headers), counts requests in flight and
 * serves small HTML pages so bookmarks pointing at it enrich with real metadata.
 */
import { Waiting } from "@bookmark-library/testkit"
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  /** The exact bytes received. */
  readonly raw: Buffer
  /** Wall time (ms) when the body had been read. */
  readonly at: number
  /** 1-based index among the requests to this path. */
  readonly nth: number
}

export interface Reply {
  readonly status: number
  readonly headers?: Record<string, string>
  readonly body?: string
  /** Held this long before answering. */
  readonly delayMs?: number
}

export type Responder = (request: Received) => Reply | Promise<Reply>

/** A tiny article page with declared metadata, so enrichment has a title, description, image and text. */
export const articlePage = (title: string) =>
  `<!doctype html>
<html><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="A small page about ${title} served by the test receiver.">
<meta property="og:image" content="/img/${encodeURIComponent(title)}.png">
</head><body><article><h1>${title}</h1>
<p>Webhooks let a receiver hear about every saved bookmark. The service signs each delivery with the secret of the webhook.</p>
<p>Receivers verify the signature over the raw bytes and answer quickly. Retries carry the same delivery identifier.</p>
<p>This paragraph exists so that the readable text is long enough for a summary and a few generated tags about webhooks.</p>
</article></body></html>`

export class Receiver {
  private readonly requests: Array<Received> = []
  private readonly responders = new Map<string, Responder>()
  private readonly pages = new Map<string, () => string | Reply | Promise<string | Reply>>()
  private readonly open = new Map<string, number>()
  private readonly peak = new Map<string, number>()
  private readonly listeners = new Set<() => void>()

  private constructor(private readonly server: Server, readonly port: number) {}

  /** Starts on `port` (0 = any free port) on 127.0.0.1. */
  static async start(port = 0): Promise<Receiver> {
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => resolve())
    })
    const receiver = new Receiver(server, (server.address() as AddressInfo).port)
    server.on("request", (req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on(
        "end",
        () => void receiver.handle(req.method ?? "GET", req.url ?? "/", req.headers, Buffer.concat(chunks), res)
      )
    })
    return receiver
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The `host:port` entry that exempts this receiver from the address policy. */
  get allowlistEntry() {
    return `127.0.0.1:${this.port}`
  }

  url(path: string) {
    return this.origin + path
  }

  /** Scripts the answers for requests to `path` (default: 200 at once). */
  respond(path: string, responder: Responder) {
    this.responders.set(path, responder)
    return this.url(path)
  }

  /** Serves an HTML page (or any scripted answer) on GET `path`. */
  page(path: string, html: () => string | Reply | Promise<string | Reply> = () => articlePage(path)) {
    this.pages.set(path, html)
    return this.url(path)
  }

  received(path: string): ReadonlyArray<Received> {
    return this.requests.filter((r) => r.path === path && r.method === "POST")
  }

  /** Every POST whose path starts with `prefix`. */
  receivedUnder(prefix: string): ReadonlyArray<Received> {
    return this.requests.filter((r) => r.path.startsWith(prefix) && r.method === "POST")
  }

  /** GETs of pages under `prefix`. */
  fetched(prefix: string): ReadonlyArray<Received> {
    return this.requests.filter((r) => r.path.startsWith(prefix) && r.method === "GET")
  }

  /** The most requests to `path` that were open (received, not yet answered) at the same time. */
  maxInFlight(path: string) {
    return this.peak.get(path) ?? 0
  }

  /** Resolves once `count` POSTs to `path` have arrived. */
  waitFor(path: string, count: number, timeoutMs = 20_000) {
    return this.waitUntil(() => this.received(path).length >= count, `${count} requests to ${path}`, timeoutMs)
      .then(() => this.received(path))
  }

  /** Resolves once `predicate` holds (checked on every request and every 20 ms). */
  async waitUntil(predicate: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`receiver: timed out waiting for ${what}`)
      await new Promise<void>((resolve) => {
        const done = () => {
          this.listeners.delete(done)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(done, 20)
        this.listeners.add(done)
      })
    }
  }

  close() {
    this.server.closeAllConnections()
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(method: string, url: string, headers: IncomingHttpHeaders, raw: Buffer, res: ServerResponse) {
    const path = url.split("?")[0] ?? "/"
    const nth = this.requests.filter((r) => r.path === path && r.method === method).length + 1
    const request: Received = { method, path, headers, raw, at: Date.now(), nth }
    this.requests.push(request)
    for (const listener of this.listeners) listener()
    if (method === "GET") {
      const page = this.pages.get(path)
      if (page === undefined) return void res.writeHead(404).end()
      const answer = await page()
      if (typeof answer !== "string") return void res.writeHead(answer.status, answer.headers).end(answer.body ?? "")
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(answer)
    }
    const open = (this.open.get(path) ?? 0) + 1
    this.open.set(path, open)
    this.peak.set(path, Math.max(this.peak.get(path) ?? 0, open))
    try {
      const responder: Responder = this.responders.get(path) ?? (() => ({ status: 200 }))
      const reply = await responder(request)
      if (reply.delayMs !== undefined) await Waiting.sleep(reply.delayMs)
      if (!res.destroyed) res.writeHead(reply.status, reply.headers).end(reply.body ?? "")
    } catch {
      if (!res.destroyed) res.writeHead(500).end()
    } finally {
      this.open.set(path, (this.open.get(path) ?? 1) - 1)
    }
  }
}
