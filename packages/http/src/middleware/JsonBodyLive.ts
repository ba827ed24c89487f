/**
 * The body check behind every JSON endpoint: 415 when a type other than JSON is declared, 413 over 64 KiB (by
 * Content-Length before reading, else while reading), 400 when it is only whitespace, nests deeper than `maxDepth` or
 * does not parse. The body text is read once and cached by the request, so the endpoint's own decoding reuses it; after
 * this check that decoding can neither throw (whitespace is no JSON) nor recurse without bound.
 */
import { ByteSize, Effect, Layer, Result } from "effect"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpMethod from "effect/http/HttpMethod"
import type { HttpServerError } from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { JsonBody, maxBytes, maxDepth } from "../api/JsonBody.js"
import { JsonTooDeep, MalformedJson, PayloadTooLarge, UnsupportedMediaType } from "../problems/HttpErrors.js"
import * as JsonDepth from "./JsonDepth.js"

/**
 * `application/json`, parameters (charset) aside. Other `+json` types are refused: the endpoint's decoding
 * would not read them as JSON.
 */
export const isJson = (contentType: string): boolean =>
  (contentType.split(";")[0] ?? "").trim().toLowerCase() === "application/json"

/**
 * A read of the body under the limit (the request caches the text, so the endpoint's decoding reads it under the
 * same cap). With a Content-Length within the limit a read failure is the connection's, not the size's. The error
 * itself is not kept: it holds the whole request.
 */
const readBounded = <A>(read: Effect.Effect<A, HttpServerError>, length: string | undefined, maxBytes: number) =>
  read.pipe(
    Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxBytes)),
    Effect.catch((e) =>
      length === undefined
        ? new PayloadTooLarge({ limit: maxBytes })
        : Effect.die(new Error(`request body could not be read (${e.reason._tag})`))
    )
  )

/** The check with a size cap of `maxBytes` (64 KiB for JSON endpoints; a page copy's upload has a larger one). */
export const checkWith = (maxBytes: number) =>
  Effect.gen(function*() {
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
    const bytes = new Uint8Array(yield* readBounded(request.arrayBuffer, length, maxBytes))
    // A byte-order mark is not JSON (RFC 8259 §8.1: "MUST NOT add"); the platform's text decoding would drop it.
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return yield* new MalformedJson({})
    // The text is decoded from the bytes just read (the request caches them), so this read cannot fail again.
    const text = yield* readBounded(request.text, length, maxBytes)
    if (text === "") return
    if (text.trim() === "") return yield* new MalformedJson({ blank: true })
    if (JsonDepth.exceeds(text, maxDepth)) return yield* new JsonTooDeep({ limit: maxDepth })
    const parsed = Result.try(() => void JSON.parse(text))
    if (Result.isFailure(parsed)) return yield* new MalformedJson({})
  })

const check = checkWith(maxBytes)

export const layer = Layer.succeed(JsonBody, JsonBody.of((httpEffect) => Effect.andThen(check, httpEffect)))
