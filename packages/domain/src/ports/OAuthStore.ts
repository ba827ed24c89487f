/**
 * Port: the OAuth authorization server's records (docs/oauth.md): registered clients, codes and tokens, each code
 * and token stored by its hash only. A grant is an API key of source `oauth` (Accounts); its tokens act as it.
 */
import { Context, type Option } from "effect"
import type { Client, StoredCode, StoredToken } from "../OAuth.js"
import type { KeyOwner } from "./Accounts.js"
import type { Storage } from "./Storage.js"

/** An access token with the key (grant) and account it acts as. */
export interface AccessTokenOwner {
  readonly owner: KeyOwner
  readonly clientId: string
  readonly resource: string
  readonly expiresAt: number
}

/** A code or refresh token taken for use: `firstUse` false means it had been used before (a replay). */
export interface Taken<A> {
  readonly record: A
  readonly firstUse: boolean
  /** For a code used before: the grant it was exchanged for, to revoke. */
  readonly keyId: string | null
}

export class OAuthStore extends Context.Service<OAuthStore, {
  readonly addClient: (client: Client) => Storage<void>
  readonly findClient: (id: string) => Storage<Option.Option<Client>>
  readonly addCode: (code: StoredCode) => Storage<void>
  /** Marks the code used at `at` (the first use only) and returns it; none when no code has this hash. */
  readonly takeCode: (hash: string, at: number) => Storage<Option.Option<Taken<StoredCode>>>
  /** Records the grant a code was exchanged for (so a replay of the code revokes it). */
  readonly codeExchanged: (hash: string, keyId: string) => Storage<void>
  readonly addToken: (token: StoredToken) => Storage<void>
  /** Marks the refresh token used at `at` (the first use only) and returns it; none when unknown. */
  readonly takeRefreshToken: (hash: string, at: number) => Storage<Option.Option<Taken<StoredToken>>>
  /** The access token with this hash, its grant and account (revoked or not); one round trip. */
  readonly findAccessToken: (hash: string) => Storage<Option.Option<AccessTokenOwner>>
}>()("OAuthStore") {}
