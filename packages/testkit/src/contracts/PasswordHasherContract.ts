/** Contract of the PasswordHasher port: salted, checkable, and refusing what it did not make. */
import { PasswordHasher } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"

export const passwordHasherContract = <E>(name: string, layer: Layer.Layer<PasswordHasher, E>) =>
  describe(`PasswordHasher contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, PasswordHasher>) => effect.pipe(Effect.provide(layer))

    it.effect("verifies the password it hashed and refuses any other", () =>
      run(Effect.gen(function*() {
        const hasher = yield* PasswordHasher
        const password = "correct horse battery staple ✓ 🐎"
        const stored = yield* hasher.hash(password)
        expect(stored).not.toContain(password)
        expect(yield* hasher.verify(password, stored)).toBe(true)
        expect(yield* hasher.verify(`${password} `, stored)).toBe(false)
        expect(yield* hasher.verify("", stored)).toBe(false)
      })))

    it.effect("salts: the same password hashes differently each time, and each hash verifies", () =>
      run(Effect.gen(function*() {
        const hasher = yield* PasswordHasher
        const [a, b] = yield* Effect.all([hasher.hash("same password"), hasher.hash("same password")])
        expect(a).not.toBe(b)
        expect(yield* hasher.verify("same password", a)).toBe(true)
        expect(yield* hasher.verify("same password", b)).toBe(true)
      })))

    it.effect("answers false, never fails, for stored values it did not make", () =>
      run(Effect.gen(function*() {
        const hasher = yield* PasswordHasher
        for (const stored of ["", "plain", "scrypt$", "scrypt$1$2$3$4$5", "fake$$", "$$$$$$"]) {
          expect(yield* hasher.verify("plain", stored)).toBe(false)
        }
      })))
  })
