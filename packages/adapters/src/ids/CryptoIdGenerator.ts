/** Ids and secrets from the operating system's CSPRNG. */
import { IdGenerator, Ids } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import { randomBytes } from "node:crypto"

export const layer = Layer.succeed(
  IdGenerator,
  IdGenerator.of({
    make: (kind) => Effect.sync(() => Ids.fromRandom(kind, randomBytes(22))),
    bytes: (length) => Effect.sync(() => new Uint8Array(randomBytes(length)))
  })
)
