/** Port: an SSRF-safe POST of exact bytes to a webhook endpoint. */
import { Context, type Effect, Schema } from "effect"

export interface SendResult {
  /** HTTP status answered, or null when the endpoint gave no answer. */
  readonly status: number | null
  /** Why there was no answer (`connection refused`, `timeout`, `blocked by address policy`…). */
  readonly error: string | null
  /** A `Retry-After` of the answer, in ms. */
  readonly retryAfter: number | null
  /** The start of the answer's body as text (at most `DeliveryAttempt.maxSnippetBytes`), for the delivery log. */
  readonly snippet?: string
}

export class TargetRejected extends Schema.TaggedError<TargetRejected>()("TargetRejected", {
  reason: Schema.String
}) {
  /** Its fields, as the message of a log or a cause. */
  override get message() {
    return `{ reason: ${JSON.stringify(this.reason)} }`
  }
}

export class WebhookSender extends Context.Service<WebhookSender, {
  /** Whether the address policy allows the endpoint's host (resolved now). */
  readonly checkTarget: (url: URL) => Effect.Effect<void, TargetRejected>
  /** POSTs `body` with `headers`; never follows redirects; every outcome is a result. */
  readonly send: (request: {
    readonly url: string
    readonly body: string
    readonly headers: Readonly<Record<string, string>>
    readonly timeout: number
  }) => Effect.Effect<SendResult>
}>()("WebhookSender") {}
