/** The scrypt hasher passes the PasswordHasher contract, and refuses stored parameters that would cost too much. */
import { PasswordHasher } from "@bookmark-library/domain"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as ScryptPasswordHasher from "../../src/crypto/ScryptPasswordHasher.js"

Contracts.passwordHasherContract("scrypt", ScryptPasswordHasher.layer())

describe("ScryptPasswordHasher", () => {
  it.effect("stores its parameters and salt; a hash made with other parameters still verifies", () =>
    Effect.gen(function*() {
      const strong = yield* PasswordHasher
      const stored = yield* strong.hash("long enough password")
      expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)
      const cheap = ScryptPasswordHasher.make({ cost: 2 ** 10, blockSize: 8, parallelization: 1 })
      const old = yield* cheap.hash("long enough password")
      expect(yield* strong.verify("long enough password", old)).toBe(true)
    }).pipe(Effect.provide(ScryptPasswordHasher.layer())))

  it.effect("refuses stored parameters beyond the bounds instead of running them", () =>
    Effect.gen(function*() {
      const hasher = ScryptPasswordHasher.make()
      const salt = Buffer.alloc(16).toString("base64")
      const hash = Buffer.alloc(32).toString("base64")
      expect(yield* hasher.verify("x", `scrypt$${2 ** 24}$8$1$${salt}$${hash}`)).toBe(false)
      expect(yield* hasher.verify("x", `scrypt$1000$8$1$${salt}$${hash}`)).toBe(false)
      expect(yield* hasher.verify("x", `scrypt$1024$8$1$${salt}$AAAA`)).toBe(false)
    }))
})
