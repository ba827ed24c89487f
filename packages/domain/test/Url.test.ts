/** URL rules: absolute http(s), at most 2048 characters before and after normalisation. */
import { Url } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as Gen from "./support/Gen.js"

const reason = (input: string) => {
  const parsed = Url.normalizeBookmarkUrl(input)
  return Result.isFailure(parsed) ? parsed.failure.reason : "accepted"
}

describe("Url", () => {
  it("normalises to the WHATWG serialization", () => {
    expect(Url.normalizeBookmarkUrl("  HTTP://EXAMPLE.com:80/a/../b?q=1#frag ")).toEqual(
      Result.succeed("http://example.com/b?q=1#frag")
    )
  })

  it("refuses a URL that only grows past 2048 characters when serialised", () => {
    const base = "https://example.com/"
    const spaced = base + "a b".repeat((2040 - base.length) / 3)
    expect(spaced.length).toBeLessThanOrEqual(2048)
    expect(reason(spaced)).toMatch(/at most 2048 characters/)
  })

  it("refuses other schemes, credentials and non-URLs", () => {
    expect(reason("javascript:alert(1)")).toBe("scheme 'javascript' is not allowed; use http or https")
    expect(reason("mailto:someone@example.com")).toMatch(/scheme 'mailto'/)
    expect(reason("https://:secret@example.com/")).toMatch(/credentials/)
    expect(reason("example.com")).toMatch(/absolute URL/)
  })

  it.prop("accepts every generated web URL, keeping it at most 2048 characters", [Gen.webUrl], ([url]) => {
    const parsed = Url.normalizeBookmarkUrl(url)
    if (Result.isSuccess(parsed)) {
      expect(parsed.success.length).toBeLessThanOrEqual(2048)
      expect(parsed.success).toMatch(/^https?:\/\//)
    } else {
      expect(parsed.failure.field).toBe("url")
    }
  })
})
