/** Handlers of the tags group. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { listTags } from "@bookmark-library/domain"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { CurrentPrincipal } from "../Authentication.js"

export const layer = HttpApiBuilder.group(Api, "tags", (handlers) =>
  handlers.handle("list", () => Effect.flatMap(CurrentPrincipal, ({ account }) => listTags(account.id))))
