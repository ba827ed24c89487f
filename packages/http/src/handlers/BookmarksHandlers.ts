/** Handlers of the bookmarks group: the caller's account, a use case, the answer. */
import {
  Actor,
  ApiKey,
  type Bookmark,
  bulkProgress,
  getBookmark,
  listBookmarks,
  type Page,
  reviewGeneratedTags,
  saveBookmark,
  startBulk
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Api } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { publicBase } from "../api/Paths.js"

const location = (id: string) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      HttpServerResponse.setHeader(response, "location", `${publicBase}/bookmarks/${encodeURIComponent(id)}`)
    )
  )

/**
 * A view the use case built field by field (`Bookmark.present`, `presentRow`), typed by the endpoint's schema,
 * answered as JSON without encoding it again through that schema: the encoding changes nothing for these
 * views (plain strings, numbers and arrays) and costs more than the rest of a read.
 */
const json = <A extends Bookmark.Bookmark | Page>(view: A) => HttpServerResponse.jsonUnsafe(view)

export const layer = HttpApiBuilder.group(Api, "bookmarks", (handlers) =>
  handlers
    .handle("list", ({ query }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => Effect.map(listBookmarks(account.id, query), json)))
    .handle("get", ({ params }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        Effect.map(getBookmark(account.id, params.id), json)))
    // A save with the extension's key is the extension's (docs/extension.md, "Connect").
    .handle("create", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account, key }) =>
        saveBookmark(account.id, payload, ApiKey.savesAs(key.source)).pipe(Effect.tap((ack) =>
          location(ack.id)
        ))))
    .handle("reviewGeneratedTags", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        reviewGeneratedTags(account.id, payload)))
    .handle("batch", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        startBulk(account.id, payload, "api")))
    .handle("batchProgress", ({ params }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        bulkProgress(Actor.account(account.id), params.id))))
