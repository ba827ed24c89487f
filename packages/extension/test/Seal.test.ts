/**
 * The extension's half of the sealed hand-over, against what the web app does with node:crypto (RSA-OAEP, SHA-256,
 * base64url): the key opens only with the pair it was sealed to, and both sides show the same code.
 */
import { constants, createHash, createPublicKey, publicEncrypt } from "node:crypto"
import { describe, expect, it } from "vitest"
import * as Seal from "../src/Seal.js"

const key = `bk_${"Z9".repeat(20)}`
const sealTo = (publicKey: string, text: string) =>
  publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKey, "base64url"), format: "der", type: "spki" }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: "sha256"
    },
    Buffer.from(text)
  ).toString("base64url")

describe("Seal", () => {
  it("opens a key sealed to its public half, and nothing sealed to another pair", async () => {
    const mine = await Seal.pair()
    const other = await Seal.pair()
    expect(await Seal.open(mine.privateKey, sealTo(mine.publicKey, key))).toBe(key)
    expect(await Seal.open(mine.privateKey, sealTo(other.publicKey, key))).toBeUndefined()
    expect(await Seal.open(mine.privateKey, "not sealed")).toBeUndefined()
    expect(await Seal.open(mine.privateKey, sealTo(mine.publicKey, "not a key"))).toBeUndefined()
  })

  it("shows the first 8 hex digits of the public key's SHA-256, as the approval page does", async () => {
    const { publicKey } = await Seal.pair()
    const hex = createHash("sha256").update(Buffer.from(publicKey, "base64url")).digest("hex").slice(0, 8).toUpperCase()
    expect(await Seal.code(publicKey)).toBe(`${hex.slice(0, 4)}-${hex.slice(4)}`)
  })
})
