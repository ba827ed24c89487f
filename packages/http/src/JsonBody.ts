/** Contract of the body check: JSON only, at most 64 KiB, well-formed; it runs after authentication. */
import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import { Schema } from "effect"
import * as Problems from "./Problems.js"

export const maxBytes = 64 * 1024

export class JsonBody extends HttpApiMiddleware.Tag<JsonBody>()("JsonBody", {
  failure: Schema.Union(Problems.PayloadTooLarge, Problems.UnsupportedMediaType, Problems.MalformedJson)
}) {}
