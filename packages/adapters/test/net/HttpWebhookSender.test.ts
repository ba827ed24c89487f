// The webhook sender against loopback fixtures: SSRF refusals (trap sees nothing), statuses, no redirects, exact bytes.
import { WebhookSender } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import * as AllowHosts from "../../src/net/AllowHosts.js"
import type { Resolver } from "../../src/net/GuardedLookup.js"
import * as HttpWebhookSender from "../../src/net/HttpWebhookSender.js"
import { closedPort, serve } from "./LoopbackServers.js"

const mapTo = (address: string): Resolver => async () => [{ address, family: address.includes(":") ? 6 : 4 }]

const withSender = <A, E, R>(
  options: HttpWebhookSender.Options,
  f: (s: WebhookSender["Service"]) => Effect.Effect<A, E, R>
) => Effect.flatMap(WebhookSender, f).pipe(Effect.provide(HttpWebhookSender.layer(options)))

const post = (url: string, extra: { readonly timeout?: number; readonly body?: string } = {}) => ({
  url,
  body: extra.body ?? "{\"type\":\"bookmark.saved\"}",
  headers: { "content-type": "application/json", "webhook-id": "msg_1" },
  timeout: extra.timeout ?? 5_000
})

describe("HttpWebhookSender SSRF policy (loopback trap)", () => {
  it.live("checkTarget and send refuse loopback in every spelling; the trap sees no connection", () =>
    Effect.gen(function*() {
      const trap = yield* serve((_req, res) => res.end("trap"), { alsoIpv6: true })
      const p = trap.port
      const options = { allowPrivateNetwork: false, resolver: mapTo("127.0.0.1") }
      const urls = [
        `https://127.0.0.1:${p}/hook`,
        `https://[::1]:${p}/hook`,
        `https://[::ffff:127.0.0.1]:${p}/hook`,
        `https://2130706433:${p}/hook`,
        `https://0x7f000001:${p}/hook`,
        `https://0177.0.0.1:${p}/hook`,
        `https://127.1:${p}/hook`,
        `https://0.0.0.0:${p}/hook`,
        `https://evil.test:${p}/hook`,
        `http://evil.test:${p}/hook`
      ]
      yield* withSender(options, (sender) =>
        Effect.gen(function*() {
          for (const url of urls) {
            const rejected = yield* Effect.flip(sender.checkTarget(new URL(url)))
            expect(rejected._tag).toBe("TargetRejected")
            expect(rejected.reason).toContain("refused by address policy")
            expect({ url, result: yield* sender.send(post(url)) }).toEqual({
              url,
              result: {
                status: null,
                error: "blocked by address policy (ALLOW_HOSTS can allow a host on your own network)",
                retryAfter: null,
                snippet: ""
              }
            })
          }
        }))
      // Through the system resolver (answered from /etc/hosts): `localhost.` is `localhost`, refused alike.
      yield* withSender({ allowPrivateNetwork: false }, (sender) =>
        Effect.gen(function*() {
          for (const url of [`https://localhost:${p}/hook`, `https://localhost.:${p}/hook`]) {
            const rejected = yield* Effect.flip(sender.checkTarget(new URL(url)))
            expect({ url, reason: rejected.reason }).toEqual({
              url,
              reason: expect.stringContaining("refused by address policy")
            })
            expect((yield* sender.send(post(url))).error).toBe(
              "blocked by address policy (ALLOW_HOSTS can allow a host on your own network)"
            )
          }
        }))
      expect(trap.connections()).toBe(0)
    }))

  it.live("with the policy lifted the same target is accepted and reached, so the test above can fail", () =>
    Effect.gen(function*() {
      const trap = yield* serve((_req, res) => res.end("trap"))
      const url = `http://evil.test:${trap.port}/hook`
      const result = yield* withSender(
        { allowPrivateNetwork: true, resolver: mapTo("127.0.0.1") },
        (sender) => Effect.andThen(sender.checkTarget(new URL(url)), sender.send(post(url)))
      )
      expect(result).toEqual({ status: 200, error: null, retryAfter: null, snippet: "trap" })
      expect(trap.connections()).toBe(1)
    }))

  it.live("ALLOW_HOSTS lets a receiver on the operator's network register and receive; other hosts stay refused", () =>
    Effect.gen(function*() {
      const receiver = yield* serve((_req, res) => res.end("got it"))
      const resolver: Resolver = async () => [{ address: "127.0.0.1", family: 4 }]
      const options = {
        allowPrivateNetwork: false,
        allowHosts: Result.getOrThrow(AllowHosts.parse("hooks.home")),
        resolver
      }
      const url = `http://hooks.home:${receiver.port}/hook`
      const other = `http://nas.home:${receiver.port}/hook`
      const [sent, refused, notSent] = yield* withSender(options, (sender) =>
        Effect.all([
          Effect.andThen(sender.checkTarget(new URL(url)), sender.send(post(url))),
          Effect.flip(sender.checkTarget(new URL(other))),
          sender.send(post(other))
        ]))
      expect(sent).toEqual({ status: 200, error: null, retryAfter: null, snippet: "got it" })
      expect(refused.reason).toMatch(/^nas\.home refused by address policy: .*ALLOW_HOSTS can allow it/)
      expect(notSent.error).toBe("blocked by address policy (ALLOW_HOSTS can allow a host on your own network)")
      expect(receiver.connections()).toBe(1)
    }))

  it.live("keeps at most 1 KiB of the answer for the delivery log; a body that stalls keeps the status", () =>
    Effect.gen(function*() {
      const big = yield* serve((_req, res) => res.writeHead(410).end("é".repeat(5_000)))
      const stalled = yield* serve((_req, res) => {
        res.writeHead(202)
        res.write("partial")
      })
      const options = { allowPrivateNetwork: false, allowlist: [big.origin, stalled.origin] }
      const [gone, slow] = yield* withSender(
        options,
        (sender) =>
          Effect.all([
            sender.send(post(`http://${big.origin}/hook`)),
            sender.send(post(`http://${stalled.origin}/hook`, { timeout: 500 }))
          ])
      )
      expect(gone.status).toBe(410)
      expect(gone.snippet).toBe("é".repeat(512))
      expect(slow).toMatchObject({ status: 202, error: null, snippet: "partial" })
    }))

  it.live("an allowlisted fixture origin passes while another loopback port stays refused", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((_req, res) => res.end())
      const trap = yield* serve((_req, res) => res.end())
      const options = { allowPrivateNetwork: false, allowlist: [fixture.origin] }
      const [ok, refused] = yield* withSender(
        options,
        (sender) =>
          Effect.all([
            sender.send(post(`http://${fixture.origin}/hook`)),
            sender.send(post(`http://${trap.origin}/hook`))
          ])
      )
      expect(ok.status).toBe(200)
      expect(refused.error).toBe("blocked by address policy (ALLOW_HOSTS can allow a host on your own network)")
      expect(trap.connections()).toBe(0)
    }))

  it.effect("checkTarget reports DNS failures", () =>
    Effect.gen(function*() {
      const resolver: Resolver = () => Promise.reject(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }))
      const rejected = yield* withSender({ allowPrivateNetwork: false, resolver }, (s) =>
        Effect.flip(s.checkTarget(new URL("https://nowhere.test/"))))
      expect(rejected.reason).toContain("ENOTFOUND")
    }))
})

