/**
 * The allow-list sanitiser, the note renderer and the readable article (docs/reading.md): nothing dangerous leaves
 * them, for every payload of the XSS corpus, as page content and as a note; and what should stay does.
 */
import { XssCorpus } from "@bookmark-library/testkit"
import { type ChildNode, Element } from "domhandler"
import { parseDocument } from "htmlparser2"
import { describe, expect, it } from "vitest"
import * as NoteMarkdown from "../../src/reading/NoteMarkdown.js"
import * as ReadableHtml from "../../src/reading/ReadableHtml.js"
import { sanitize, sanitizeArticle } from "../../src/reading/Sanitizer.js"

/** What in the output's markup (parsed as a browser would) is not safe: forbidden elements, attributes, URLs. */
const dangerous = (out: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  const visit = (node: ChildNode) => {
    if (node instanceof Element) {
      if (XssCorpus.forbiddenElements.has(node.name.toLowerCase())) found.push(`<${node.name}>`)
      for (const [name, value] of Object.entries(node.attribs)) {
        if (XssCorpus.forbiddenAttribute(name)) found.push(`${node.name}[${name}]`)
        if ((name === "href" || name === "src") && !XssCorpus.safeUrl(value)) {
          found.push(`${node.name}[${name}=${value}]`)
        }
      }
      node.children.forEach(visit)
    }
  }
  parseDocument(out).children.forEach(visit)
  return found
}

const prose = "<p>" + "A quiet paragraph of prose about the harbour at dawn, long enough to be read. ".repeat(6) +
  "</p>"

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64"
)

describe("the sanitiser", () => {
  for (const [family, payload] of XssCorpus.payloads) {
    it(`drops ${family}`, () => {
      expect(dangerous(sanitize(payload))).toEqual([])
      expect(dangerous(sanitizeArticle(payload).html)).toEqual([])
      expect(dangerous(NoteMarkdown.render(payload))).toEqual([])
    })
  }

  it("drops every payload inside an article Readability keeps", () => {
    const page = `<html><head><title>T</title></head><body><article><h1>T</h1>${prose}${
      XssCorpus.payloads.map(([, p]) => `<p>${p}</p>`).join("\n")
    }${prose}</article></body></html>`
    const article = ReadableHtml.read(page, "https://example.com/a")
    expect(article).toBeDefined()
    expect(dangerous(article?.html ?? "")).toEqual([])
    expect(article?.html).toContain("A quiet paragraph")
  })

  it("keeps prose, safe links (with rel) and headings below the page's title", () => {
    const out = sanitize(
      `<h1>Head</h1><p>Go <a href="https://example.com/x" target="_blank">there</a> <em>now</em></p>`
    )
    expect(out).toBe(
      `<h2>Head</h2><p>Go <a href="https://example.com/x" rel="noopener noreferrer nofollow">there</a> <em>now</em></p>`
    )
  })

  it("takes raster data: images out as images to store, and drops SVG and remote ones", () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`).toString("base64")
    const out = sanitizeArticle(
      `<p><img src="data:image/png;base64,${
        png.toString("base64")
      }" alt="A dot" width="1" height="1" onerror="x"></p>` +
        `<p><img src="data:image/svg+xml;base64,${svg}"><img src="https://tracker.example/p.gif"></p>` +
        `<p><img src="data:image/png;base64,${Buffer.from("not a png at all, really").toString("base64")}"></p>`
    )
    expect(out.images).toHaveLength(1)
    expect(out.images[0]?.contentType).toBe("image/png")
    expect(out.html).toBe(`<p><img data-reader-image="0" alt="A dot" width="1" height="1" /></p><p></p><p></p>`)
  })

  it("leaves no markup-like text in an attribute: only real image tags read as placeholders", () => {
    const data = `data:image/png;base64,${png.toString("base64")}`
    const out = sanitizeArticle(`<p><img src="${data}" alt='<img data-reader-image="0" src="javascript:x">'></p>`)
    expect(out.html.match(/<img/g)).toHaveLength(1)
    expect(out.html).toContain(`alt="&lt;img data-reader-image=&quot;0&quot;`)
  })

  it("never keeps a page's own data-reader-image", () => {
    const out = sanitizeArticle(`<p><img data-reader-image="0" src="https://x.example/a.png"></p>`)
    expect(out.images).toHaveLength(0)
    expect(out.html).not.toContain("data-reader-image")
  })

  it("drops the article's first heading when it repeats the title (the page shows the title above it)", () => {
    const page =
      `<html><head><title>Tides · Coast</title></head><body><article><h1>Tides</h1>${prose}<h2>Tides</h2>${prose}` +
      `</article></body></html>`
    const html = ReadableHtml.read(page, "https://example.com/a")?.html ?? ""
    expect(html.match(/<h2>Tides<\/h2>/g)).toHaveLength(1)
    expect(html.indexOf("<h2>")).toBeGreaterThan(html.indexOf("A quiet paragraph"))
    const dotted =
      `<html><head><title>Tides · Coast Notes</title></head><body><article><h1>Tides</h1>${prose}</article>` +
      `</body></html>`
    expect(ReadableHtml.read(dotted, "https://example.com/a")?.html).not.toContain("<h2>")
    const other =
      `<html><head><title>Tides</title></head><body><article><h1>Tidal pools</h1>${prose}</article></body></html>`
    expect(ReadableHtml.read(other, "https://example.com/a")?.html).toContain("<h2>Tidal pools</h2>")
  })

  it("resolves an article's relative links against its address", () => {
    const page =
      `<html><body><article><h1>T</h1>${prose}<p>See <a href="/more">more</a>.</p>${prose}</article></body></html>`
    expect(ReadableHtml.read(page, "https://example.com/a/b")?.html).toContain(`href="https://example.com/more"`)
  })
})

describe("notes as Markdown", () => {
  it("keeps line breaks, links, emphasis, lists and code; shows raw HTML as text", () => {
    const out = NoteMarkdown.render(
      "First line\nsecond *line* <b>bold?</b>\n\n- one\n- two\n\n`code` https://example.com"
    )
    expect(out).toContain("First line<br />\nsecond <em>line</em> &lt;b&gt;bold?&lt;/b&gt;")
    expect(out).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>")
    expect(out).toContain(`<code>code</code> <a href="https://example.com" rel="noopener noreferrer nofollow">`)
  })

  it("renders no images and no headings (they would load from elsewhere or outshout the page)", () => {
    const out = NoteMarkdown.render("# Big\n\n![x](https://tracker.example/p.gif)")
    expect(out).not.toContain("<img")
    expect(out).not.toContain("<h")
  })
})

describe("large pages", () => {
  it("reads a page of many elements from its main content, and gives up on one without it", () => {
    const filler = Array.from({ length: 2_500 }, (_, i) => `<div><span>cell ${i}</span></div>`).join("")
    const story = `<article><h1>Big</h1>${prose}${prose}</article>`
    const withMain = ReadableHtml.read(`<html><body>${filler}${story}</body></html>`, "https://example.com/big")
    expect(withMain?.html).toContain("A quiet paragraph")
    const without = ReadableHtml.read(`<html><body>${filler}<div>${prose}</div></body></html>`, "https://example.com/x")
    expect(without).toBeUndefined()
  })
})
