/** Handler of the health probe. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Health } from "../Health.js"

export const layer = HttpApiBuilder.group(Api, "health", (handlers) =>
  handlers.handle("check", () =>
    Effect.flatMap(Health, (health) => health.check).pipe(Effect.as({ status: "ok" as const }))))
