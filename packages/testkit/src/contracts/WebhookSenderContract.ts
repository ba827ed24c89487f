/**
 * Contract of the WebhookSender port: exact bytes POSTed, every outcome a result (never a failure), redirects never
 * followed, Retry-After read, the start of the answer kept as its snippet (empty without one), and the address policy
 * applied by `checkTarget` and by `send` alike. The adapter under
 * test comes with `WebhookEndpoints`: endpoints it is allowed to reach that answer as the test says.
 */
import { addressPolicyRefusal, WebhookSender } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, type Layer } from "effect"

export interface EndpointReply {
  readonly status: number
  readonly headers?: Readonly<Record<string, string>>
  /** The answer's body (UTF-8); none when absent. */
  readonly body?: string
  /** Never answer (the sender's timeout decides). */
  readonly hang?: boolean
}

export interface ReceivedRequest {
  readonly method: string
  readonly body: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
}

export class WebhookEndpoints extends Context.Service<WebhookEndpoints, {
  /** A URL the address policy allows, whose endpoint answers every request with `reply`, and what reached it. */
  readonly endpoint: (reply: EndpointReply) => Effect.Effect<{
    readonly url: string
    readonly received: Effect.Effect<ReadonlyArray<ReceivedRequest>>
  }>
  /** A URL the address policy allows where nothing listens. */
  readonly unreachable: Effect.Effect<string>
}>()("WebhookEndpoints") {}

/**
 * Targets on this machine every address policy refuses, named without DNS (or with `localhost`, which resolves on the
 * machine). Should a policy let one through, the attempt would still stay on loopback.
 */
export const refusedLocalTargets: ReadonlyArray<string> = [
  "https://127.0.0.1:9/hook",
  "https://localhost:9/hook",
  "https://[::1]:9/hook",
  "https://[::ffff:127.0.0.1]:9/hook",
  "https://0.0.0.0:9/hook"
]

/** More refused targets, private and metadata ranges: only ever checked (`checkTarget`), never sent to. */
export const refusedTargets: ReadonlyArray<string> = [
  ...refusedLocalTargets,
  "https://10.0.0.1/hook",
  "https://192.168.1.1/hook",
  "https://169.254.169.254/latest/meta-data",
  "https://100.64.0.1/hook",
  "https://[fd00::1]/hook"
]

const request = (url: string, extra: { readonly body?: string; readonly timeout?: number } = {}) => ({
  url,
  body: extra.body ?? JSON.stringify({ event: "bookmark.saved", title: "Crème brûlée – 東京 🎉", note: "line\nbreak" }),
  headers: { "content-type": "application/json", "webhook-id": "msg_contract", "x-service-signature": "sha256=00" },
  timeout: extra.timeout ?? 5_000
})

export const webhookSenderContract = <E>(name: string, layer: Layer.Layer<WebhookSender | WebhookEndpoints, E>) =>
  describe(`WebhookSender contract: ${name}`, () => {
    // Live clock: a real sender's timeouts run on it.
    const run = <A, E2>(effect: Effect.Effect<A, E2, WebhookSender | WebhookEndpoints>) =>
      effect.pipe(Effect.provide(layer))

    it.live("POSTs the exact body bytes and headers; a 2xx answer is a success", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        const endpoint = yield* (yield* WebhookEndpoints).endpoint({ status: 204 })
        yield* sender.checkTarget(new URL(endpoint.url))
        const sent = request(endpoint.url)
        expect(yield* sender.send(sent)).toEqual({ status: 204, error: null, retryAfter: null, snippet: "" })
        const received = yield* endpoint.received
        expect(received.length).toBe(1)
        expect(received[0]?.method).toBe("POST")
        expect(received[0]?.body).toBe(sent.body)
        expect(received[0]?.headers).toMatchObject(sent.headers)
      })))

    it.live("answers other than 2xx are results with their status", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        const endpoints = yield* WebhookEndpoints
        for (const status of [400, 404, 410, 500]) {
          const endpoint = yield* endpoints.endpoint({ status })
          expect(yield* sender.send(request(endpoint.url))).toEqual({
            status,
            error: null,
            retryAfter: null,
            snippet: ""
          })
        }
      })))

    it.live("never follows a redirect: the 3xx is the answer and its target receives nothing", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        const endpoints = yield* WebhookEndpoints
        const target = yield* endpoints.endpoint({ status: 200 })
        const redirect = yield* endpoints.endpoint({ status: 307, headers: { location: target.url } })
        expect(yield* sender.send(request(redirect.url))).toEqual({
          status: 307,
          error: null,
          retryAfter: null,
          snippet: ""
        })
        expect(yield* target.received).toEqual([])
      })))

    it.live("keeps the start of the answer as its snippet: at most 1 KiB of UTF-8, never half a character", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        const endpoints = yield* WebhookEndpoints
        const short = yield* endpoints.endpoint({ status: 200, body: "ok – 東京" })
        expect(yield* sender.send(request(short.url))).toEqual({
          status: 200,
          error: null,
          retryAfter: null,
          snippet: "ok – 東京"
        })
        // 3 bytes a character: 341 fit in 1,024 bytes, the 342nd would be cut in half.
        const long = yield* endpoints.endpoint({ status: 500, body: "東".repeat(2_000) })
        expect(yield* sender.send(request(long.url))).toEqual({
          status: 500,
          error: null,
          retryAfter: null,
          snippet: "東".repeat(341)
        })
      })))

    it.live("reads Retry-After seconds as milliseconds", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        const endpoints = yield* WebhookEndpoints
        const busy = yield* endpoints.endpoint({ status: 429, headers: { "retry-after": "120" } })
        const down = yield* endpoints.endpoint({ status: 503, headers: { "retry-after": "5" } })
        expect(yield* sender.send(request(busy.url))).toEqual({
          status: 429,
          error: null,
          retryAfter: 120_000,
          snippet: ""
        })
        expect(yield* sender.send(request(down.url))).toEqual({
          status: 503,
          error: null,
          retryAfter: 5_000,
          snippet: ""
        })
      })))

    it.live("no answer within the timeout: no status, the error says timeout", () =>
      run(Effect.gen(function*() {
        const endpoint = yield* (yield* WebhookEndpoints).endpoint({ status: 200, hang: true })
        const result = yield* (yield* WebhookSender).send(request(endpoint.url, { timeout: 300 }))
        expect(result).toEqual({ status: null, error: "timeout", retryAfter: null, snippet: "" })
      })))

    it.live("nothing listening, or a URL that is not one: no status and a reason", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        const refused = yield* sender.send(request(yield* (yield* WebhookEndpoints).unreachable))
        expect(refused).toMatchObject({ status: null, retryAfter: null, snippet: "" })
        expect(refused.error).toEqual(expect.any(String))
        expect(refused.error).not.toBe("")
        expect(yield* sender.send(request("not a url"))).toEqual({
          status: null,
          error: "invalid URL",
          retryAfter: null,
          snippet: ""
        })
      })))

    it.live("the address policy refuses private targets, in checkTarget and in send", () =>
      run(Effect.gen(function*() {
        const sender = yield* WebhookSender
        for (const url of refusedTargets) {
          const rejected = yield* Effect.flip(sender.checkTarget(new URL(url)))
          expect({ url, tag: rejected._tag }).toEqual({ url, tag: "TargetRejected" })
        }
        for (const url of refusedLocalTargets) {
          expect({ url, result: yield* sender.send(request(url)) }).toEqual({
            url,
            result: { status: null, error: addressPolicyRefusal, retryAfter: null, snippet: "" }
          })
        }
      })))
  })
