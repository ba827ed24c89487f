/** The canonical form of a URL (docs/search.md, "Duplicates") on a table of real-looking URLs. */
import { describe, expect, it } from "@effect/vitest"
import * as CanonicalUrl from "../src/CanonicalUrl.js"

const table: ReadonlyArray<readonly [string, string]> = [
  ["https://www.nytimes.com/2025/03/04/technology/ai-chips.html", "nytimes.com/2025/03/04/technology/ai-chips.html"],
  [
    "http://nytimes.com/2025/03/04/technology/ai-chips.html?smid=nytcore-ios-share&utm_source=twitter",
    "nytimes.com/2025/03/04/technology/ai-chips.html?smid=nytcore-ios-share"
  ],
  ["https://en.wikipedia.org/wiki/Bookmark_(digital)#History", "en.wikipedia.org/wiki/Bookmark_(digital)"],
  ["https://github.com/Effect-TS/effect/", "github.com/Effect-TS/effect"],
  [
    "https://github.com/Effect-TS/effect/issues?q=is%3Aopen+label%3Abug&page=2",
    "github.com/Effect-TS/effect/issues?page=2&q=is%3Aopen+label%3Abug"
  ],
  [
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=share&fbclid=IwAR0abc",
    "youtube.com/watch?feature=share&v=dQw4w9WgXcQ"
  ],
  ["https://shop.example.com:443/item/42?gclid=Cj0KCQ&ref=home", "shop.example.com/item/42?ref=home"],
  ["http://shop.example.com:80/item/42", "shop.example.com/item/42"],
  ["http://localhost:8080/admin/", "localhost:8080/admin"],
  ["https://Example.COM/Path/Case", "example.com/Path/Case"],
  ["https://example.com/?utm_campaign=spring&utm_medium=email", "example.com"],
  ["https://example.com/search?tag=b&tag=a&q=", "example.com/search?q=&tag=b&tag=a"],
  ["https://www.example.com////", "example.com"],
  ["https://www.bbc.co.uk/news/articles/c0k0?at_medium=RSS&mc_cid=12", "bbc.co.uk/news/articles/c0k0?at_medium=RSS"],
  ["https://xn--bcher-kva.example/buch", "xn--bcher-kva.example/buch"],
  ["https://medium.com/@someone/a-post-1a2b3c?source=rss----1", "medium.com/@someone/a-post-1a2b3c?source=rss----1"],
  ["https://www/", "www"],
  ["", ""],
  ["not a url", ""],
  ["ftp://files.example.com/a", ""]
]

describe("CanonicalUrl.canonical", () => {
  it("folds scheme and www., default ports, trailing slash, fragment and tracking parameters; sorts the query", () => {
    for (const [url, canonical] of table) expect(CanonicalUrl.canonical(url), url).toBe(canonical)
  })

  it("makes the same form of the same page however it was spelled", () => {
    const spellings = [
      "https://www.example.com/a/b/?y=2&x=1",
      "http://example.com/a/b?x=1&y=2#top",
      "https://example.com:443/a/b?utm_source=feed&x=1&y=2",
      "https://WWW.EXAMPLE.COM/a/b/?x=1&gclid=abc&y=2"
    ]
    expect(new Set(spellings.map(CanonicalUrl.canonical))).toEqual(new Set(["example.com/a/b?x=1&y=2"]))
  })
})

describe("CanonicalUrl.site", () => {
  it("is the host without www., and the key orders a site with its subdomains", () => {
    expect(CanonicalUrl.site("https://www.Blog.Example.com/x")).toBe("blog.example.com")
    expect(CanonicalUrl.site("")).toBe("")
    expect(CanonicalUrl.siteKey("blog.example.com")).toBe("com.example.blog.")
    expect(CanonicalUrl.withinSite("blog.example.com", "example.com")).toBe(true)
    expect(CanonicalUrl.withinSite("example.com", "example.com")).toBe(true)
    expect(CanonicalUrl.withinSite("notexample.com", "example.com")).toBe(false)
    expect(CanonicalUrl.withinSite("", "example.com")).toBe(false)
  })
})
