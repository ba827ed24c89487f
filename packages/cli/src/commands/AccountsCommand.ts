/** `bookmarks accounts create|show|set-plan`. */
import { Args, Command, Options } from "@effect/cli"
import { Effect } from "effect"
import * as AdminClient from "../AdminClient.js"
import { loadConfig } from "../LoadConfig.js"
import { print } from "./Output.js"

const plans = ["free", "plus", "ultra"] as const
const json = Options.boolean("json").pipe(Options.withDescription("Print JSON"))
const plan = Options.choice("plan", plans).pipe(Options.withDescription("Plan: free, plus or ultra"))
const id = Args.text({ name: "account-id" })

const create = Command.make("create", { json, plan: Options.withDefault(plan, "free") }, ({ json, plan }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(yield* loadConfig)
    const account = yield* call(client.admin.createAccount({ payload: { plan } }))
    yield* print(json, account, () => [
      `Created account ${account.id} on the ${account.plan} plan.`,
      `Next: npx bookmarks keys create --account ${account.id}`
    ])
  })).pipe(Command.withDescription("Create an account"))

const show = Command.make("show", { json, id }, ({ id, json }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(yield* loadConfig)
    const account = yield* call(client.admin.getAccount({ path: { id } }))
    yield* print(json, account, () => [
      `Account ${account.id}: plan ${account.plan} (since ${account.planChangedAt}), created ${account.createdAt}`,
      ...(account.keys.length === 0 ? ["No keys."] : account.keys.map((k) =>
        `  ${k.id}  ${k.masked}  ${k.label === "" ? "" : `"${k.label}"  `}${k.revokedAt === null ? "active" : `revoked ${k.revokedAt}`}`
      ))
    ])
  })).pipe(Command.withDescription("Show an account and its keys"))

const setPlan = Command.make("set-plan", { json, id, plan }, ({ id, json, plan }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(yield* loadConfig)
    const account = yield* call(client.admin.setPlan({ path: { id }, payload: { plan } }))
    yield* print(json, account, () => [`Account ${account.id} is now on ${account.plan}; a fresh monthly allowance starts now.`])
  })).pipe(Command.withDescription("Change an account's plan"))

export const command = Command.make("accounts").pipe(
  Command.withDescription("Manage accounts"),
  Command.withSubcommands([create, show, setPlan])
)
