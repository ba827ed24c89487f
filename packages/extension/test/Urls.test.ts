/** The addresses the extension reads and builds. */
import { describe, expect, it } from "vitest"
import * as Urls from "../src/Urls.js"

describe("Urls", () => {
  it("reads the server as typed: scheme added, trailing slashes dropped, path kept", () => {
    expect(Urls.parseServer(" bookmarks.example.com ")).toEqual({ ok: true, url: "https://bookmarks.example.com" })
    expect(Urls.parseServer("http://127.0.0.1:3000/")).toEqual({ ok: true, url: "http://127.0.0.1:3000" })
    expect(Urls.parseServer("https://example.com/library//")).toEqual({ ok: true, url: "https://example.com/library" })
  })

  it("refuses what cannot be a server, saying why", () => {
    const message = (input: string) => {
      const parsed = Urls.parseServer(input)
      return parsed.ok ? "accepted" : parsed.message
    }
    expect(message("")).toContain("Enter the address")
    expect(message("ftp://example.com")).toContain("http:// or https://")
    expect(message("https://ada:secret@example.com")).toContain("user name and password")
    expect(message("https://example.com/?x=1")).toContain("query")
    expect(message("https://exa mple.com")).toContain("not a web address")
  })

  it("saves only http(s) pages without credentials; other tabs start with an empty, editable URL", () => {
    expect(Urls.isSaveable("https://example.com/a?b#c")).toBe(true)
    for (
      const url of ["chrome://newtab/", "about:blank", "file:///etc/hosts", "https://a:b@example.com/", "not a url"]
    ) {
      expect([url, Urls.isSaveable(url)]).toEqual([url, false])
    }
    expect(Urls.initialUrl("chrome://extensions/")).toBe("")
    expect(Urls.initialUrl(undefined)).toBe("")
    expect(Urls.initialUrl("https://example.com/")).toBe("https://example.com/")
  })

  it("builds the API, bookmark, host-permission and approval addresses on the server", () => {
    expect(Urls.apiUrl("https://x.example/lib", "/bookmarks")).toBe("https://x.example/lib/v1/api/bookmarks")
    expect(Urls.bookmarkPage("https://x.example", "bmk_1/2")).toBe("https://x.example/bookmarks/bmk_1%2F2")
    expect(Urls.originPattern("https://x.example/lib")).toBe("https://x.example/*")
    expect(Urls.connectPage("https://x.example", "ab-_c")).toBe("https://x.example/extension/connect?pub=ab-_c")
  })

  it("finds the sealed key only on the server's connected page", () => {
    const server = "http://127.0.0.1:3000"
    expect(Urls.connectedResult(server, `${server}/extension/connected#sealed=abc&email=ada%40example.com`))
      .toEqual({ sealed: "abc", email: "ada@example.com" })
    expect(Urls.connectedResult(server, `${server}/extension/connected#email=ada%40example.com`)).toBeUndefined()
    expect(Urls.connectedResult(server, `http://127.0.0.1:3001/extension/connected#sealed=abc`)).toBeUndefined()
    expect(Urls.connectedResult(server, `${server}/extension/connect?pub=x`)).toBeUndefined()
  })
})
