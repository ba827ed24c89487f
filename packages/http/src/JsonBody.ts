/** Contract of the body check: JSON only, at most 64 KiB, well-formed, nested at most 32 deep; it runs after authentication. */
import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import { Schema } from "effect"
import * as Problems from "./Problems.js"

export const maxBytes = 64 * 1024

/** Deepest nesting of arrays and objects accepted; the payloads need 3 (docs/decisions.md, "Request body"). */
export const maxDepth = 32

export class JsonBody extends HttpApiMiddleware.Tag<JsonBody>()("JsonBody", {
  failure: Schema.Union(Problems.PayloadTooLarge, Problems.UnsupportedMediaType, Problems.MalformedJson, Problems.JsonTooDeep)
}) {}
