/** A recording WebhookSender with scripted results, and a list of targets the address policy refuses. */
import { type SendResult, TargetRejected, WebhookSender } from "@bookmarks/domain"
import { Effect, Layer } from "effect"

export interface SentRequest {
  readonly url: string
  readonly body: string
  readonly headers: Readonly<Record<string, string>>
}

export const make = () => {
  const sent: Array<SentRequest> = []
  const results: Array<SendResult> = []
  const refusedHosts = new Set<string>(["127.0.0.1", "localhost", "[::1]"])
  const service = WebhookSender.of({
    checkTarget: (url) =>
      refusedHosts.has(url.hostname) ? Effect.fail(new TargetRejected({ reason: "loopback address" })) : Effect.void,
    send: (request) =>
      Effect.sync(() => {
        sent.push({ url: request.url, body: request.body, headers: request.headers })
        return results.shift() ?? { status: 200, error: null, retryAfter: null }
      })
  })
  return {
    service,
    sent,
    /** Results for the next sends, in order; afterwards every send answers 200. */
    answer: (...next: ReadonlyArray<SendResult>) => void results.push(...next),
    refusedHosts,
    layer: Layer.succeed(WebhookSender, service)
  }
}
