/** Handlers of the usage group. */
import { reportUsage } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"

export const layer = HttpApiBuilder.group(
  Api,
  "usage",
  (handlers) => handlers.handle("get", () => Effect.flatMap(CurrentPrincipal, reportUsage))
)
