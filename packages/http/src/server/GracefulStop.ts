/**
 * Graceful stop of a Node HTTP server, run while its request handler is still attached: stop listening, let the
 * requests in flight finish, answer each of them (and any request still arriving on an open keep-alive
 * connection) with `Connection: close`, close connections as they fall idle, and close the rest after a grace
 * period. Without it, a kept-alive connection outlives the handler: a request sent on it hangs, and the
 * shutdown waits for it.
 */
import { Effect } from "effect"
import type * as http from "node:http"

export interface GracefulStop {
  /** Completes once nothing is in flight (or the grace period ran out and the remaining connections were cut). */
  readonly stop: Effect.Effect<void>
}

/** Seconds a shutdown waits for requests in flight; longer than any request the API serves (webhook test: 10 s). */
export const defaultGraceMs = 30_000

/** Starts tracking requests on `server`; call before it serves anything. */
export const track = (server: http.Server, graceMs: number = defaultGraceMs): GracefulStop => {
  const inFlight = new Set<http.ServerResponse>()
  let closing = false
  let drained: (() => void) | undefined
  const lastOnConnection = (response: http.ServerResponse) => {
    if (!response.headersSent) response.setHeader("connection", "close")
  }

  server.prependListener("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    inFlight.add(response)
    if (closing) lastOnConnection(response)
    response.once("close", () => {
      inFlight.delete(response)
      if (!closing) return
      // Node marks the socket idle after the response's own listeners ran.
      setImmediate(() => server.closeIdleConnections())
      if (inFlight.size === 0) drained?.()
    })
  })

  const stop = Effect.callback<void>((resume) => {
    closing = true
    for (const response of inFlight) lastOnConnection(response)
    if (server.listening) server.close()
    server.closeIdleConnections()
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = () => {
      clearTimeout(timer)
      drained = undefined
      server.closeIdleConnections()
      resume(Effect.void)
    }
    if (inFlight.size === 0) return finish()
    drained = finish
    timer = setTimeout(() => {
      server.closeAllConnections()
      finish()
    }, graceMs)
    return Effect.sync(() => clearTimeout(timer))
  })

  return { stop }
}
