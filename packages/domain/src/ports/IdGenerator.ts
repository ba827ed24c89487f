/** Port: identifiers and random bytes (deterministic in tests). */
import { Context, type Effect } from "effect"
import type { IdKind, IdOf } from "../Ids.js"

export class IdGenerator extends Context.Service<IdGenerator, {
  /** A fresh id of that kind (see `Ids.fromRandom`). */
  readonly make: <K extends IdKind>(kind: K) => Effect.Effect<IdOf[K]>
  readonly bytes: (length: number) => Effect.Effect<Uint8Array>
}>()("IdGenerator") {}
