/**
 * Port: the people of each account, found by email or by the provider identity they sign in with (issuer and
 * subject of an OpenID Connect provider); passwords only as their hashes.
 */
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

/** A provider identity (OpenID Connect `iss` and `sub`) that signs a user in. */
export interface IdentityLink {
  readonly userId: UserId
  readonly issuer: string
  readonly subject: string
  readonly createdAt: number
}

export class Users extends Context.Service<Users, {
  /**
   * Stores a user unless the email is taken. With `onlyIfFirst`, only while the server has no user at all; two
   * concurrent first users cannot both be created.
   */
  readonly create: (
    user: User,
    passwordHash: string,
    options: { readonly onlyIfFirst: boolean }
  ) => Storage<CreateOutcome>
  readonly findByEmail: (email: string) => Storage<Option.Option<StoredUser>>
  readonly get: (id: UserId) => Storage<Option.Option<StoredUser>>
  /** Whether any user exists on this server (the first-run offer ends with the first one). */
  readonly any: Storage<boolean>
  /** False when the user does not exist. */
  readonly setPasswordHash: (id: UserId, passwordHash: string) => Storage<boolean>
  readonly listForAccount: (accountId: AccountId) => Storage<ReadonlyArray<User>>
  /** The user an identity is linked to. */
  readonly findByIdentity: (issuer: string, subject: string) => Storage<Option.Option<StoredUser>>
  /**
   * Links an identity to a user: `linked` (also when it is linked to that user already), `taken` when it is linked
   * to another user (an identity signs in one person), `noUser` when the user does not exist.
   */
  readonly linkIdentity: (link: IdentityLink) => Storage<"linked" | "taken" | "noUser">
}>()("Users") {}
