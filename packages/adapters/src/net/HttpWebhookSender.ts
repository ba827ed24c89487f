/**
 * WebhookSender over SafeHttp: the same address policy as page fetches, exact body bytes, no redirects, never fails.
 */
import { DeliveryAttempt, FetchFailed, type SendResult, TargetRejected, WebhookSender } from "@bookmark-library/domain"
import { Clock, Duration, Effect, Layer } from "effect"
import { addressPolicyRefusal } from "./AddressPolicy.js"
import { type GuardOptions, resolveUrl } from "./GuardedLookup.js"
import * as RetryAfter from "./RetryAfter.js"
import { describeCode, header, type HttpFailure, request } from "./SafeHttp.js"

export type Options = GuardOptions

const checkTimeout = Duration.seconds(10)

/** The short reason a delivery attempt records when the endpoint gave no answer. */
const describe = (e: FetchFailed | HttpFailure): string => {
  if (e._tag === "HttpFailure") {
    switch (e.reason) {
      case "timeout":
        return "timeout"
      case "invalid":
        return `invalid request (${e.code})`
      case "body":
        return "undecodable response body"
      case "connection":
        return describeCode(e.code)
    }
  }
  switch (e.reason) {
    case "blocked":
      return addressPolicyRefusal
    case "dns":
      return "DNS lookup failed"
    case "notfound":
      return "host name not found"
    case "timeout":
      return "timeout"
    case "invalid":
      return `invalid URL: ${e.detail}`
    case "connection":
    case "redirects":
    case "body":
      return e.detail
  }
}

const noAnswer = (error: string): SendResult => ({ status: null, error, retryAfter: null, snippet: "" })

export const make = (options: Options) => {
  const checkTarget = Effect.fn("HttpWebhookSender.checkTarget")(function*(url: URL) {
    yield* resolveUrl(url, options).pipe(
      Effect.timeoutOrElse({
        duration: checkTimeout,
        orElse: () =>
          Effect.fail(new FetchFailed({ reason: "timeout", detail: `DNS lookup of ${url.hostname} timed out` }))
      }),
      Effect.mapError((e) => new TargetRejected({ reason: e.detail }))
    )
  })

  const send = Effect.fn("HttpWebhookSender.send")(function*(input: {
    readonly url: string
    readonly body: string
    readonly headers: Readonly<Record<string, string>>
    readonly timeout: number
  }) {
    let url: URL
    try {
      url = new URL(input.url)
    } catch {
      return noAnswer("invalid URL")
    }
    const started = yield* Clock.currentTimeMillis
    const body = Buffer.from(input.body, "utf8")
    const hasLength = Object.keys(input.headers).some((name) => name.toLowerCase() === "content-length")
    const attempt = Effect.gen(function*() {
      const addresses = yield* resolveUrl(url, options).pipe(
        Effect.timeoutOrElse({
          duration: Duration.millis(input.timeout),
          orElse: () =>
            Effect.fail(new FetchFailed({ reason: "timeout", detail: `DNS lookup of ${url.hostname} timed out` }))
        })
      )
      const left = Math.max(1, started + input.timeout - (yield* Clock.currentTimeMillis))
      const response = yield* request({
        url,
        method: "POST",
        headers: hasLength ? input.headers : { ...input.headers, "content-length": String(body.length) },
        body,
        addresses,
        headersTimeout: left,
        totalTimeout: left,
        // The status and Retry-After decide; the start of the body is kept for the delivery log only.
        maxBytes: DeliveryAttempt.maxSnippetBytes,
        statusFirst: true
      })
      const now = yield* Clock.currentTimeMillis
      const result: SendResult = {
        status: response.status,
        error: null,
        retryAfter: RetryAfter.parse(header(response.headers, "retry-after"), now),
        snippet: DeliveryAttempt.snippet(new TextDecoder().decode(response.body))
      }
      return result
    })
    return yield* attempt.pipe(
      Effect.catch((e) =>
        Effect.logDebug("webhook attempt got no answer").pipe(
          Effect.annotateLogs({ url: url.origin, detail: e.detail }),
          Effect.as(noAnswer(describe(e)))
        )
      )
    )
  })

  return WebhookSender.of({ checkTarget, send })
}

/** The live WebhookSender; `allowPrivateNetwork` and `allowHosts` come from the composition root. */
export const layer = (options: Options) => Layer.effect(WebhookSender, Effect.sync(() => make(options)))
