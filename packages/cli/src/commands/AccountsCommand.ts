/** `bookmarks accounts create|list|show|set-plan`. */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import * as AdminClient from "../AdminClient.js"
import { json, url } from "./Common.js"
import { print } from "./Output.js"

const plans = ["free", "plus", "ultra"] as const
const plan = Options.choice("plan", plans).pipe(Options.withDescription("Plan: free, plus or ultra"))
const id = Args.text({ name: "account-id" })

const create = Command.make("create", { json, url, plan: Options.withDefault(plan, "free") }, ({ json, plan, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const account = yield* call(client.admin.createAccount({ payload: { plan } }))
    yield* print(json, account, () => [
      `Created account ${account.id} on the ${account.plan} plan.`,
      `Next: npx bookmarks keys create --account ${account.id}`
    ])
  })).pipe(Command.withDescription("Create an account"))

const list = Command.make(
  "list",
  {
    json,
    url,
    limit: Options.integer("limit").pipe(Options.withDescription("Accounts per page (1-100, default 50)"), Options.optional),
    after: Options.text("after").pipe(Options.withDescription("Start after this account id (the 'next' of a page)"), Options.optional),
    all: Options.boolean("all").pipe(Options.withDescription("Follow the pages to the end"))
  },
  ({ after, all, json, limit, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const page = (from: Option.Option<string>) =>
        call(client.admin.listAccounts({
          urlParams: {
            ...Option.match(limit, { onNone: () => ({}), onSome: (n) => ({ limit: String(n) }) }),
            ...Option.match(from, { onNone: () => ({}), onSome: (a) => ({ after: a }) })
          }
        }))
      let answer = yield* page(after)
      const accounts = [...answer.accounts]
      while (all && answer.next !== null) {
        answer = yield* page(Option.some(answer.next))
        accounts.push(...answer.accounts)
      }
      yield* print(json, { accounts, next: answer.next }, () => [
        ...(accounts.length === 0 ? ["No accounts."] : accounts.map((a) =>
          `${a.id}  ${a.plan.padEnd(5)}  created ${a.createdAt}`
        )),
        ...(answer.next === null ? [] : [`More: bookmarks accounts list --after ${answer.next}   (or --all)`])
      ])
    })
).pipe(Command.withDescription("List accounts, oldest first"))

const show = Command.make("show", { json, url, id }, ({ id, json, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const account = yield* call(client.admin.getAccount({ path: { id } }))
    yield* print(json, account, () => [
      `Account ${account.id}: plan ${account.plan} (since ${account.planChangedAt}), created ${account.createdAt}`,
      ...(account.keys.length === 0 ? ["No keys."] : account.keys.map((k) =>
        `  ${k.id}  ${k.masked}  ${k.label === "" ? "" : `"${k.label}"  `}${k.revokedAt === null ? "active" : `revoked ${k.revokedAt}`}`
      ))
    ])
  })).pipe(Command.withDescription("Show an account and its keys"))

const setPlan = Command.make("set-plan", { json, url, id, plan }, ({ id, json, plan, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const account = yield* call(client.admin.setPlan({ path: { id }, payload: { plan } }))
    yield* print(json, account, () => [`Account ${account.id} is now on ${account.plan}; a fresh monthly allowance starts now.`])
  })).pipe(Command.withDescription("Change an account's plan"))

export const command = Command.make("accounts").pipe(
  Command.withDescription("Manage accounts (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([create, list, show, setPlan])
)
