/**
 * Messages from the popup to the service worker, which does every save and lookup (so the context menu, the
 * shortcut and the popup share one path and one toolbar badge). Decoded with Schema: a message is outside input.
 */
import { Either, Schema } from "effect"

export const Lookup = Schema.TaggedStruct("lookup", {
  url: Schema.String,
  tabId: Schema.optional(Schema.Number)
})

export const Save = Schema.TaggedStruct("save", {
  url: Schema.String,
  tags: Schema.Array(Schema.String),
  note: Schema.String,
  tabId: Schema.optional(Schema.Number)
})

export const Message = Schema.Union(Lookup, Save)
export type Message = typeof Message.Type

/** The message, or undefined for anything that is not one of ours (other extensions' or malformed). */
export const decode = (value: unknown): Message | undefined => {
  const decoded = Schema.decodeUnknownEither(Message)(value)
  return Either.isRight(decoded) ? decoded.right : undefined
}

/** Answers a message with `handle`; `respond` is called exactly once, with the result or undefined for a foreign message. */
export const route = <A>(
  value: unknown,
  handle: (message: Message) => Promise<A>,
  respond: (answer: A | undefined) => void
): boolean => {
  const message = decode(value)
  if (message === undefined) {
    respond(undefined)
    return false
  }
  handle(message).then(respond, () => respond(undefined))
  // true keeps the channel open for the asynchronous answer (chrome.runtime.onMessage's rule).
  return true
}
