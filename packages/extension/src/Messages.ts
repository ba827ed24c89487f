/**
 * Messages from the popup to the service worker, which does every save and lookup (so the context menu, the
 * shortcut and the popup share one path and one toolbar badge). Decoded with Schema: a message is outside input.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

export const Lookup = Schema.TaggedStruct("lookup", {
  url: Schema.String,
  tabId: Schema.optional(Schema.Number)
})

export const Save = Schema.TaggedStruct("save", {
  url: Schema.String,
  tags: Schema.Array(Schema.String),
  note: Schema.String,
  tabId: Schema.optional(Schema.Number),
  /** Ids of the lists the new bookmark joins. */
  lists: Schema.optional(Schema.Array(Schema.String)),
  /** Also send the page as the person sees it (only for the tab's own page: `tabId` names it). */
  copy: Schema.optional(Schema.Boolean),
  /** States the new bookmark gets right after the save (docs/extension.md, "States"). */
  favourite: Schema.optional(Schema.Boolean),
  archived: Schema.optional(Schema.Boolean)
})

export type Save = typeof Save.Type

/** What the page serialiser answers from the tab (src/PageSerialiser.ts): decoded like any message. */
export const Captured = Schema.Union([
  Schema.Struct({ ok: Schema.Literal(true), html: Schema.String, partial: Schema.String }),
  Schema.Struct({ ok: Schema.Literal(false), reason: Schema.String })
])

/** The serialiser's answer, or undefined when it is not one. */
export const decodeCaptured = (value: unknown): typeof Captured.Type | undefined => {
  const decoded = Schema.decodeUnknownResult(Captured)(value)
  return Result.isSuccess(decoded) ? decoded.success : undefined
}

export const Message = Schema.Union([Lookup, Save])
export type Message = typeof Message.Type

/** The message, or undefined for anything that is not one of ours (other extensions' or malformed). */
export const decode = (value: unknown): Message | undefined => {
  const decoded = Schema.decodeUnknownResult(Message)(value)
  return Result.isSuccess(decoded) ? decoded.success : undefined
}

/**
 * Answers a message with `handle`; `respond` is called exactly once, with the result or undefined for a foreign
 * message.
 */
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
