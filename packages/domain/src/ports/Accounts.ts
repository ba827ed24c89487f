/** Port: accounts, plans and API keys. */
import { Context, type Option } from "effect"
import type { Account } from "../Account.js"
import type * as ApiKey from "../ApiKey.js"
import type { AccountId, ApiKeyId } from "../Ids.js"
import type { Plan } from "../Plan.js"
import type { Storage } from "./Storage.js"

export interface KeyOwner {
  readonly account: Account
  readonly key: ApiKey.Info
}

export class Accounts extends Context.Service<Accounts, {
  readonly create: (account: Account) => Storage<void>
  readonly get: (id: AccountId) => Storage<Option.Option<Account>>
  /** Up to `limit` accounts, oldest first (ties by id), after the account `after` (none if it does not exist). */
  readonly list: (
    page: { readonly after: Option.Option<AccountId>; readonly limit: number }
  ) => Storage<ReadonlyArray<Account>>
  /** Sets the plan and `planChangedAt`; none when the account does not exist. */
  readonly setPlan: (id: AccountId, plan: Plan, at: number) => Storage<Option.Option<Account>>
  /** Stores a key by its hash; the key itself is never stored. */
  readonly addKey: (key: ApiKey.Info, hash: string) => Storage<void>
  readonly listKeys: (id: AccountId) => Storage<ReadonlyArray<ApiKey.Info>>
  /** Marks a key revoked (idempotent); none when it does not exist. */
  readonly revokeKey: (id: ApiKeyId, at: number) => Storage<Option.Option<ApiKey.Info>>
  /** The key with this hash and its account, revoked or not; one round trip. */
  readonly findByKeyHash: (hash: string) => Storage<Option.Option<KeyOwner>>
}>()("Accounts") {}
