/** Handlers of the highlights group. */
import {
  bookmarkHighlights,
  createHighlight,
  deleteHighlight,
  highlightPage,
  updateHighlight
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"

const account = Effect.map(CurrentPrincipal, (principal) => principal.account.id)

export const layer = HttpApiBuilder.group(Api, "highlights", (handlers) =>
  handlers
    .handle("ofBookmark", ({ params }) =>
      Effect.flatMap(account, (id) =>
        Effect.map(bookmarkHighlights(id, params.id), ({ highlights }) => ({ highlights }))))
    .handle("create", ({ params, payload }) =>
      Effect.flatMap(account, (id) =>
        createHighlight(id, params.id, payload)))
    .handle("update", ({ params, payload }) => Effect.flatMap(account, (id) => updateHighlight(id, params.id, payload)))
    .handle("delete", ({ params }) => Effect.flatMap(account, (id) => deleteHighlight(id, params.id)))
    .handle(
      "page",
      ({ query }) => Effect.flatMap(account, (id) => Effect.map(highlightPage(id, query), (r) => r.page))
    ))
