/** Contract of the IdGenerator port. */
import { IdGenerator } from "@bookmarks/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"

export const idGeneratorContract = <E>(name: string, layer: Layer.Layer<IdGenerator, E>) =>
  describe(`IdGenerator contract: ${name}`, () => {
    it.effect("makes distinct prefixed ids and random bytes of the asked length", () =>
      Effect.gen(function*() {
        const ids = yield* IdGenerator
        const made = yield* Effect.forEach(Array.from({ length: 500 }), () => ids.make("bookmark"))
        expect(new Set(made).size).toBe(500)
        for (const id of made) expect(id).toMatch(/^bmk_[0-9A-Za-z]{22}$/)
        expect(yield* ids.make("webhook")).toMatch(/^whk_/)
        const bytes = yield* ids.bytes(32)
        expect(bytes.length).toBe(32)
        expect(Buffer.from(bytes).equals(Buffer.from(yield* ids.bytes(32)))).toBe(false)
      }).pipe(Effect.provide(layer)))
  })
