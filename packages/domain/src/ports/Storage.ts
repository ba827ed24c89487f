/** The effect type of a storage operation: infrastructure failures surface only as `StorageUnavailable`. */
import type { Effect } from "effect"
import type { StorageUnavailable } from "../Errors.js"

export type Storage<A> = Effect.Effect<A, StorageUnavailable>
