/** Form bodies (`application/x-www-form-urlencoded`), bounded in size and held to the domain's text rule. */
import { Text } from "@bookmark-library/domain"
import { ByteSize, Data, Effect } from "effect"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpServerRequest from "effect/http/HttpServerRequest"

/** Enough for a 10,000-character note in any script, percent-encoded. */
export const maxBytes = 256 * 1024

export class BadForm
  extends Data.TaggedError("BadForm")<{ readonly reason: "tooLarge" | "text" | "unreadable"; readonly field?: string }>
{}

export const read = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const length = Number(request.headers["content-length"] ?? "0")
  if (length > maxBytes) return yield* new BadForm({ reason: "tooLarge" })
  const text = yield* request.text.pipe(
    Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxBytes)),
    Effect.mapError(() => new BadForm({ reason: "unreadable" }))
  )
  const form: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    if (Text.problem(name) !== undefined || Text.problem(value) !== undefined) {
      return yield* new BadForm({ reason: "text", field: name })
    }
    // A field sent twice keeps its first value; checkboxes that repeat are read with `all`.
    if (!(name in form)) form[name] = value
    else form[`${name}[]`] = `${form[`${name}[]`] ?? form[name]}\n${value}`
  }
  return form
})

/** Every value of a repeated field (checkboxes). */
export const all = (form: Readonly<Record<string, string>>, name: string): ReadonlyArray<string> =>
  (form[`${name}[]`] ?? form[name] ?? "").split("\n").filter((v) => v !== "")

export const field = (form: Readonly<Record<string, string>>, name: string): string => form[name] ?? ""
