/** Handler of the health probe. */
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "../api/Api.js"
import { Health } from "../server/Health.js"

export const layer = HttpApiBuilder.group(
  Api,
  "health",
  (handlers) =>
    handlers.handle(
      "check",
      () => Effect.flatMap(Health, (health) => health.check).pipe(Effect.as({ status: "ok" as const }))
    )
)
