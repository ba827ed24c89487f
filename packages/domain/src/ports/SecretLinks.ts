/** Port: secret links (feeds of a list or a tag), found by their token's hash. */
import { Context, type Option } from "effect"
import type { AccountId, SecretLinkId } from "../Ids.js"
import type * as SecretLink from "../SecretLink.js"
import type { Storage } from "./Storage.js"

export class SecretLinks extends Context.Service<SecretLinks, {
  /** Inserts unless the account has `max` links that are not revoked; false when full. */
  readonly insert: (link: SecretLink.Record, max: number) => Storage<boolean>
  /** The account's links, newest first, revoked ones included. */
  readonly list: (accountId: AccountId) => Storage<ReadonlyArray<SecretLink.Record>>
  readonly get: (id: SecretLinkId) => Storage<Option.Option<SecretLink.Record>>
  /** The link whose token has this SHA-256 (hex), revoked or not. */
  readonly findByHash: (tokenHash: string) => Storage<Option.Option<SecretLink.Record>>
  /** Marks it revoked at `at` (once); false when there is no such link. */
  readonly revoke: (id: SecretLinkId, at: number) => Storage<boolean>
}>()("SecretLinks") {}
