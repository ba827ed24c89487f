/** The domain's own SHA-256 and HMAC-SHA256 agree with node's crypto, including around the padding boundaries. */
import { Sha256 } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary } from "effect"
import { createHash, createHmac } from "node:crypto"
import * as Gen from "./support/Gen.js"

const nodeSha = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex")
const nodeHmac = (key: Uint8Array | string, data: Uint8Array | string) =>
  createHmac("sha256", key).update(data).digest("hex")

/** Lengths around the 55/56-byte padding split and the 64-byte block, and their two-block twins. */
const boundaryLengths = [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129] as const
const bytes = Gen.oneof(
  Gen.uint8Array({ maxLength: 300 }),
  Arbitrary.flatMap(Gen.constantFrom(...boundaryLengths), (n) => Gen.uint8Array({ minLength: n, maxLength: n }))
)

describe("Sha256", () => {
  it("matches the published test vectors", () => {
    expect(Sha256.toHex(Sha256.sha256(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    expect(Sha256.toHex(Sha256.sha256("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    expect(Sha256.toHex(Sha256.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    )
  })

  it.prop("equals node's SHA-256 for random bytes (lengths around 55/56/63/64/65 included)", [bytes], ([data]) => {
    expect(Sha256.toHex(Sha256.sha256(data))).toBe(nodeSha(data))
  }, { arbitrary: { runs: 300 } })

  it.prop("equals node's SHA-256 for random Unicode text (UTF-8)", [Gen.fullUnicodeString(100)], ([text]) => {
    expect(Sha256.toHex(Sha256.sha256(text))).toBe(nodeSha(text))
  })

  it.prop(
    "HMAC equals node's for random keys (including keys longer than 64 bytes) and messages",
    [Gen.oneof(Gen.uint8Array({ maxLength: 200 }), Gen.uint8Array({ minLength: 65, maxLength: 200 })), bytes],
    ([key, message]) => {
      expect(Sha256.toHex(Sha256.hmacSha256(key, message))).toBe(nodeHmac(key, message))
    },
    { arbitrary: { runs: 200 } }
  )

  it("HMAC of a string key uses its UTF-8 bytes, also beyond 64 bytes", () => {
    const key = "ключ-".repeat(20)
    expect(Sha256.toHex(Sha256.hmacSha256(key, "body"))).toBe(nodeHmac(key, "body"))
    expect(Sha256.toHex(Sha256.hmacSha256("", ""))).toBe(nodeHmac("", ""))
  })

  it("compares in constant time by content and length", () => {
    expect(Sha256.constantTimeEqual("abc", "abc")).toBe(true)
    expect(Sha256.constantTimeEqual("abc", "abd")).toBe(false)
    expect(Sha256.constantTimeEqual("abc", "abc\u0000")).toBe(false)
    expect(Sha256.constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true)
    expect(Sha256.constantTimeEqual("", "")).toBe(true)
  })
})
