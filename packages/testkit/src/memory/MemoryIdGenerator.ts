/** Deterministic ids and bytes from a seeded xorshift generator. */
import { IdGenerator, Ids } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

export const make = (seed = 42) => {
  let state = seed >>> 0 || 1
  const nextByte = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state & 0xff
  }
  const bytes = (length: number) => {
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i++) out[i] = nextByte()
    return out
  }
  return IdGenerator.of({
    make: (kind) => Effect.sync(() => Ids.fromRandom(kind, bytes(22))),
    bytes: (length) => Effect.sync(() => bytes(length))
  })
}

export const layer = (seed?: number) => Layer.sync(IdGenerator, () => make(seed))
