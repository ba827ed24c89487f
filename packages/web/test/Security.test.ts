/** Who may send a state-changing form, who counts as the local owner at first run, and the session cookie. */
import { describe, expect, it } from "@effect/vitest"
import * as Security from "../src/Security.js"
import * as SessionCookie from "../src/SessionCookie.js"

const publicOrigin = "http://127.0.0.1:3000"

describe("same-origin check of forms", () => {
  it("accepts our own pages and clients that send no browser headers", () => {
    expect(
      Security.sameOrigin({ secFetchSite: "same-origin", origin: publicOrigin, host: "127.0.0.1:3000", publicOrigin })
    ).toBe(true)
    expect(
      Security.sameOrigin({
        secFetchSite: undefined,
        origin: "http://localhost:3000",
        host: "localhost:3000",
        publicOrigin
      })
    ).toBe(true)
    expect(Security.sameOrigin({ secFetchSite: undefined, origin: undefined, host: "127.0.0.1:3000", publicOrigin }))
      .toBe(true)
  })

  it("refuses another site, a sibling port, and a forged Host", () => {
    expect(
      Security.sameOrigin({
        secFetchSite: "cross-site",
        origin: "https://evil.example",
        host: "127.0.0.1:3000",
        publicOrigin
      })
    ).toBe(false)
    expect(
      Security.sameOrigin({
        secFetchSite: "same-site",
        origin: "http://127.0.0.1:4000",
        host: "127.0.0.1:3000",
        publicOrigin
      })
    ).toBe(false)
    expect(
      Security.sameOrigin({
        secFetchSite: undefined,
        origin: "http://127.0.0.1:4000",
        host: "127.0.0.1:3000",
        publicOrigin
      })
    ).toBe(false)
    expect(Security.sameOrigin({ secFetchSite: undefined, origin: "null", host: "127.0.0.1:3000", publicOrigin })).toBe(
      false
    )
  })

  it("headers forbid inline script, framing and sniffing", () => {
    const headers = Security.headers([])
    expect(headers["content-security-policy"]).toContain("script-src 'self'")
    expect(headers["content-security-policy"]).not.toContain("unsafe-inline")
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'")
    expect(headers["x-content-type-options"]).toBe("nosniff")
    expect(headers["referrer-policy"]).toBe("same-origin")
  })
})

describe("first-run owner", () => {
  it("is a loopback client that no proxy forwarded", () => {
    for (const address of ["127.0.0.1", "127.10.0.2", "::1", "::ffff:127.0.0.1"]) {
      expect(Security.isLoopback(address, false)).toBe(true)
    }
    expect(Security.isLoopback("127.0.0.1", true)).toBe(false)
    for (const address of ["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", undefined]) {
      expect(Security.isLoopback(address, false)).toBe(false)
    }
  })
})

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax; Secure with the __Host- prefix on https", () => {
    expect(SessionCookie.set("http://127.0.0.1:3000", "ab")).toBe(
      "bookmarks_session=ab; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000"
    )
    expect(SessionCookie.set("https://bookmarks.example", "ab")).toBe(
      "__Host-bookmarks_session=ab; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure"
    )
    expect(SessionCookie.clear("https://bookmarks.example")).toContain("Max-Age=0")
    expect(SessionCookie.read("https://bookmarks.example", { bookmarks_session: "ab" })).toBeUndefined()
  })
})
