/** The readable part as Markdown: structure kept, references absolute, what an assistant cannot read left out. */
import { describe, expect, it } from "vitest"
import * as HtmlMetadata from "../../src/extract/HtmlMetadata.js"
import * as Markdown from "../../src/extract/Markdown.js"

const base = "https://garden.example/notes/bees.html"

describe("Markdown.fromHtml", () => {
  it("keeps headings, emphasis, lists, tables, code and task lists; links and images absolute", () => {
    const md = Markdown.fromHtml(
      `<h2>Dance</h2><p>The <strong>waggle</strong> dance, <em>in short</em>: <a href="../guide" title='A "guide"'>guide</a>.</p>
      <ol><li>Turn</li><li>Waggle</li></ol>
      <table><tr><th>Angle</th><th>Meaning</th></tr><tr><td>0°</td><td>towards the sun</td></tr></table>
      <pre><code>angle = sun + 30</code></pre>
      <ul><li><input type="checkbox" checked> counted</li></ul>
      <p><img src="/img/bee.jpg" alt="A [worker] bee"> <del>wrong</del></p>`,
      base,
      10_000
    )
    expect(md).toContain("## Dance")
    expect(md).toContain("The **waggle** dance, _in short_:")
    expect(md).toContain(`[guide](https://garden.example/guide "A \\"guide\\"")`)
    expect(md).toMatch(/^1\. +Turn$/m)
    expect(md).toMatch(/^\| Angle \| Meaning \|\n\| --- \| --- \|\n\| 0° +\| towards the sun \|$/m)
    expect(md).toContain("```\nangle = sun + 30\n```")
    expect(md).toMatch(/\[x\] +counted/)
    expect(md).toContain("![A \\[worker\\] bee](https://garden.example/img/bee.jpg)")
    expect(md).toContain("~~wrong~~")
  })

  it("leaves out inline data images, script links, scripts and forms, keeping their words", () => {
    const md = Markdown.fromHtml(
      `<p>Look <img src="data:image/png;base64,${"A".repeat(5000)}" alt="chart"> and
      <a href="javascript:alert(1)">press</a>.</p><script>alert(2)</script><form><button>Send</button></form>`,
      base,
      10_000
    )
    expect(md).toBe("Look chart and press.")
  })

  it("a URL with spaces or parentheses stays one destination; the result is bounded", () => {
    expect(Markdown.fromHtml(`<a href="/a (1).html">one</a>`, base, 100)).toBe(
      "[one](<https://garden.example/a%20(1).html>)"
    )
    const long = Markdown.fromHtml(`<p>${"word ".repeat(1000)}</p>`, base, 100)
    expect(long.length).toBeLessThanOrEqual(100)
    expect(Markdown.fromHtml("  ", base, 100)).toBe("")
  })
})

describe("the extractor's Markdown", () => {
  it("is the article Readability found, without the navigation; empty when the page has no text", () => {
    const page = HtmlMetadata.extract(
      `<html><head><title>Bees</title></head><body><nav><a href="/">Home</a><a href="/shop">Shop</a></nav>
      <article><h1>Bees</h1>${
        "<p>Honeybees tell each other where the flowers are by dancing in the hive. </p>".repeat(12)
      }
      <h2>Further reading</h2><p>See <a href="/dance">the dance</a>.</p></article><footer>© Garden</footer></body></html>`,
      base
    )
    expect(page.markdown).toContain("## Further reading")
    expect(page.markdown).toContain("[the dance](https://garden.example/dance)")
    expect(page.markdown).not.toMatch(/Shop|© Garden/)
    expect(HtmlMetadata.extract("<html><body></body></html>", base).markdown).toBe("")
  })
})