describe("HttpWebhookSender behaviour", () => {
  const lenient = { allowPrivateNetwork: true }

  it.live("reports the status answered, 2xx or not", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((req, res) => {
        res.writeHead(req.url === "/fail" ? 500 : 200)
        res.end("body that nobody reads")
      })
      const [ok, failed] = yield* withSender(lenient, (s) =>
        Effect.all([s.send(post(`http://${fixture.origin}/ok`)), s.send(post(`http://${fixture.origin}/fail`))]))
      expect(ok).toEqual({ status: 200, error: null, retryAfter: null, snippet: "body that nobody reads" })
      expect(failed).toEqual({ status: 500, error: null, retryAfter: null, snippet: "body that nobody reads" })
    }))

  it.live("does not follow redirects: a 3xx is the answer and its target sees nothing", () =>
    Effect.gen(function*() {
      const target = yield* serve((_req, res) => res.end())
      const fixture = yield* serve((_req, res) => {
        res.writeHead(307, { location: `http://${target.origin}/elsewhere` })
        res.end()
      })
      const result = yield* withSender(lenient, (s) => s.send(post(`http://${fixture.origin}/hook`)))
      expect(result).toEqual({ status: 307, error: null, retryAfter: null, snippet: "" })
      expect(target.connections()).toBe(0)
    }))

  it.live("gives up on a slow receiver after the timeout", () =>
    Effect.gen(function*() {
      const fixture = yield* serve(() => {/* never answers */})
      const result = yield* withSender(lenient, (s) => s.send(post(`http://${fixture.origin}/hook`, { timeout: 200 })))
      expect(result).toEqual({ status: null, error: "timeout", retryAfter: null, snippet: "" })
    }))

  it.live("reads Retry-After in seconds as milliseconds", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((_req, res) => {
        res.writeHead(429, { "retry-after": "7" })
        res.end()
      })
      const result = yield* withSender(lenient, (s) => s.send(post(`http://${fixture.origin}/hook`)))
      expect(result).toEqual({ status: 429, error: null, retryAfter: 7000, snippet: "" })
    }))

  it.live("POSTs the exact body bytes with the given headers", () =>
    Effect.gen(function*() {
      const fixture = yield* serve((_req, res) => res.end())
      const body = JSON.stringify({ title: "Crème brûlée – 東京 🎉", note: "line\nbreak" })
      yield* withSender(lenient, (s) => s.send(post(`http://${fixture.origin}/hook`, { body })))
      const received = fixture.requests[0]
      expect(received?.method).toBe("POST")
      expect(received?.body.equals(Buffer.from(body, "utf8"))).toBe(true)
      expect(received?.headers["content-length"]).toBe(String(Buffer.byteLength(body, "utf8")))
      expect(received?.headers["webhook-id"]).toBe("msg_1")
      expect(received?.headers["content-type"]).toBe("application/json")
    }))

  it.live("reports an unreachable endpoint as connection refused", () =>
    Effect.gen(function*() {
      const port = yield* closedPort
      const result = yield* withSender(lenient, (s) => s.send(post(`http://127.0.0.1:${port}/hook`)))
      expect(result).toEqual({ status: null, error: "connection refused", retryAfter: null, snippet: "" })
    }))
})
