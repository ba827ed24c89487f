/** API keys: generated format, masking, hashing, and the stored-by-hash round trip through authentication. */
import { ApiKey, authenticate, Base62, createAccount, createKey, newKeyText } from "@bookmark-library/domain"
import { MemoryIdGenerator, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as Gen from "./support/Gen.js"

const keyText = Gen.stringMatching(/^bk_[0-9A-Za-z]{40}$/)

describe("ApiKey", () => {
  it.prop("generated keys are bk_ + 40 base62 characters, whatever the random bytes", [
    Gen.integer({ min: 1, max: 2 ** 31 })
  ], ([seed]) => {
    const keys = Effect.runSync(
      Effect.all(Array.from({ length: 5 }, () => newKeyText())).pipe(Effect.provide(MemoryIdGenerator.layer(seed)))
    )
    for (const key of keys) {
      expect(key).toMatch(/^bk_[0-9A-Za-z]{40}$/)
      expect(ApiKey.isWellFormed(key)).toBe(true)
    }
    expect(new Set(keys).size).toBe(keys.length)
  }, { arbitrary: { runs: 50 } })

  it.prop("masking is bk_… and the last 4 characters", [keyText], ([key]) => {
    expect(ApiKey.mask(key)).toBe(`bk_…${key.slice(-4)}`)
    expect(ApiKey.mask(key)).not.toContain(key.slice(3, 39))
  })

  it.prop("hashing is node's hex SHA-256 of the key", [keyText], ([key]) => {
    expect(ApiKey.hash(key)).toBe(createHash("sha256").update(key).digest("hex"))
  })

  it("rejects malformed keys", () => {
    for (
      const bad of [
        "",
        "bk_",
        `bk_${"a".repeat(39)}`,
        `bk_${"a".repeat(41)}`,
        `BK_${"a".repeat(40)}`,
        `bk_${"a".repeat(39)}-`
      ]
    ) {
      expect(ApiKey.isWellFormed(bad)).toBe(false)
    }
  })

  it("base62 text skips bytes ≥ 248 so every character is equally likely, and stops at the length asked", () => {
    expect(Base62.fromBytes(new Uint8Array([0, 61, 62, 247, 248, 255, 10]), 10)).toBe("0z0zA")
    expect(Base62.fromBytes(new Uint8Array([1, 2, 3, 4]), 2)).toBe("12")
    expect(Base62.fromBytes(new Uint8Array([250, 251]), 5)).toBe("")
  })

  it.effect("a created key is stored by hash only, shown once, and authenticates to its account", () =>
    Effect.gen(function*() {
      const account = yield* createAccount("plus")
      const { info, key } = yield* createKey(account.id, "laptop")
      expect(info).toMatchObject({ accountId: account.id, label: "laptop", masked: ApiKey.mask(key), revokedAt: null })
      expect(JSON.stringify(info)).not.toContain(key.slice(3))
      const principal = yield* authenticate(`  ${key} `)
      expect(principal.account.id).toBe(account.id)
      expect(principal.key.id).toBe(info.id)
    }).pipe(Effect.provide(TestApp.layer())))
})
