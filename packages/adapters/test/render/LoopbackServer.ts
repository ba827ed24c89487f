/** Test helper: an HTTP server on loopback for the scope of a test, counting every TCP connection it accepts. */
import { Effect } from "effect"
import * as http from "node:http"

export interface LoopbackServer {
  readonly port: number
  /** `host:port`, the form the allowlist takes. */
  readonly host: string
  readonly origin: string
  /** TCP connections accepted so far (counted before any HTTP parsing, so a bare CONNECT-through counts too). */
  readonly connections: () => number
  readonly paths: () => ReadonlyArray<string>
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

export const make = (handler: Handler, address = "127.0.0.1") =>
  Effect.acquireRelease(
    Effect.callback<{ readonly server: http.Server; readonly self: LoopbackServer }>((resume) => {
      let connections = 0
      const paths: Array<string> = []
      const server = http.createServer((req, res) => {
        paths.push(req.url ?? "")
        handler(req, res)
      })
      server.on("connection", () => {
        connections += 1
      })
      // WebSocket upgrades are answered by nothing: the connection count is what the tests read.
      server.on("upgrade", (_req, socket) => socket.destroy())
      server.listen(0, address, () => {
        const bound = server.address()
        const port = typeof bound === "object" && bound !== null ? bound.port : 0
        const host = `${address}:${port}`
        resume(Effect.succeed({
          server,
          self: { port, host, origin: `http://${host}`, connections: () => connections, paths: () => paths }
        }))
      })
    }),
    ({ server }) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ self }) => self))

export const html = (body: string, status = 200, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers })
  res.end(body)
}
