/**
 * Contract: save a URL with the page's copy from the person's browser (docs/preservation.md, "Copies from the
 * browser"). Additive: `POST /bookmarks` keeps the specification's shape; this endpoint takes the same fields and
 * the serialised page, with a body cap of its own.
 */
import { Bookmark, PageCopy } from "@bookmark-library/domain"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { Authentication } from "./Authentication.js"
import { PageCopyBody } from "./PageCopyBody.js"
import { IdPath, publicBase } from "./Paths.js"

export class PageCopyApi extends HttpApiGroup.make("pageCopies")
  .add(
    HttpApiEndpoint.post("saveWithCopy", "/bookmarks/with-copy", {
      payload: PageCopy.UploadPayload,
      success: Bookmark.Ack.pipe(HttpApiSchema.status(201)),
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "Save a URL with the page as the browser shows it",
      description: "Additive (docs/preservation.md, \"Copies from the browser\"): for pages behind a login or a " +
        "paywall. `html` is the page serialised by the browser extension (one self-contained document); it is " +
        "checked (an HTML document, within the archive's size cap: `ARCHIVE_MAX_BYTES`, 20 MB by default, and " +
        "413 for a body above it plus 64 KiB), cleaned of scripts and event handlers, and kept as the bookmark's " +
        "archived copy (`archiveCapturedBy: browser`). Enrichment reads the title, description, text, summary " +
        "and tags from that copy and **never fetches the URL**. Scope `bookmarks:write`; charged as one request. " +
        "Answers 201 with `Location` like `POST /bookmarks`."
    })),
    HttpApiEndpoint.put("replaceCopy", "/bookmarks/:id/copy", {
      params: IdPath,
      payload: PageCopy.CopyPayload,
      success: Bookmark.Ack,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Replace a saved bookmark's archived copy with the page as the browser shows it",
      description: "Additive (docs/preservation.md, \"Copies from the browser\"): `html` as for " +
        "`POST /bookmarks/with-copy`, same checks and cap. The copy replaces the archived copy " +
        "(`archiveCapturedBy: browser`) and the bookmark is enriched again from it (answer `status: processing`; " +
        "`bookmark.saved` when done); the URL is never fetched. A bookmark still processing, or a text note, is " +
        "refused with 400 naming `html`; another account's bookmark 403, an unknown one 404."
    }))
  )
  .middleware(PageCopyBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Bookmarks" }))
{}
