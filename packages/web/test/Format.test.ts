/** Sizes as a person reads them on the Usage page. */
import { describe, expect, it } from "vitest"
import * as Format from "../src/Format.js"

describe("Format.bytes", () => {
  it("bytes under a kilobyte, then SI units with one decimal below 10", () => {
    expect(Format.bytes(0)).toBe("0 bytes")
    expect(Format.bytes(1)).toBe("1 byte")
    expect(Format.bytes(999)).toBe("999 bytes")
    expect(Format.bytes(1000)).toBe("1.0 kB")
    expect(Format.bytes(52_431)).toBe("52 kB")
    expect(Format.bytes(999_949)).toBe("1.0 MB")
    expect(Format.bytes(9_960)).toBe("10 kB")
    expect(Format.bytes(2_500_000)).toBe("2.5 MB")
    expect(Format.bytes(6_000_000_000)).toBe("6.0 GB")
    expect(Format.bytes(12_345_000_000_000_000)).toBe("12,345 TB")
  })
})
