/** Test fixture: HTTP servers on loopback only, counting TCP connections, closed with the test's scope. */
import { Effect } from "effect"
import * as http from "node:http"

export interface Served {
  readonly port: number
  readonly origin: string
  /** TCP connections accepted so far (a TLS or HTTP attempt counts the moment the socket opens). */
  readonly connections: () => number
  readonly requests: Array<
    { readonly method: string; readonly url: string; readonly headers: http.IncomingHttpHeaders; readonly body: Buffer }
  >
}

const listenOn = (server: http.Server, host: string, port: number) =>
  Effect.callback<number, Error>((resume) => {
    const onError = (e: Error) => resume(Effect.fail(e))
    server.once("error", onError)
    server.listen(port, host, () => {
      server.off("error", onError)
      const address = server.address()
      resume(
        typeof address === "object" && address !== null
          ? Effect.succeed(address.port)
          : Effect.fail(new Error("no port"))
      )
    })
  })

const closeServer = (server: http.Server) =>
  Effect.callback<void>((resume) => {
    server.closeAllConnections()
    server.close(() => resume(Effect.void))
  })

/**
 * Serves `handler` on 127.0.0.1 (and, with `alsoIpv6`, on [::1] at the same port); the body of every request
 * is collected before the handler runs.
 */
export const serve = (
  handler: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void,
  options: { readonly alsoIpv6?: boolean } = {}
) =>
  Effect.gen(function*() {
    let connections = 0
    const requests: Served["requests"] = []
    const make = () => {
      const server = http.createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (c: Buffer) => chunks.push(c))
        req.on("end", () => {
          const body = Buffer.concat(chunks)
          requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body })
          handler(req, res, body)
        })
      })
      server.on("connection", () => {
        connections++
      })
      return server
    }
    const v4 = make()
    const port = yield* Effect.acquireRelease(listenOn(v4, "127.0.0.1", 0), () => closeServer(v4)).pipe(Effect.orDie)
    if (options.alsoIpv6 === true) {
      const v6 = make()
      yield* Effect.acquireRelease(listenOn(v6, "::1", port), () => closeServer(v6)).pipe(Effect.orDie)
    }
    const served: Served = { port, origin: `127.0.0.1:${port}`, connections: () => connections, requests }
    return served
  })

/** A loopback port with nothing listening (bound, then released). */
export const closedPort = Effect.gen(function*() {
  const server = http.createServer()
  const port = yield* listenOn(server, "127.0.0.1", 0).pipe(Effect.orDie)
  yield* closeServer(server)
  return port
})
