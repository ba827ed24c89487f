/** Use cases of the operator: accounts, plans and API keys. */
import { Clock, Effect, Option } from "effect"
import type { Account } from "../Account.js"
import * as ApiKey from "../ApiKey.js"
import * as Base62 from "../Base62.js"
import { NotFound } from "../Errors.js"
import { AccountId, ApiKeyId, isWellFormed } from "../Ids.js"
import * as Pagination from "../Pagination.js"
import * as Text from "../Text.js"
import type { Plan } from "../Plan.js"
import { Accounts } from "../ports/Accounts.js"
import { IdGenerator } from "../ports/IdGenerator.js"

export const createAccount = Effect.fn("CreateAccount")(function*(plan: Plan) {
  const ids = yield* IdGenerator
  const accounts = yield* Accounts
  const now = yield* Clock.currentTimeMillis
  const account: Account = { id: yield* ids.make("account"), plan, createdAt: now, planChangedAt: now }
  yield* accounts.create(account)
  return account
})

export const getAccount = Effect.fn("GetAccount")(function*(id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "account", id })
  const accounts = yield* Accounts
  const found = yield* accounts.get(AccountId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "account", id })
  return { account: found.value, keys: yield* accounts.listKeys(found.value.id) }
})

/** A plan change opens a fresh monthly allowance. */
export const setPlan = Effect.fn("SetPlan")(function*(id: string, plan: Plan) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "account", id })
  const accounts = yield* Accounts
  const updated = yield* accounts.setPlan(AccountId.make(id), plan, yield* Clock.currentTimeMillis)
  if (Option.isNone(updated)) return yield* new NotFound({ resource: "account", id })
  return updated.value
})

/** A new key: `bk_` + 40 unbiased base62 characters. */
export const newKeyText = Effect.fn("ApiKey.generate")(function*() {
  const ids = yield* IdGenerator
  let body = ""
  while (body.length < ApiKey.bodyLength) {
    body += Base62.fromBytes(yield* ids.bytes(64), ApiKey.bodyLength - body.length)
  }
  return ApiKey.prefix + body
})

/** Creates a key; the returned `key` is the only time it is ever shown. */
export const createKey = Effect.fn("CreateApiKey")(function*(accountId: string, label: string, source: ApiKey.KeySource = "api") {
  const { account } = yield* getAccount(accountId)
  const ids = yield* IdGenerator
  const accounts = yield* Accounts
  const key = yield* newKeyText()
  const info: ApiKey.Info = {
    id: yield* ids.make("apiKey"),
    accountId: account.id,
    label,
    masked: ApiKey.mask(key),
    source,
    createdAt: yield* Clock.currentTimeMillis,
    revokedAt: null
  }
  yield* accounts.addKey(info, ApiKey.hash(key))
  return { info, key }
})

/** Revocation takes effect on the key's very next request. */
export const revokeKey = Effect.fn("RevokeApiKey")(function*(id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "key", id })
  const accounts = yield* Accounts
  const revoked = yield* accounts.revokeKey(ApiKeyId.make(id), yield* Clock.currentTimeMillis)
  if (Option.isNone(revoked)) return yield* new NotFound({ resource: "key", id })
  return revoked.value
})

/** One page of accounts, oldest first; `next` is the `after` of the following page, null on the last. */
export const listAccounts = Effect.fn("ListAccounts")(function*(params: { readonly after?: string | undefined; readonly limit?: string | undefined }) {
  const limit = yield* Pagination.parseLimit(params.limit)
  const after = params.after === undefined
    ? Option.none()
    : Option.some(AccountId.make(yield* Text.check("after", params.after)))
  const accounts = yield* Accounts
  const rows = yield* accounts.list({ after, limit: limit + 1 })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return { accounts: page, next: rows.length > limit && last !== undefined ? last.id : null }
})
