/** `bookmarks webhooks enable ID`. */
import { Args, Command, Options } from "@effect/cli"
import { Effect } from "effect"
import * as AdminClient from "../AdminClient.js"
import { loadConfig } from "../LoadConfig.js"
import { print } from "./Output.js"

const enable = Command.make(
  "enable",
  { id: Args.text({ name: "webhook-id" }), json: Options.boolean("json") },
  ({ id, json }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(yield* loadConfig)
      const hook = yield* call(client.admin.enableWebhook({ path: { id } }))
      yield* print(json, hook, () => [`Webhook ${hook.id} (${hook.url}) is active again.`])
    })
).pipe(Command.withDescription("Re-activate a deactivated webhook"))

export const command = Command.make("webhooks").pipe(
  Command.withDescription("Manage webhooks"),
  Command.withSubcommands([enable])
)
