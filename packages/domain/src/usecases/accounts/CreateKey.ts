/** Use case of the operator and the web app: a new API key for an account, shown once. */
import { Clock, Effect } from "effect"
import * as ApiKey from "../../ApiKey.js"
import * as Base62 from "../../Base62.js"
import { Accounts } from "../../ports/Accounts.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import * as Scope from "../../Scope.js"
import { getAccount } from "./GetAccount.js"

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
export const createKey = Effect.fn("CreateApiKey")(
  function*(
    accountId: string,
    label: string,
    source: ApiKey.KeySource = "api",
    scopes: ReadonlyArray<Scope.Scope> = Scope.all
  ) {
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
      scopes: Scope.normalize(scopes),
      createdAt: yield* Clock.currentTimeMillis,
      revokedAt: null
    }
    yield* accounts.addKey(info, ApiKey.hash(key))
    return { info, key }
  }
)
