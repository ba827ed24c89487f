import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as net from "node:net"
import type { Resolver } from "../../src/net/GuardedLookup.js"
import * as GuardedSocksProxy from "../../src/render/GuardedSocksProxy.js"
import * as LoopbackServer from "./LoopbackServer.js"

type Address = { readonly domain: string } | { readonly ipv4: string } | { readonly ipv6: ReadonlyArray<number> }

const request = (address: Address, port: number, command = 1): Buffer => {
  const portBytes = Buffer.from([port >> 8, port & 0xff])
  if ("domain" in address) {
    return Buffer.concat([
      Buffer.from([5, command, 0, 3, address.domain.length]),
      Buffer.from(address.domain),
      portBytes
    ])
  }
  if ("ipv4" in address) {
    return Buffer.concat([Buffer.from([5, command, 0, 1, ...address.ipv4.split(".").map(Number)]), portBytes])
  }
  const groups = Buffer.alloc(16)
  address.ipv6.forEach((g, i) => groups.writeUInt16BE(g, i * 2))
  return Buffer.concat([Buffer.from([5, command, 0, 4]), groups, portBytes])
}

/** A minimal SOCKS5 client (as Chromium speaks it): returns the reply code and, on success, an HTTP answer. */
const socks = (proxyPort: number, address: Address, port: number, command = 1) =>
  Effect.callback<{ readonly code: number; readonly http: string }>((resume) => {
    const socket = net.connect(proxyPort, "127.0.0.1")
    let received = Buffer.alloc(0)
    let code = -1
    socket.on("connect", () => socket.write(Buffer.concat([Buffer.from([5, 1, 0]), request(address, port, command)])))
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk])
      if (code === -1 && received.length >= 12) {
        code = received[3] ?? -1
        received = received.subarray(12)
        if (code === 0) socket.write("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      }
    })
    socket.on("error", () => socket.destroy())
    socket.on("close", () => resume(Effect.succeed({ code, http: received.toString() })))
  })

const ok = LoopbackServer.html("hello through the proxy")

describe("GuardedSocksProxy", () => {
  it.effect("tunnels to an allowlisted origin and refuses a loopback address that is not", () =>
    Effect.gen(function*() {
      const app = yield* LoopbackServer.make(ok)
      const trap = yield* LoopbackServer.make(ok)
      const proxy = yield* GuardedSocksProxy.make({ allowPrivateNetwork: false, allowlist: [app.host] })
      const allowed = yield* socks(proxy.port, { domain: "127.0.0.1" }, app.port)
      expect(allowed.code).toBe(0)
      expect(allowed.http).toContain("hello through the proxy")
      for (const address of [{ domain: "127.0.0.1" }, { ipv4: "127.0.0.1" }, { domain: "localhost" }]) {
        const refused = yield* socks(proxy.port, address, trap.port)
        expect(refused.code).toBe(2)
      }
      expect(trap.connections()).toBe(0)
      expect(app.connections()).toBe(1)
    }))

  it.effect("refuses IPv6 loopback and IPv4-mapped forms", () =>
    Effect.gen(function*() {
      const proxy = yield* GuardedSocksProxy.make({ allowPrivateNetwork: false })
      expect((yield* socks(proxy.port, { ipv6: [0, 0, 0, 0, 0, 0, 0, 1] }, 80)).code).toBe(2)
      expect((yield* socks(proxy.port, { ipv6: [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1] }, 80)).code).toBe(2)
      expect((yield* socks(proxy.port, { domain: "[::ffff:169.254.169.254]" }, 80)).code).toBe(2)
    }))

  it.effect("resolves a name once with the injected resolver and connects to exactly that answer", () =>
    Effect.gen(function*() {
      const app = yield* LoopbackServer.make(ok)
      const asked: Array<string> = []
      const resolver: Resolver = (host) => {
        asked.push(host)
        return Promise.resolve(host === "pinned.test" ? [{ address: "127.0.0.1", family: 4 }] : [])
      }
      // Private addresses allowed so the answer can be loopback; the system resolver cannot resolve `.test`.
      const proxy = yield* GuardedSocksProxy.make({ allowPrivateNetwork: true, resolver })
      const result = yield* socks(proxy.port, { domain: "pinned.test" }, app.port)
      expect(result.code).toBe(0)
      expect(result.http).toContain("hello through the proxy")
      expect(asked).toEqual(["pinned.test"])
      expect((yield* socks(proxy.port, { domain: "nowhere.test" }, app.port)).code).toBe(4)
    }))

  it.effect("refuses a name whose resolver answers a private address (the answer is checked, not the name)", () =>
    Effect.gen(function*() {
      const trap = yield* LoopbackServer.make(ok)
      const resolver: Resolver = () => Promise.resolve([{ address: "127.0.0.1", family: 4 }])
      const proxy = yield* GuardedSocksProxy.make({ allowPrivateNetwork: false, resolver })
      expect((yield* socks(proxy.port, { domain: "rebind.example" }, trap.port)).code).toBe(2)
      expect(trap.connections()).toBe(0)
    }))

  it.effect("supports CONNECT only", () =>
    Effect.gen(function*() {
      const app = yield* LoopbackServer.make(ok)
      const proxy = yield* GuardedSocksProxy.make({ allowPrivateNetwork: false, allowlist: [app.host] })
      expect((yield* socks(proxy.port, { domain: "127.0.0.1" }, app.port, 2)).code).toBe(7)
      expect(app.connections()).toBe(0)
    }))
})
