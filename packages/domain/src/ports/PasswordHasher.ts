/** Port: a slow, salted password hash and its constant-time check (scrypt in production). */
import { Context, type Effect } from "effect"

export class PasswordHasher extends Context.Service<PasswordHasher, {
  /** A self-describing string (algorithm, parameters, salt, hash); a fresh salt every time. */
  readonly hash: (password: string) => Effect.Effect<string>
  /**
   * Whether `password` matches `stored`, in time that does not depend on where they differ; false for a malformed
   * `stored`.
   */
  readonly verify: (password: string, stored: string) => Effect.Effect<boolean>
}>()("PasswordHasher") {}
