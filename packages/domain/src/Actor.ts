/**
 * Who acts on a resource: the operator (the admin API and the command line), who may act on any account's, or one
 * account (its API keys, its people in the web app), who may act only on its own.
 */
import { Effect } from "effect"
import { Forbidden } from "./Errors.js"
import type { AccountId } from "./Ids.js"

export type Actor =
  | { readonly _tag: "Operator" }
  | { readonly _tag: "Account"; readonly accountId: AccountId }

export const operator: Actor = { _tag: "Operator" }

export const account = (accountId: AccountId): Actor => ({ _tag: "Account", accountId })

/** Whether `actor` may act on what belongs to `owner`. */
export const actsFor = (actor: Actor, owner: AccountId): boolean =>
  actor._tag === "Operator" || actor.accountId === owner

/**
 * A use case run by the operator: `asOperator(editBookmark)(id, payload)`. The operator is refused nothing, so its
 * answers carry no Forbidden; one would be a bug, and is a defect.
 */
export const asOperator = <Args extends ReadonlyArray<unknown>, A, E, R>(
  useCase: (actor: Actor, ...args: Args) => Effect.Effect<A, E, R>
) =>
(...args: Args) =>
  Effect.catchIf(
    useCase(operator, ...args),
    (e): e is Extract<E, Forbidden> => e instanceof Forbidden,
    (e) => Effect.die(e)
  )
