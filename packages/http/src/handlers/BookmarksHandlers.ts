/** Handlers of the bookmarks group: the caller's account, a use case, the answer. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { getBookmark, listBookmarks, saveBookmark } from "@bookmarks/domain"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { CurrentPrincipal } from "../Authentication.js"
import { publicBase } from "../Paths.js"

const location = (id: string) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "location", `${publicBase}/bookmarks/${encodeURIComponent(id)}`))
  )

export const layer = HttpApiBuilder.group(Api, "bookmarks", (handlers) =>
  handlers
    .handle("list", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => listBookmarks(account.id, urlParams)))
    .handle("get", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => getBookmark(account.id, path.id)))
    .handle("create", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        saveBookmark(account.id, payload, "api").pipe(Effect.tap((ack) => location(ack.id))))))
