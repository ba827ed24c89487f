/**
 * PasswordHasher with scrypt from node:crypto: N=2^15, r=8, p=1 (about 32 MiB and 50–100 ms per hash), a 16-byte
 * random salt per password, stored as `scrypt$N$r$p$<salt b64>$<hash b64>`; checked with timingSafeEqual.
 */
import { PasswordHasher } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto"

export interface Options {
  /** CPU/memory cost; a power of two. */
  readonly cost: number
  readonly blockSize: number
  readonly parallelization: number
}

export const defaults: Options = { cost: 2 ** 15, blockSize: 8, parallelization: 1 }

const keyLength = 32

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  Effect.callback<Buffer | undefined>((resume) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      keyLength,
      options,
      (error, key) => resume(Effect.succeed(error === null ? key : undefined))
    )
  })

const params = (o: Options): ScryptOptions => ({
  N: o.cost,
  r: o.blockSize,
  p: o.parallelization,
  maxmem: 256 * o.cost * o.blockSize
})

/** Stored parameters are bounded so a tampered row cannot make one check take minutes or gigabytes. */
const parse = (stored: string) => {
  const [kind, n, r, p, salt, hash] = stored.split("$")
  const cost = Number(n)
  const blockSize = Number(r)
  const parallelization = Number(p)
  if (kind !== "scrypt" || salt === undefined || hash === undefined || salt === "" || hash === "") return undefined
  if (![cost, blockSize, parallelization].every(Number.isSafeInteger)) return undefined
  if (
    cost < 2 || cost > 2 ** 20 || (cost & (cost - 1)) !== 0 || blockSize < 1 || blockSize > 32 || parallelization < 1 ||
    parallelization > 4
  ) {
    return undefined
  }
  return {
    options: { cost, blockSize, parallelization },
    salt: Buffer.from(salt, "base64"),
    hash: Buffer.from(hash, "base64")
  }
}

export const make = (options: Options = defaults) =>
  PasswordHasher.of({
    hash: (password) =>
      Effect.gen(function*() {
        const salt = randomBytes(16)
        const key = yield* derive(password, salt, params(options))
        if (key === undefined) return yield* Effect.die(new Error("scrypt failed with the configured parameters"))
        return `scrypt$${options.cost}$${options.blockSize}$${options.parallelization}$${salt.toString("base64")}$${
          key.toString("base64")
        }`
      }).pipe(Effect.withSpan("ScryptPasswordHasher.hash")),
    verify: (password, stored) =>
      Effect.gen(function*() {
        const parsed = parse(stored)
        if (parsed === undefined || parsed.hash.length !== keyLength) return false
        const key = yield* derive(password, parsed.salt, params(parsed.options))
        return key !== undefined && timingSafeEqual(key, parsed.hash)
      }).pipe(Effect.withSpan("ScryptPasswordHasher.verify"))
  })

export const layer = (options: Options = defaults) => Layer.sync(PasswordHasher, () => make(options))
