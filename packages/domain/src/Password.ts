/** Password rules: what a person may choose (the hashing itself is the PasswordHasher port's). */
import { Result } from "effect"
import { InvalidInput } from "./Errors.js"
import * as Text from "./Text.js"

export const minLength = 8
/** Long enough for any passphrase; short enough that hashing one is cheap for the server. */
export const maxLength = 1_024

export const check = (input: string, field = "password"): Result.Result<string, InvalidInput> => {
  const fail = (reason: string) => Result.fail(new InvalidInput({ field, reason }))
  const problem = Text.problem(input)
  if (problem !== undefined) return fail(problem)
  if ([...input].length < minLength) return fail(`must be at least ${minLength} characters`)
  if (input.length > maxLength) return fail(`must be at most ${maxLength} characters`)
  return Result.succeed(input)
}
