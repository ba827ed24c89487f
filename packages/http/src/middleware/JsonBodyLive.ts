/**
 * The body check behind every JSON endpoint: 415 when a type other than JSON is declared, 413 over 64 KiB (by Content-Length before
 * reading, else while reading), 400 when it is only whitespace, nests deeper than `maxDepth` or does not parse.
 * The body text is read once and cached by the request, so the endpoint's own decoding reuses it; after this
 * check that decoding can neither throw (whitespace is no JSON) nor recurse without bound.
 */
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpMethod from "@effect/platform/HttpMethod"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect, Either, Layer, Option } from "effect"
import { JsonTooDeep, MalformedJson, PayloadTooLarge, UnsupportedMediaType } from "../HttpErrors.js"
import { JsonBody, maxBytes, maxDepth } from "../JsonBody.js"
import * as JsonDepth from "../JsonDepth.js"

/**
 * `application/json`, parameters (charset) aside. Other `+json` types are refused: the endpoint's decoding
 * would not read them as JSON.
 */
export const isJson = (contentType: string): boolean =>
  (contentType.split(";")[0] ?? "").trim().toLowerCase() === "application/json"

const check = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  if (!HttpMethod.hasBody(request.method)) return
  const contentType = request.headers["content-type"]
  // No Content-Type is read as JSON, as the endpoint's decoding does. Another type is refused even without a
  // body: the endpoint's decoding would read an empty body by that type (an empty multipart body cannot be read).
  if (contentType !== undefined && !isJson(contentType)) return yield* new UnsupportedMediaType({ contentType })
  const length = request.headers["content-length"]
  const chunked = request.headers["transfer-encoding"] !== undefined
  if (!chunked && (length === undefined || length.trim() === "0")) return
  if (length !== undefined && Number(length) > maxBytes) return yield* new PayloadTooLarge({ limit: maxBytes })
  const text = yield* request.text.pipe(
    HttpIncomingMessage.withMaxBodySize(Option.some(maxBytes)),
    // With a Content-Length within the limit a read failure is the connection's, not the size's. The error
    // itself is not kept: it holds the whole request.
    Effect.catchAll((e) =>
      length === undefined
        ? new PayloadTooLarge({ limit: maxBytes })
        : Effect.dieMessage(`request body could not be read (${e.reason})`)
    )
  )
  if (text === "") return
  if (text.trim() === "") return yield* new MalformedJson({ blank: true })
  if (JsonDepth.exceeds(text, maxDepth)) return yield* new JsonTooDeep({ limit: maxDepth })
  const parsed = Either.try(() => void JSON.parse(text))
  if (Either.isLeft(parsed)) return yield* new MalformedJson({})
})

export const layer = Layer.succeed(JsonBody, check)
