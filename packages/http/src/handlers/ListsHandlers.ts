/** Handlers of the lists group. */
import {
  addToList,
  bookmarkLists,
  createList,
  deleteList,
  listLists,
  listPage,
  removeFromList,
  updateList
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"

const account = Effect.map(CurrentPrincipal, (principal) => principal.account.id)

export const layer = HttpApiBuilder.group(Api, "lists", (handlers) =>
  handlers
    .handle("list", () => Effect.flatMap(account, listLists))
    .handle("create", ({ payload }) => Effect.flatMap(account, (id) => createList(id, payload)))
    .handle("update", ({ params, payload }) => Effect.flatMap(account, (id) => updateList(id, params.id, payload)))
    .handle("delete", ({ params }) => Effect.flatMap(account, (id) => deleteList(id, params.id)))
    .handle("bookmarks", ({ params, query }) => Effect.flatMap(account, (id) => listPage(id, params.id, query)))
    .handle("add", ({ params, payload }) =>
      Effect.flatMap(account, (id) => addToList(id, params.id, payload.bookmarkIds)))
    .handle("remove", ({ params }) =>
      Effect.flatMap(account, (id) => removeFromList(id, params.id, [params.bookmarkId])))
    .handle("ofBookmark", ({ params }) => Effect.flatMap(account, (id) => bookmarkLists(id, params.id))))
