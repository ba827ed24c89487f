/** Port: run several storage operations as one unit (a SQL transaction; the transactional outbox). */
import { Context, type Effect } from "effect"
import type { StorageUnavailable } from "../Errors.js"

export class Transactor extends Context.Service<Transactor, {
  readonly atomic: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | StorageUnavailable, R>
}>()("Transactor") {}
