import { AssetId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import * as ArchiveSigner from "../../src/archive/ArchiveSigner.js"

const key = new TextEncoder().encode("k".repeat(32))
const otherKey = new TextEncoder().encode("o".repeat(32))
const asset = AssetId.make("0123456789abcdef0123456789abcdef")
const now = Date.parse("2026-03-01T10:00:00.000Z")

describe("ArchiveSigner", () => {
  it("opens its own link until it expires, then says expired", () => {
    const token = ArchiveSigner.sign(key, asset, now + ArchiveSigner.lifetimeMs)
    expect(ArchiveSigner.verify(key, token, now)).toEqual({ _tag: "Valid", asset })
    expect(ArchiveSigner.verify(key, token, now + ArchiveSigner.lifetimeMs - 1)).toEqual({ _tag: "Valid", asset })
    expect(ArchiveSigner.verify(key, token, now + ArchiveSigner.lifetimeMs + 1000)).toEqual({ _tag: "Expired" })
  })

  it("refuses another key's link, a changed asset or expiry, and anything malformed", () => {
    const token = ArchiveSigner.sign(key, asset, now + 60_000)
    const [id = "", seconds = "", signature = ""] = token.split(".")
    expect(ArchiveSigner.verify(otherKey, token, now)).toEqual({ _tag: "Invalid" })
    expect(ArchiveSigner.verify(key, `${"f".repeat(32)}.${seconds}.${signature}`, now)).toEqual({ _tag: "Invalid" })
    expect(ArchiveSigner.verify(key, `${id}.${Number(seconds) + 3600}.${signature}`, now)).toEqual({ _tag: "Invalid" })
    for (const bad of ["", "x", `${id}.${seconds}`, `${id}.${seconds}.${signature}.x`, `${id}.-1.${signature}`]) {
      expect(ArchiveSigner.verify(key, bad, now)).toEqual({ _tag: "Invalid" })
    }
    expect(ArchiveSigner.verify(key, `${id}.${seconds}.${signature.slice(0, -1)}A`, now)._tag).not.toBe("Valid")
  })
})
