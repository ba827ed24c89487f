/** Which browser origins may call /mcp: PUBLIC_URL's origin and loopback origins of the very host and port. */
import { describe, expect, it } from "@effect/vitest"
import * as OriginPolicy from "../src/OriginPolicy.js"

describe("OriginPolicy", () => {
  const allowed = OriginPolicy.make("https://bookmarks.example.org/base/")

  it("lets requests without an Origin through: they do not come from a browser page", () => {
    expect(allowed(undefined, "bookmarks.example.org")).toBe(true)
  })

  it("allows PUBLIC_URL's origin, whatever Host the proxy in front of us forwarded", () => {
    expect(allowed("https://bookmarks.example.org", "127.0.0.1:3000")).toBe(true)
    expect(allowed("https://bookmarks.example.org:443", undefined)).toBe(true)
  })

  it("allows a loopback origin only for the host and port the request was sent to", () => {
    expect(allowed("http://127.0.0.1:3000", "127.0.0.1:3000")).toBe(true)
    expect(allowed("http://localhost:3000", "localhost:3000")).toBe(true)
    expect(allowed("http://[::1]:3000", "[::1]:3000")).toBe(true)
    expect(allowed("http://127.0.0.2:3000", "127.0.0.2:3000")).toBe(true)
    // Another local app (another port), or a loopback page calling a remote name.
    expect(allowed("http://localhost:5173", "localhost:3000")).toBe(false)
    expect(allowed("http://127.0.0.1:3000", "bookmarks.example.org")).toBe(false)
    expect(allowed("http://127.0.0.1:3000", undefined)).toBe(false)
  })

  it("refuses every other origin, including a rebound DNS name that points at loopback", () => {
    for (
      const origin of [
        "https://evil.example",
        "http://bookmarks.example.org", // another scheme is another origin
        "https://bookmarks.example.org.evil.example",
        "http://evil.example:3000",
        "null",
        "file://",
        "chrome-extension://abcdef",
        "not a url",
        ""
      ]
    ) {
      expect(allowed(origin, "evil.example:3000"), origin).toBe(false)
    }
  })
})
