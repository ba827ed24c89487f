/** HtmlCleaner: what reaches the parser. */
import { describe, expect, it } from "@effect/vitest"
import * as HtmlCleaner from "../../src/extract/HtmlCleaner.js"

describe("HtmlCleaner", () => {
  it("drops scripts, styles, comments, inline SVG and navigation, keeping JSON-LD aside", () => {
    const { html, jsonLd } = HtmlCleaner.clean(
      `<head><title>T</title><style>p{}</style><script>var s = "</div><p>not text</p>";</script>` +
        `<SCRIPT type="application/ld+json">{"@type":"Article"}</SCRIPT ></head>` +
        `<body><!-- <p>commented</p> --><nav><a>Menu</a></nav><svg><title>icon</title></svg><p>Kept</p></body>`,
      100_000,
      1_000
    )
    expect(html).toBe(`<head><title>T</title></head><body><p>Kept </p></body>`)
    expect(jsonLd).toEqual([`{"@type":"Article"}`])
  })

  it("an element never closed swallows the rest of the page, as in a browser", () => {
    expect(HtmlCleaner.clean(`<p>Before</p><script>if (a < b) {`, 100_000, 1_000).html).toBe(`<p>Before </p>`)
    expect(HtmlCleaner.clean(`<p>Before</p><!-- open comment <p>x</p>`, 100_000, 1_000).html).toBe(`<p>Before </p>`)
  })

  it("bounds the result by length and by element count, cutting before a tag", () => {
    const page = "<p>paragraph text</p>".repeat(1_000)
    const byLength = HtmlCleaner.clean(page, 1_000, 10_000).html
    expect(byLength.length).toBeLessThanOrEqual(1_000)
    expect(byLength.endsWith("</p>")).toBe(true)
    const byElements = HtmlCleaner.clean(page, 100_000, 10).html
    expect(byElements.match(/<p>/g)).toHaveLength(10)
  })
})
