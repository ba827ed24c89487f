/** Handlers of the bookmarks group: the caller's account, a use case, the answer. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { type Bookmark, getBookmark, listBookmarks, type Page, saveBookmark } from "@bookmark-library/domain"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { CurrentPrincipal } from "../Authentication.js"
import { publicBase } from "../Paths.js"

const location = (id: string) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "location", `${publicBase}/bookmarks/${encodeURIComponent(id)}`))
  )

/**
 * A view the use case built field by field (`Bookmark.present`, `presentRow`), typed by the endpoint's schema,
 * answered as JSON without encoding it again through that schema: the encoding changes nothing for these
 * views (plain strings, numbers and arrays) and costs more than the rest of a read.
 */
const json = <A extends Bookmark.Bookmark | Page>(view: A) => HttpServerResponse.unsafeJson(view)

export const layer = HttpApiBuilder.group(Api, "bookmarks", (handlers) =>
  handlers
    .handle("list", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => Effect.map(listBookmarks(account.id, urlParams), json)))
    .handle("get", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => Effect.map(getBookmark(account.id, path.id), json)))
    // A save with the extension's key is the extension's (docs/extension.md, "Connect").
    .handle("create", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account, key }) =>
        saveBookmark(account.id, payload, key.source).pipe(Effect.tap((ack) => location(ack.id))))))
