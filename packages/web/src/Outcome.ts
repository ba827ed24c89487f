/** A use case's refusal of the input (shown on the page with the form), apart from failures that end the request. */
import { Errors } from "@bookmark-library/domain"
import { Effect, Result } from "effect"

export const orInvalid = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(
    Effect.map((a) => Result.succeed<A>(a)),
    Effect.catchIf(
      (e): e is Extract<E, Errors.InvalidInput> => e instanceof Errors.InvalidInput,
      (e) => Effect.succeed(Result.fail<Errors.InvalidInput>(e))
    )
  )

/** "Field: reason." for a refused form. */
export const message = (e: Errors.InvalidInput, labels: Record<string, string> = {}) =>
  `${labels[e.field] ?? e.field.charAt(0).toUpperCase() + e.field.slice(1)}: ${e.reason}.`
