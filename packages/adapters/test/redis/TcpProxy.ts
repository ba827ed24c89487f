/** A loopback TCP proxy that can be cut and restored, to take Redis away from a client and give it back. */
import { Effect } from "effect"
import * as net from "node:net"

export interface TcpProxy {
  readonly port: number
  /** Drops every connection and stops listening: the client sees Redis go away. */
  readonly cut: () => Promise<void>
  /** Listens on the same port again. */
  readonly restore: () => Promise<void>
}

const listen = (server: net.Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : port)
    })
  })

export const start = async (target: { readonly host: string; readonly port: number }): Promise<TcpProxy> => {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  }
  const server = net.createServer((downstream) => {
    const upstream = net.connect(target.port, target.host)
    track(downstream)
    track(upstream)
    const end = () => {
      downstream.destroy()
      upstream.destroy()
    }
    downstream.on("error", end)
    upstream.on("error", end)
    downstream.pipe(upstream).pipe(downstream)
  })
  const port = await listen(server, 0)
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
    restore: () => listen(server, port).then(() => undefined)
  }
}

/** A loopback port nothing listens on. */
export const closedPort = async (): Promise<number> => {
  const server = net.createServer()
  const port = await listen(server, 0)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Redis at `url` behind a proxy for the scope (cut at its end), and the URL that reaches Redis through it. */
export const proxiedRedis = (url: string) =>
  Effect.gen(function*() {
    const target = new URL(url)
    const proxy = yield* Effect.acquireRelease(
      Effect.promise(() => start({ host: target.hostname, port: Number(target.port || "6379") })),
      (proxy) => Effect.promise(proxy.cut)
    )
    const proxied = new URL(url)
    proxied.hostname = "127.0.0.1"
    proxied.port = String(proxy.port)
    return { proxy, url: proxied.toString() }
  })
