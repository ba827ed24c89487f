/** URL rules: absolute http(s), at most 2048 characters before and after normalisation. */
import { Url } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"

const reason = (input: string) => {
  const parsed = Url.normalizeBookmarkUrl(input)
  return Either.isLeft(parsed) ? parsed.left.reason : "accepted"
}

describe("Url", () => {
  it("normalises to the WHATWG serialization", () => {
    expect(Url.normalizeBookmarkUrl("  HTTP://EXAMPLE.com:80/a/../b?q=1#frag ")).toEqual(Either.right("http://example.com/b?q=1#frag"))
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

  it.prop("accepts every web URL fast-check makes, keeping it at most 2048 characters", [fc.webUrl({ validSchemes: ["http", "https"] })], ([url]) => {
    const parsed = Url.normalizeBookmarkUrl(url)
    if (Either.isRight(parsed)) {
      expect(parsed.right.length).toBeLessThanOrEqual(2048)
      expect(parsed.right).toMatch(/^https?:\/\//)
    } else {
      expect(parsed.left.field).toBe("url")
    }
  })
})
