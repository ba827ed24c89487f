/** The delivery log: one entry per attempt to send a delivery, whatever caused it (docs/webhooks.md). */
import { Schema } from "effect"
import { AccountId, AttemptId, DeliveryId, WebhookId } from "./Ids.js"

/** What made the attempt: the queue, a test from the app or the API, or a person's Redeliver. */
export const Trigger = Schema.Literals(["delivery", "test", "redelivery"])
export type Trigger = typeof Trigger.Type

/** At most this many bytes of the endpoint's answer are kept (UTF-8, cut on a character boundary). */
export const maxSnippetBytes = 1_024

export const Record = Schema.Struct({
  id: AttemptId,
  deliveryId: DeliveryId,
  webhookId: WebhookId,
  accountId: AccountId,
  event: Schema.String,
  trigger: Trigger,
  /** When the attempt started. */
  at: Schema.Finite,
  /** HTTP status answered, or null when there was no answer. */
  status: Schema.NullOr(Schema.Finite),
  /** Why there was no answer (`timeout`, `connection refused`…), or null. */
  error: Schema.NullOr(Schema.String),
  durationMs: Schema.Finite,
  responseSnippet: Schema.String
})
export type Record = typeof Record.Type

/** Cuts `text` to at most `maxSnippetBytes` UTF-8 bytes without splitting a character. */
export const snippet = (text: string): string => {
  const encoder = new TextEncoder()
  if (encoder.encode(text).length <= maxSnippetBytes) return text
  let out = ""
  let bytes = 0
  for (const char of text) {
    const size = encoder.encode(char).length
    if (bytes + size > maxSnippetBytes) break
    out += char
    bytes += size
  }
  return out
}

/** A page of the log is walked newest first; the cursor is the last entry's `(at, id)`. */
export interface Cursor {
  readonly at: number
  readonly id: AttemptId
}
