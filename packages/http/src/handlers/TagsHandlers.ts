/** Handlers of the tags group. */
import { listTags } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"

export const layer = HttpApiBuilder.group(
  Api,
  "tags",
  (handlers) => handlers.handle("list", () => Effect.flatMap(CurrentPrincipal, ({ account }) => listTags(account.id)))
)
