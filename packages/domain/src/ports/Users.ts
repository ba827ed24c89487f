/** Port: the people of each account, found by email; passwords only as their hashes. */
import { Context, type Option } from "effect"
import type { AccountId, UserId } from "../Ids.js"
import type { User } from "../User.js"
import type { Storage } from "./Storage.js"

export interface StoredUser {
  readonly user: User
  readonly passwordHash: string
}

/** `created`, or why not: the email belongs to someone, or (with `onlyIfFirst`) a user exists already. */
export type CreateOutcome = "created" | "emailTaken" | "notFirst"

export class Users extends Context.Tag("Users")<Users, {
  /**
   * Stores a user unless the email is taken. With `onlyIfFirst`, only while the server has no user at all; two
   * concurrent first users cannot both be created.
   */
  readonly create: (user: User, passwordHash: string, options: { readonly onlyIfFirst: boolean }) => Storage<CreateOutcome>
  readonly findByEmail: (email: string) => Storage<Option.Option<StoredUser>>
  readonly get: (id: UserId) => Storage<Option.Option<StoredUser>>
  /** Whether any user exists on this server (the first-run offer ends with the first one). */
  readonly any: Storage<boolean>
  /** False when the user does not exist. */
  readonly setPasswordHash: (id: UserId, passwordHash: string) => Storage<boolean>
  readonly listForAccount: (accountId: AccountId) => Storage<ReadonlyArray<User>>
}>() {}
