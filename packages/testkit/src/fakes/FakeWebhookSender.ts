/**
 * A recording WebhookSender that passes the WebhookSender contract: it applies the fakes' address policy in
 * `checkTarget` and in `send`, answers per endpoint (status, headers, silence) or with scripted results, and never
 * follows redirects. Nothing leaves the process.
 */
import {
  addressPolicyRefusal,
  DeliveryAttempt,
  type SendResult,
  TargetRejected,
  WebhookSender
} from "@bookmark-library/domain"
import { Deferred, Effect, Layer } from "effect"
import { refusal } from "./FakeAddressPolicy.js"

export interface SentRequest {
  readonly url: string
  readonly body: string
  readonly headers: Readonly<Record<string, string>>
}

/** How an endpoint answers: a status with headers, silence (the timeout decides), or no listener at all. */
export type Endpoint =
  | { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string }
  | { readonly hang: true }
  | { readonly unreachable: true }

export interface Options {
  /** Like `ALLOW_PRIVATE_NETWORK=true`: the address policy is lifted. */
  readonly allowPrivateNetwork?: boolean
}

const noAnswer = (error: string): SendResult => ({ status: null, error, retryAfter: null, snippet: "" })

const retryAfter = (headers: Readonly<Record<string, string>> | undefined): number | null => {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "retry-after")?.[1]?.trim()
  return value !== undefined && /^\d+$/.test(value) ? Number(value) * 1000 : null
}

export const make = (options: Options = {}) => {
  const sent: Array<SentRequest> = []
  const waiters: Array<{ readonly count: number; readonly reached: Deferred.Deferred<void> }> = []
  const results: Array<SendResult> = []
  const endpoints = new Map<string, Endpoint>()
  /** Host names refused besides what the address policy refuses (e.g. a name that would resolve inside). */
  const refusedHosts = new Set<string>()
  const refused = (url: URL) =>
    refusedHosts.has(url.hostname)
      ? `${url.hostname} refused by address policy: refused host`
      : options.allowPrivateNetwork === true
      ? undefined
      : refusal(url)

  const answer = (url: string): SendResult => {
    const scripted = results.shift()
    if (scripted !== undefined) return scripted
    const endpoint = endpoints.get(url)
    if (endpoint === undefined) return { status: 200, error: null, retryAfter: null, snippet: "" }
    if ("hang" in endpoint) return noAnswer("timeout")
    if ("unreachable" in endpoint) return noAnswer("connection refused")
    return {
      status: endpoint.status,
      error: null,
      retryAfter: retryAfter(endpoint.headers),
      snippet: DeliveryAttempt.snippet(endpoint.body ?? "")
    }
  }

  const service = WebhookSender.of({
    checkTarget: (url) =>
      Effect.suspend(() => {
        const reason = refused(url)
        return reason === undefined ? Effect.void : Effect.fail(new TargetRejected({ reason }))
      }),
    send: (request) =>
      Effect.sync(() => {
        let url: URL
        try {
          url = new URL(request.url)
        } catch {
          return noAnswer("invalid URL")
        }
        if (refused(url) !== undefined) return noAnswer(addressPolicyRefusal)
        const endpoint = endpoints.get(request.url)
        if (endpoint === undefined || !("unreachable" in endpoint)) {
          sent.push({ url: request.url, body: request.body, headers: request.headers })
        }
        return answer(request.url)
      }).pipe(Effect.tap(() =>
        Effect.forEach(waiters.filter((w) => sent.length >= w.count), (w) => Deferred.succeed(w.reached, undefined))
      ))
  })
  return {
    service,
    /** Every request that reached an endpoint, in order. */
    sent,
    /** Completes once `count` requests have reached endpoints: a handshake for tests of background senders. */
    awaitSent: (count: number) =>
      Effect.flatMap(Deferred.make<void>(), (reached) =>
        Effect.suspend(() => {
          waiters.push({ count, reached })
          return sent.length >= count ? Effect.void : Deferred.await(reached)
        })),
    /** Results for the next sends, in order, whatever the endpoint; afterwards endpoints answer (200 by default). */
    answer: (...next: ReadonlyArray<SendResult>) => void results.push(...next),
    /** How the endpoint at exactly `url` answers from now on. */
    endpoint: (url: string, behaviour: Endpoint) => void endpoints.set(url, behaviour),
    refusedHosts,
    layer: Layer.succeed(WebhookSender, service)
  }
}
