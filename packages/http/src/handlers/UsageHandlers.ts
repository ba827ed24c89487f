/** Handlers of the usage group. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { reportUsage } from "@bookmark-library/domain"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { CurrentPrincipal } from "../Authentication.js"

export const layer = HttpApiBuilder.group(Api, "usage", (handlers) =>
  handlers.handle("get", () => Effect.flatMap(CurrentPrincipal, reportUsage)))
