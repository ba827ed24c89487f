/** People: the users of an account, who sign in to the web app with an email and a password (docs/people.md). */
import { Result, Schema } from "effect"
import { InvalidInput } from "./Errors.js"
import { AccountId, UserId } from "./Ids.js"
import * as Payload from "./Payload.js"
import * as Text from "./Text.js"

export const maxEmailLength = 254

export const User = Schema.Struct({
  id: UserId,
  accountId: AccountId,
  /** Normalised: trimmed and lowercase (`normalizeEmail`), unique across the server. */
  email: Schema.String,
  createdAt: Schema.Finite
})
export type User = typeof User.Type

/** A user as the admin API answers it. */
export const Created = Schema.Struct({
  id: UserId.annotate({ description: "Stable identifier of the person" }),
  email: Schema.String.annotate({ description: "The email they sign in with, trimmed and lowercase" }),
  accountId: AccountId.annotate({ description: "The account whose library they use" })
}).annotate({ identifier: "UserCreated", description: "A person who signs in to the web app" })
export type Created = typeof Created.Type

/** Body of `POST /admin/accounts/:id/users`. */
export const CreatePayload = Schema.Struct({
  email: Text.field({ description: "How the person signs in; unique across the server" }),
  password: Text.field({ description: "Their password (docs/people.md says the rules); stored only as a scrypt hash" })
}).annotate({ identifier: "CreateUser", description: "A new person of the account", ...Payload.strict })
export type CreatePayload = typeof CreatePayload.Type

/** One spelling per address: trimmed and lowercase, `local@domain` without whitespace, at most 254 characters. */
export const normalizeEmail = (input: string): Result.Result<string, InvalidInput> => {
  const email = input.trim().toLowerCase()
  const fail = (reason: string) => Result.fail(new InvalidInput({ field: "email", reason }))
  const problem = Text.problem(email)
  if (problem !== undefined) return fail(problem)
  if (email === "") return fail("must not be empty")
  if (email.length > maxEmailLength) return fail(`must be at most ${maxEmailLength} characters`)
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return fail("must be an email address such as ada@example.com")
  return Result.succeed(email)
}

export const present = (user: User): Created => ({ id: user.id, email: user.email, accountId: user.accountId })
