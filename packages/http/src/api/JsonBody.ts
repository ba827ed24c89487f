/**
 * Contract of the body check: JSON only, at most 64 KiB, well-formed, nested at most 32 deep; it runs after
 * authentication.
 */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as ErrorResponses from "../problems/ErrorResponses.js"

export const maxBytes = 64 * 1024

/** Deepest nesting of arrays and objects accepted; the payloads need 3 (docs/decisions.md, "Request body"). */
export const maxDepth = 32

export class JsonBody extends HttpApiMiddleware.Service<JsonBody>()("JsonBody", {
  error: [
    ErrorResponses.PayloadTooLarge,
    ErrorResponses.UnsupportedMediaType,
    ErrorResponses.MalformedJson,
    ErrorResponses.JsonTooDeep
  ]
}) {}
