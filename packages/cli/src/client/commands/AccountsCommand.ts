/** `bookmarks accounts create|list|show|set-plan|recount-storage`. */
import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { CliFailure } from "../../CliFailure.js"
import * as AdminClient from "../AdminClient.js"
import { print } from "../Output.js"
import { json, url } from "./Flags.js"

const plans = ["free", "plus", "ultra"] as const
const plan = Flag.Literals("plan", plans).pipe(Flag.withDescription("Plan: free, plus or ultra"))
const id = Argument.String("account-id")

const create = Command.make(
  "create",
  { json, url, plan: Flag.withDefault(plan, "free") },
  ({ json, plan, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const account = yield* call(client.admin.createAccount({ payload: { plan } }))
      yield* print(json, account, () => [
        `Created account ${account.id} on the ${account.plan} plan.`,
        `Next: npx bookmarks keys create --account ${account.id}`
      ])
    })
).pipe(Command.withDescription("Create an account"))

const list = Command.make(
  "list",
  {
    json,
    url,
    limit: Flag.Int("limit").pipe(Flag.withDescription("Accounts per page (1-100, default 50)"), Flag.optional),
    after: Flag.String("after").pipe(
      Flag.withDescription("Start after this account id (the 'next' of a page)"),
      Flag.optional
    ),
    all: Flag.Boolean("all").pipe(Flag.withDescription("Follow the pages to the end"), Flag.withDefault(false))
  },
  ({ after, all, json, limit, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const page = (from: Option.Option<string>) =>
        call(client.admin.listAccounts({
          query: {
            ...Option.match(limit, { onNone: () => ({}), onSome: (n) => ({ limit: String(n) }) }),
            ...Option.match(from, { onNone: () => ({}), onSome: (a) => ({ after: a }) })
          }
        }))
      let answer = yield* page(after)
      const accounts = [...answer.accounts]
      if (all) {
        while (answer.next !== null) {
          answer = yield* page(Option.some(answer.next))
          accounts.push(...answer.accounts)
        }
      }
      yield* print(json, { accounts, next: answer.next }, () => [
        ...(accounts.length === 0 ?
          ["No accounts."] :
          accounts.map((a) => `${a.id}  ${a.plan.padEnd(5)}  created ${a.createdAt}`)),
        ...(answer.next === null ? [] : [`More: bookmarks accounts list --after ${answer.next}   (or --all)`])
      ])
    })
).pipe(Command.withDescription("List accounts, oldest first"))

const show = Command.make("show", { json, url, id }, ({ id, json, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const account = yield* call(client.admin.getAccount({ params: { id } }))
    yield* print(json, account, () => [
      `Account ${account.id}: plan ${account.plan} (since ${account.planChangedAt}), created ${account.createdAt}`,
      ...(account.keys.length === 0 ?
        ["No keys."] :
        account.keys.map((k) =>
          `  ${k.id}  ${k.masked}  ${k.label === "" ? "" : `"${k.label}"  `}${
            k.revokedAt === null ? "active" : `revoked ${k.revokedAt}`
          }`
        ))
    ])
  })).pipe(Command.withDescription("Show an account and its keys"))

const setPlan = Command.make("set-plan", { json, url, id, plan }, ({ id, json, plan, url }) =>
  Effect.gen(function*() {
    const { call, client } = yield* AdminClient.make(url)
    const account = yield* call(client.admin.setPlan({ params: { id }, payload: { plan } }))
    yield* print(
      json,
      account,
      () => [`Account ${account.id} is now on ${account.plan}; a fresh monthly allowance starts now.`]
    )
  })).pipe(Command.withDescription("Change an account's plan"))

const bytes = (n: number) => `${n.toLocaleString("en")} bytes`

/**
 * One account, or every account a page at a time (`--all`): one request per account keeps each answer short, and
 * the printed ids show where to resume (`--after`) if it stops.
 */
const recountStorage = Command.make(
  "recount-storage",
  {
    json,
    url,
    id: Argument.String("account-id").pipe(Argument.optional),
    all: Flag.Boolean("all").pipe(Flag.withDescription("Recount every account, oldest first"), Flag.withDefault(false)),
    after: Flag.String("after").pipe(
      Flag.withDescription("With --all: start after this account id (where an earlier run stopped)"),
      Flag.optional
    )
  },
  ({ after, all, id, json, url }) =>
    Effect.gen(function*() {
      if (Option.isSome(id) === all) {
        return yield* new CliFailure({ message: "name one account id, or --all for every account" })
      }
      const { call, client } = yield* AdminClient.make(url)
      const recount = (account: string) =>
        call(client.admin.recountStorage({ params: { id: account } })).pipe(
          Effect.tap((r) =>
            json ? Effect.void : print(false, r, () => [
              `${r.id}  ${bytes(r.before)} -> ${bytes(r.bytes)}  (${r.assets} assets stored${
                r.missing === 0 ? "" : `, ${r.missing} counted but gone`
              })`
            ])
          )
        )
      if (Option.isSome(id)) {
        const recounted = yield* recount(id.value)
        if (json) yield* print(true, recounted, () => [])
        return
      }
      const recounted = []
      let next = after
      do {
        const page = yield* call(client.admin.listAccounts({
          query: Option.match(next, { onNone: () => ({}), onSome: (a) => ({ after: a }) })
        }))
        for (const account of page.accounts) recounted.push(yield* recount(account.id))
        next = Option.fromNullishOr(page.next)
      } while (Option.isSome(next))
      yield* print(json, { accounts: recounted }, () => [`Recounted ${recounted.length} accounts.`])
    })
).pipe(Command.withDescription("Recount the storage accounts use from the assets in the store"))

export const command = Command.make("accounts").pipe(
  Command.withDescription("Manage accounts (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([create, list, show, setPlan, recountStorage])
)
