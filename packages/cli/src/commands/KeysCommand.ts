/** `bookmarks keys create|list|revoke`. */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import * as AdminClient from "../AdminClient.js"
import { json, url } from "./Common.js"
import { print } from "./Output.js"

const account = Options.text("account").pipe(Options.withDescription("Account id"))

const create = Command.make(
  "create",
  { account, json, url, label: Options.optional(Options.text("label")) },
  ({ account, json, label, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const key = yield* call(client.admin.createKey({
        path: { id: account },
        payload: Option.match(label, { onNone: () => ({}), onSome: (label) => ({ label }) })
      }))
      yield* print(json, key, () => [
        `Created key ${key.id} (${key.masked}). It is shown only now:`,
        key.key,
        `Use it as: Authorization: Bearer ${key.key}   (or: export BOOKMARKS_API_KEY=${key.key})`
      ])
    })
).pipe(Command.withDescription("Create an API key (shown once)"))

const list = Command.make("list", { account, json, url }, ({ account, json, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const { keys } = yield* call(client.admin.listKeys({ path: { id: account } }))
    yield* print(json, { keys }, () =>
      keys.length === 0 ? ["No keys."] : keys.map((k) =>
        `${k.id}  ${k.masked}  ${k.label}  ${k.revokedAt === null ? "active" : `revoked ${k.revokedAt}`}`
      ))
  })).pipe(Command.withDescription("List an account's keys (masked)"))

const revoke = Command.make("revoke", { id: Args.text({ name: "key-id" }), json, url }, ({ id, json, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const key = yield* call(client.admin.revokeKey({ path: { id } }))
    yield* print(json, key, () => [`Revoked ${key.id} (${key.masked}); its next request is refused.`])
  })).pipe(Command.withDescription("Revoke an API key"))

export const command = Command.make("keys").pipe(
  Command.withDescription("Manage API keys (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([create, list, revoke])
)
