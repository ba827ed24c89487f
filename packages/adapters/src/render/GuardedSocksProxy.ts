/**
 * A loopback SOCKS5 proxy that every browser connection goes through: it resolves the host itself, checks every
 * address with the SSRF policy and connects to exactly the checked address (closes DNS rebinding). See
 * docs/rendering.md.
 */
import { Cause, Effect, Exit, Option } from "effect"
import * as net from "node:net"
import { type GuardOptions, pinnedLookup, resolveAllowed } from "../net/GuardedLookup.js"

export interface GuardedSocksProxy {
  /** `socks5://127.0.0.1:<port>`, for Playwright's `proxy.server`. */
  readonly server: string
  readonly port: number
}

/** SOCKS5 reply codes (RFC 1928 §6). */
const Reply = { succeeded: 0, failure: 1, notAllowed: 2, hostUnreachable: 4, refused: 5, badCommand: 7, badAddress: 8 }

const CONNECT_TIMEOUT_MS = 10_000
/** A client that has not finished the handshake by then is dropped. */
const HANDSHAKE_TIMEOUT_MS = 10_000

interface Target {
  readonly host: string
  readonly port: number
  /** Bytes that arrived after the request (a client may pipeline its first payload). */
  readonly rest: Buffer
}

type Parse<A> = { readonly done: false } | { readonly done: true; readonly value: A } | { readonly error: number }

const more = { done: false } as const

/** Greeting: VER NMETHODS METHODS…; we only offer "no authentication" (the proxy is loopback-only). */
const parseGreeting = (buf: Buffer): Parse<number> => {
  if (buf.length < 2) return more
  if (buf[0] !== 5) return { error: Reply.failure }
  const n = buf[1] ?? 0
  if (buf.length < 2 + n) return more
  return buf.subarray(2, 2 + n).includes(0) ? { done: true, value: 2 + n } : { error: Reply.notAllowed }
}

/** Request: VER CMD RSV ATYP DST.ADDR DST.PORT; only CONNECT. */
const parseRequest = (buf: Buffer): Parse<Target> => {
  if (buf.length < 5) return more
  if (buf[0] !== 5) return { error: Reply.failure }
  if (buf[1] !== 1) return { error: Reply.badCommand }
  const atyp = buf[3]
  let host: string
  let end: number
  if (atyp === 1) {
    end = 4 + 4
    if (buf.length < end + 2) return more
    host = Array.from(buf.subarray(4, end)).join(".")
  } else if (atyp === 3) {
    const len = buf[4] ?? 0
    end = 5 + len
    if (buf.length < end + 2) return more
    host = buf.subarray(5, end).toString("latin1")
  } else if (atyp === 4) {
    end = 4 + 16
    if (buf.length < end + 2) return more
    const groups: Array<string> = []
    for (let i = 4; i < end; i += 2) groups.push(buf.readUInt16BE(i).toString(16))
    host = groups.join(":")
  } else {
    return { error: Reply.badAddress }
  }
  return { done: true, value: { host, port: buf.readUInt16BE(end), rest: buf.subarray(end + 2) } }
}

const reply = (code: number): Buffer => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0])

/** Starts the proxy on an ephemeral loopback port for the lifetime of the scope. */
export const make = Effect.fn("GuardedSocksProxy.make")(function*(options: GuardOptions) {
  // Checks run from socket callbacks, outside any fiber: with this fiber's services (logger, tracer).
  const runExit = Effect.runPromiseExitWith(yield* Effect.context<never>())
  const sockets = new Set<net.Socket>()

  const check = (target: Target) =>
    resolveAllowed(target.host, { ...options, port: target.port }).pipe(
      Effect.tapError((e) =>
        e.reason === "blocked"
          ? Effect.logWarning("browser connection blocked").pipe(
            Effect.annotateLogs({ host: target.host, port: target.port, detail: e.detail })
          )
          : Effect.void
      )
    )

  const open = (client: net.Socket, target: Target): void => {
    client.pause()
    void runExit(check(target)).then((exit) => {
      if (client.destroyed) return
      if (Exit.isFailure(exit)) {
        const dns = Option.exists(
          Cause.findErrorOption(exit.cause),
          (e) => e.reason === "dns" || e.reason === "notfound"
        )
        client.end(reply(dns ? Reply.hostUnreachable : Reply.notAllowed))
        return
      }
      const upstream = net.connect({
        host: target.host.replace(/^\[|\]$/g, ""),
        port: target.port,
        lookup: pinnedLookup(exit.value),
        timeout: CONNECT_TIMEOUT_MS
      })
      sockets.add(upstream)
      upstream.once("close", () => sockets.delete(upstream))
      upstream.once("timeout", () => upstream.destroy(new Error("connect timeout")))
      let connected = false
      upstream.once("connect", () => {
        connected = true
        upstream.setTimeout(0)
        client.write(reply(Reply.succeeded))
        if (target.rest.length > 0) upstream.write(target.rest)
        upstream.pipe(client)
        client.pipe(upstream)
        client.resume()
      })
      upstream.on("error", () => {
        if (connected) client.destroy()
        else client.end(reply(Reply.refused))
      })
      client.on("error", () => upstream.destroy())
      client.once("close", () => upstream.destroy())
    })
  }

  const onConnection = (client: net.Socket): void => {
    sockets.add(client)
    client.once("close", () => sockets.delete(client))
    client.setTimeout(HANDSHAKE_TIMEOUT_MS, () => client.destroy())
    let buf = Buffer.alloc(0)
    let greeted = false
    const onData = (chunk: Buffer): void => {
      buf = Buffer.concat([buf, chunk])
      if (!greeted) {
        const greeting = parseGreeting(buf)
        if ("error" in greeting) return void client.end(Buffer.from([5, 0xff]))
        if (!greeting.done) return
        greeted = true
        buf = buf.subarray(greeting.value)
        client.write(Buffer.from([5, 0]))
      }
      const request = parseRequest(buf)
      if ("error" in request) return void client.end(reply(request.error))
      if (!request.done) return
      client.off("data", onData)
      client.setTimeout(0)
      open(client, request.value)
    }
    client.on("data", onData)
    client.on("error", () => client.destroy())
  }

  const server = net.createServer(onConnection)
  const port = yield* Effect.acquireRelease(
    Effect.callback<number, Error>((resume) => {
      server.once("error", (e) => resume(Effect.fail(e)))
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        resume(
          typeof address === "object" && address !== null
            ? Effect.succeed(address.port)
            : Effect.fail(new Error("proxy has no address"))
        )
      })
    }),
    () =>
      Effect.callback<void>((resume) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.orDie)
  const proxy: GuardedSocksProxy = { server: `socks5://127.0.0.1:${port}`, port }
  return proxy
})
