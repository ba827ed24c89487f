/** `bookmarks webhooks enable ID`. */
import { Effect } from "effect"
import { Argument, Command } from "effect/cli"
import * as AdminClient from "../AdminClient.js"
import { print } from "../Output.js"
import { json, url } from "./Flags.js"

const enable = Command.make(
  "enable",
  { id: Argument.String("webhook-id"), json, url },
  ({ id, json, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const hook = yield* call(client.admin.enableWebhook({ params: { id } }))
      yield* print(json, hook, () => [`Webhook ${hook.id} (${hook.url}) is active again.`])
    })
).pipe(Command.withDescription("Re-activate a deactivated webhook"))

export const command = Command.make("webhooks").pipe(
  Command.withDescription("Manage webhooks (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([enable])
)
