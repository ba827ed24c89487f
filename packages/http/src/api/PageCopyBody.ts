/**
 * Contract of the body check of `POST /bookmarks/with-copy`: the JSON body check (JsonBody.ts) with a larger size
 * cap, the archive's copy cap plus room for the other fields (413 above it).
 */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as ErrorResponses from "../problems/ErrorResponses.js"

export class PageCopyBody extends HttpApiMiddleware.Service<PageCopyBody>()("PageCopyBody", {
  error: [
    ErrorResponses.PayloadTooLarge,
    ErrorResponses.UnsupportedMediaType,
    ErrorResponses.MalformedJson,
    ErrorResponses.JsonTooDeep
  ]
}) {}
