/**
 * Contract of the IdGenerator port: prefixed ids of 22 base62 characters, never repeated; random bytes of any length.
 */
import { IdGenerator, Ids } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"

export const idGeneratorContract = <E>(name: string, layer: Layer.Layer<IdGenerator, E>) =>
  describe(`IdGenerator contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, IdGenerator>) => effect.pipe(Effect.provide(layer))

    it.effect("makes ids of every kind with its prefix and 22 base62 characters", () =>
      run(Effect.gen(function*() {
        const ids = yield* IdGenerator
        const kinds: ReadonlyArray<Ids.IdKind> = [
          "account",
          "apiKey",
          "bookmark",
          "webhook",
          "delivery",
          "job",
          "user",
          "attempt",
          "import",
          "list",
          "secretLink",
          "bulk",
          "highlight"
        ]
        expect(Object.keys(Ids.idPrefixes).sort()).toEqual([...kinds].sort())
        for (const kind of kinds) {
          const prefix = Ids.idPrefixes[kind]
          const id: string = yield* ids.make(kind)
          expect(id.startsWith(prefix)).toBe(true)
          expect(id.slice(prefix.length)).toMatch(/^[0-9A-Za-z]{22}$/)
        }
      })))

    it.effect("never repeats an id, also when many fibers ask at once", () =>
      run(Effect.gen(function*() {
        const ids = yield* IdGenerator
        const made = yield* Effect.all(Array.from({ length: 2_000 }, () => ids.make("bookmark")), {
          concurrency: "unbounded"
        })
        expect(new Set(made).size).toBe(made.length)
        // Every character position varies: the ids carry randomness throughout, not a counter in a corner.
        for (let i = 4; i < 26; i++) expect(new Set(made.map((id) => id[i])).size).toBeGreaterThan(20)
      })))

    it.effect("gives random bytes of exactly the asked length, different each time", () =>
      run(Effect.gen(function*() {
        const ids = yield* IdGenerator
        for (const length of [0, 1, 16, 32, 64, 1_000]) expect((yield* ids.bytes(length)).length).toBe(length)
        const draws = yield* Effect.all(Array.from({ length: 200 }, () => ids.bytes(16)))
        expect(new Set(draws.map((b) => Buffer.from(b).toString("hex"))).size).toBe(200)
        const many = yield* ids.bytes(4_096)
        expect(new Set(many).size).toBeGreaterThan(200)
      })))
  })
