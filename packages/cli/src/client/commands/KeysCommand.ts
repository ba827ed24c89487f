/** `bookmarks keys create|list|revoke`; `create --scopes` narrows a key (docs/oauth.md, "Scopes"). */
import { Scope } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { CliFailure } from "../../CliFailure.js"
import * as AdminClient from "../AdminClient.js"
import { print } from "../Output.js"
import { json, url } from "./Flags.js"

const account = Flag.String("account").pipe(Flag.withDescription("Account id"))

const scopes = Flag.String("scopes").pipe(
  Flag.withDescription(`Comma-separated scopes the key may use (${Scope.all.join(", ")}); default all`),
  Flag.optional
)

/** `--scopes a,b` as scope names, or one line naming the unknown one (checked before anything is sent). */
export const parseScopes = (text: string): Effect.Effect<ReadonlyArray<Scope.Scope>, CliFailure> => {
  const names = text.split(/[\s,]+/).filter((name) => name !== "")
  const unknown = names.find((name) => !Scope.isScope(name))
  if (unknown !== undefined) {
    return Effect.fail(
      new CliFailure({ message: `--scopes: unknown scope '${unknown}' (known: ${Scope.all.join(", ")})` })
    )
  }
  if (names.length === 0) {
    return Effect.fail(new CliFailure({ message: `--scopes: name at least one of ${Scope.all.join(", ")}` }))
  }
  return Effect.succeed(Scope.normalize(names.filter(Scope.isScope)))
}

const create = Command.make(
  "create",
  { account, json, url, label: Flag.optional(Flag.String("label")), scopes },
  ({ account, json, label, scopes, url }) =>
    Effect.gen(function*() {
      const narrowed = Option.isSome(scopes) ? Option.some(yield* parseScopes(scopes.value)) : Option.none()
      const { call, client } = yield* AdminClient.make(url)
      const key = yield* call(client.admin.createKey({
        params: { id: account },
        payload: {
          ...Option.match(label, { onNone: () => ({}), onSome: (label) => ({ label }) }),
          ...Option.match(narrowed, { onNone: () => ({}), onSome: (scopes) => ({ scopes }) })
        }
      }))
      yield* print(json, key, () => [
        `Created key ${key.id} (${key.masked}) with ${
          Option.match(narrowed, { onNone: () => "every scope", onSome: (s) => `only ${s.join(", ")}` })
        }. It is shown only now:`,
        key.key,
        `Use it as: Authorization: Bearer ${key.key}   (or: export BOOKMARKS_API_KEY=${key.key})`
      ])
    })
).pipe(Command.withDescription("Create an API key (shown once)"))

const list = Command.make("list", { account, json, url }, ({ account, json, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const { keys } = yield* call(client.admin.listKeys({ params: { id: account } }))
    yield* print(json, { keys }, () =>
      keys.length === 0 ?
        ["No keys."] :
        keys.map((k) =>
          `${k.id}  ${k.masked}  ${k.label}  ${k.scopes.join(",")}  ${
            k.revokedAt === null ? "active" : `revoked ${k.revokedAt}`
          }`
        ))
  })).pipe(Command.withDescription("List an account's keys (masked)"))

const revoke = Command.make(
  "revoke",
  { id: Argument.String("key-id"), json, url },
  ({ id, json, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const key = yield* call(client.admin.revokeKey({ params: { id } }))
      yield* print(json, key, () => [`Revoked ${key.id} (${key.masked}); its next request is refused.`])
    })
).pipe(Command.withDescription("Revoke an API key"))

export const command = Command.make("keys").pipe(
  Command.withDescription("Manage API keys (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([create, list, revoke])
)
