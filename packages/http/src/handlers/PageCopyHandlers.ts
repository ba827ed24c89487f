/**
 * Handlers of the page copies from the browser: a save with the copy (`Location` like a plain save), and a new copy
 * of a saved bookmark.
 */
import { ApiKey, replaceCopy, saveWithCopy } from "@bookmark-library/domain"
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

export const layer = HttpApiBuilder.group(Api, "pageCopies", (handlers) =>
  handlers
    .handle("saveWithCopy", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account, key }) =>
        saveWithCopy(account.id, payload, ApiKey.savesAs(key.source)).pipe(Effect.tap((ack) =>
          location(ack.id)
        ))))
    .handle("replaceCopy", ({ params, payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        replaceCopy(account.id, params.id, payload))))
