/** A loopback-only node:http server for end-to-end tests: routes by path, counts requests and connections. */
import * as http from "node:http"
import type * as net from "node:net"

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void

export interface FixtureServer {
  readonly port: number
  /** `127.0.0.1:<port>`: the exact form an allowlist entry takes. */
  readonly origin: string
  /** Absolute URL of `path` on this server. */
  readonly url: (path: string) => string
  /** Requests seen for `path` (query string included in the match when given). */
  readonly hits: (path: string) => number
  /** Every request seen, in order: method, path and the User-Agent header. */
  readonly requests: ReadonlyArray<{ readonly path: string; readonly userAgent: string }>
  /** TCP connections accepted. */
  readonly connections: () => number
  readonly close: () => Promise<void>
}

export const listen = (server: net.Server, host: string, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      const address = server.address()
      if (typeof address === "object" && address !== null) resolve(address.port)
      else reject(new Error("no port"))
    })
  })

export const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/** Serves `routes` (given the server's own port) on 127.0.0.1; an unknown path answers 404. */
export const start = async (makeRoutes: (port: number) => Readonly<Record<string, Route>>): Promise<FixtureServer> => {
  let routes: Readonly<Record<string, Route>> = {}
  const requests: Array<{ path: string; userAgent: string }> = []
  let connections = 0
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/"
    requests.push({ path, userAgent: req.headers["user-agent"] ?? "" })
    const route = routes[path] ?? routes[path.split("?")[0] ?? path]
    if (route === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    route(req, res)
  })
  server.on("connection", () => {
    connections++
  })
  const port = await listen(server, "127.0.0.1", 0)
  routes = makeRoutes(port)
  return {
    port,
    origin: `127.0.0.1:${port}`,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits: (path) => requests.filter((r) => r.path === path).length,
    requests,
    connections: () => connections,
    close: () => closeServer(server)
  }
}

/** A route answering `body` with `contentType` (200 unless told). */
export const respond = (contentType: string, body: string | Uint8Array, status = 200): Route => (_req, res) => {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) }).end(body)
}

export const html = (body: string, status = 200): Route => respond("text/html; charset=utf-8", body, status)

export const redirect = (location: string, status = 302): Route => (_req, res) => {
  res.writeHead(status, { location, "content-length": 0 }).end()
}
