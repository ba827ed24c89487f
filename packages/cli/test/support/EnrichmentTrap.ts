/**
 * The SSRF trap: a loopback listener (127.0.0.1 and, when the machine has it, [::1] on the same port) that is never
 * allowlisted and counts every TCP connection. Any connection means the address policy let something through.
 */
import * as http from "node:http"
import { closeServer, listen } from "./FixtureServer.js"

export interface Trap {
  readonly port: number
  /** Connections accepted on either address since the start. */
  readonly connections: () => number
  /** Whether the [::1] listener is up (else `[::1]` URLs meet a closed port, which the count cannot tell). */
  readonly ipv6: boolean
  readonly close: () => Promise<void>
}

// A leak would also show on the bookmark: the trap answers with a page whose title says so.
const page = "<!doctype html><html><head><title>TRAP REACHED</title></head><body><p>internal secret</p></body></html>"

export const start = async (): Promise<Trap> => {
  let connections = 0
  const make = () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end(page)
    })
    server.on("connection", () => {
      connections++
    })
    return server
  }
  const v4 = make()
  const port = await listen(v4, "127.0.0.1", 0)
  const v6 = make()
  const ipv6 = await listen(v6, "::1", port).then(() => true, () => false)
  return {
    port,
    connections: () => connections,
    ipv6,
    close: async () => {
      await closeServer(v4)
      if (ipv6) await closeServer(v6)
    }
  }
}
