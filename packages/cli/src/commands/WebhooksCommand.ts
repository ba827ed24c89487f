/** `bookmarks webhooks enable ID`. */
import { Args, Command } from "@effect/cli"
import { Effect } from "effect"
import * as AdminClient from "../AdminClient.js"
import { json, url } from "./Common.js"
import { print } from "./Output.js"

const enable = Command.make("enable", { id: Args.text({ name: "webhook-id" }), json, url }, ({ id, json, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const hook = yield* call(client.admin.enableWebhook({ path: { id } }))
    yield* print(json, hook, () => [`Webhook ${hook.id} (${hook.url}) is active again.`])
  })).pipe(Command.withDescription("Re-activate a deactivated webhook"))

export const command = Command.make("webhooks").pipe(
  Command.withDescription("Manage webhooks (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([enable])
)
