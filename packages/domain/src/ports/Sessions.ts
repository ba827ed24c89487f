/** Port: web sessions by the hash of their token, read together with their user and account. */
import { Context, type Option } from "effect"
import type { Account } from "../Account.js"
import type { UserId } from "../Ids.js"
import type * as Session from "../Session.js"
import type { User } from "../User.js"
import type { Storage } from "./Storage.js"

export interface SignedIn {
  readonly session: Session.Record
  readonly user: User
  readonly account: Account
}

export class Sessions extends Context.Service<Sessions, {
  readonly create: (session: Session.Record) => Storage<void>
  /** The session with this hash and its user and account, expired or not; one round trip. */
  readonly find: (hash: string) => Storage<Option.Option<SignedIn>>
  /** Moves the expiry (sliding); nothing when the session is gone. */
  readonly extend: (hash: string, expiresAt: number) => Storage<void>
  readonly delete: (hash: string) => Storage<void>
  /** Ends every session of the user except `keep` (a hash), if given; returns how many ended. */
  readonly deleteForUser: (userId: UserId, keep: Option.Option<string>) => Storage<number>
  /** Forgets sessions that expired before `at`; returns how many. */
  readonly pruneExpired: (at: number) => Storage<number>
}>()("Sessions") {}
