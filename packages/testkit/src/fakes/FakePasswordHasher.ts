/**
 * A fast PasswordHasher for tests: salted SHA-256 instead of scrypt. It passes the same contract as the real one;
 * only its cost differs (a test signs in hundreds of times).
 */
import { PasswordHasher, Sha256 } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

let counter = 0

const digest = (salt: string, password: string) => Sha256.toHex(Sha256.sha256(`${salt}:${password}`))

export const make = () =>
  PasswordHasher.of({
    hash: (password) =>
      Effect.sync(() => {
        const salt = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2)}`
        return `fake$${salt}$${digest(salt, password)}`
      }),
    verify: (password, stored) =>
      Effect.sync(() => {
        const [kind, salt, hash] = stored.split("$")
        if (kind !== "fake" || salt === undefined || hash === undefined) return false
        return Sha256.constantTimeEqual(digest(salt, password), hash)
      })
  })

export const layer = Layer.sync(PasswordHasher, make)
