/** HtmlPageExtractor: content-type routing, charsets, metadata precedence, readable text, bot challenges. */
import { PageExtractor } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import * as HtmlPageExtractor from "../../src/extract/HtmlPageExtractor.js"
import * as Pdf from "./fixtures/Pdf.js"

const fixture = (name: string): Uint8Array => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

const extract = (url: string, contentType: string, body: Uint8Array | string) =>
  Effect.flatMap(PageExtractor, (extractor) => extractor.extract({ url, contentType, body }))

layer(HtmlPageExtractor.layer)("HtmlPageExtractor", (it) => {
  describe("HTML metadata", () => {
    it.effect("an article with Open Graph tags: og values win, the article text is read without menus or footers", () =>
      Effect.gen(function*() {
        const page = yield* extract(
          "https://garden.example/2024/bees",
          "text/html; charset=utf-8",
          fixture("article-og.html")
        )
        expect(page.type).toBe("article")
        expect(page.title).toBe("How Honeybees Tell Each Other Where the Flowers Are")
        expect(page.description).toBe("The waggle dance encodes direction and distance to food.")
        expect(page.image).toBe("https://cdn.garden.example/img/bees-1200.jpg")
        expect(page.favicon).toBe("https://garden.example/favicon-32.png")
        expect(page.challenge).toBe(false)
        expect(page.text).toContain("Honeybees communicate the location of flowers through a waggle dance.")
        expect(page.text).toContain("productive flowers.")
        expect(page.text).not.toMatch(/Insects|All rights reserved|dataLayer|font-family/)
        // Blocks apart by a blank line; inside a block, single spaces.
        for (const block of page.text.split("\n\n")) expect(block).not.toMatch(/\s{2}|\n/)
      }))

    it.effect("a plain site: the <title> (whitespace collapsed) and the meta description; no icon declared, none guessed", () =>
      Effect.gen(function*() {
        const page = yield* extract("https://example.com/", "text/html", fixture("plain-site.html"))
        expect(page.type).toBe("website")
        expect(page.title).toBe("Example Domain")
        expect(page.description).toBe("An illustrative domain for use in documents.")
        expect(page.image).toBe("")
        expect(page.favicon).toBe("")
        expect(page.text).toContain("This domain is for use in illustrative examples in documents.")
      }))

    it.effect("without a declared preview image, the first large content image (not a logo, an icon or a pixel)", () =>
      Effect.gen(function*() {
        const html = (images: string) =>
          `<!doctype html><html><head><title>Trip</title></head><body><header><img src="/banner.jpg" width="1200" height="300"></header>
<article><h1>Trip</h1><img src="/pixel.gif" width="1" height="1"><img src="data:image/png;base64,AAAA" width="800" height="600">
${images}<p>${"A long walk by the lake. ".repeat(30)}</p></article></body></html>`
        const page = yield* extract(
          "https://walks.example/trip/",
          "text/html",
          html(`<img src="logo.png" width="120" height="40"><img src="photos/lake.jpg" width="960px" height="540">`)
        )
        expect(page.image).toBe("https://walks.example/trip/photos/lake.jpg")
        const none = yield* extract("https://walks.example/trip/", "text/html", html(`<img src="big.jpg">`))
        expect(none.image).toBe("")
      }))

    it.effect("JSON-LD only: the article node's headline, description and image, never the site's name", () =>
      Effect.gen(function*() {
        const page = yield* extract("https://planet.example/news/lanes", "text/html", fixture("jsonld-only.html"))
        expect(page.title).toBe("City Council Approves New Bicycle Lanes & Parks")
        expect(page.description).toBe("The vote passed 7–2 after a long debate.")
        expect(page.image).toBe("https://planet.example/media/lanes.jpg")
        expect(page.type).toBe("article")
      }))

    it.effect("entities are decoded (also when escaped twice), names are space-separated, attribute case is ignored", () =>
      Effect.gen(function*() {
        const page = yield* extract("https://toons.example/chase", "text/html", fixture("entities-names.html"))
        expect(page.title).toBe("Tom & Jerry's \"Great\" Chase — Café Edition")
        expect(page.description).toBe("Cats & mice … together ❤")
        expect(page.image).toBe("https://images.example.org/chase.png")
      }))

    it.effect("a meta tag naming several properties counts for each, however the names are spaced or cased", () =>
      Effect.gen(function*() {
        const page = yield* extract(
          "https://m.example/a",
          "text/html",
          `<html><head><title>Weak title</title>
<meta name="description" content="A weaker description.">
<meta content="Strong &amp; declared" property="twitter:title
  OG:TITLE"/>
<meta property="og:description	twitter:description" name="x" content="The declared description.">
<meta name=" twitter:image  og:image " content="/card.png">
</head><body><h1>Weak heading</h1><p>Some text of the page itself.</p></body></html>`
        )
        expect(page).toMatchObject({
          title: "Strong & declared",
          description: "The declared description.",
          image: "https://m.example/card.png"
        })
      }))

    it.effect("an icon served without a type is recognised by its bytes", () =>
      Effect.gen(function*() {
        const ico = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16])
        expect((yield* extract("https://i.example/favicon.ico", "application/octet-stream", ico)).type).toBe("image")
        expect((yield* extract("https://i.example/favicon.ico", "", ico)).type).toBe("image")
        expect((yield* extract("https://i.example/favicon.ico", "", "<html><title>Not found</title></html>")).type)
          .toBe("website")
      }))

    it.effect("the text is blocks: headings apart from paragraphs, furniture, citation markers and players left out", () =>
      Effect.gen(function*() {
        const page = yield* extract(
          "https://w.example/wiki/Borrowing",
          "text/html",
          `<html><head><title>Borrowing - W</title></head><body>
<div class="cookie-banner"><p>We use cookies to give you the best experience on this site.</p><button>Accept</button></div>
<main><h1>Borrowing</h1>
<div class="video-js"><div class="vjs-control-bar"><span class="vjs-control-text">Play Video</span><div>Current Time 0:00</div></div></div>
<p>A reference lets code use a value without owning it.<sup class="reference"><a href="#c1">[1]</a></sup> The owner keeps it.</p>
<h2>Mutable references<span class="mw-editsection">[edit]</span></h2>
<p>You can have either one mutable reference or any number of immutable references.</p>
<div class="newsletter-signup"><p>Get every chapter delivered to your inbox.</p></div>
</main></body></html>`
        )
        // Readability leaves out the heading that repeats the title.
        expect(page.text).toBe([
          "A reference lets code use a value without owning it. The owner keeps it.",
          "Mutable references",
          "You can have either one mutable reference or any number of immutable references."
        ].join("\n\n"))
        expect(page.title).toBe("Borrowing")
        expect(page.description).toBe("A reference lets code use a value without owning it. The owner keeps it.")
      }))

    it.effect("a browser's own error page (a refused navigation) is not taken for the page", () =>
      Effect.gen(function*() {
        const page = yield* extract(
          "https://n.example/",
          "text/html",
          `<html><head><title>[::1] is blocked</title><style>${
            "body{}".repeat(50_000)
          }</style></head><body class="neterror"><div id="main-frame-error" class="interstitial-wrapper"><h1>[::1] is blocked</h1><p>ERR_BLOCKED_BY_CLIENT</p></div></body></html>`
        )
        expect(page).toMatchObject({ challenge: true, title: "", text: "" })
      }))

    it.effect("relative image and icons resolve against <base href>; the largest icon by sizes wins", () =>
      Effect.gen(function*() {
        const page = yield* extract(
          "https://site.example/blog/posts/one.html",
          "text/html",
          fixture("relative-assets.html")
        )
        expect(page.image).toBe("https://site.example/blog/images/cover.jpg")
        expect(page.favicon).toBe("https://site.example/static/icon-192.png")
      }))

    it.effect("an apple-touch-icon without sizes beats small icons; an icon list without sizes keeps the first", () =>
      Effect.gen(function*() {
        const touch = yield* extract(
          "https://a.example/",
          "text/html",
          `<html><head><link rel="icon" sizes="32x32" href="/32.png"><link rel="apple-touch-icon" href="/touch.png"></head></html>`
        )
        expect(touch.favicon).toBe("https://a.example/touch.png")
        const plain = yield* extract(
          "https://a.example/x/",
          "text/html",
          `<html><head><link rel="icon" href="first.ico"><link rel="icon" href="second.ico"></head></html>`
        )
        expect(plain.favicon).toBe("https://a.example/x/first.ico")
      }))

    it.effect("no title and no metadata: the first h1 is the title", () =>
      Effect.gen(function*() {
        const page = yield* extract("https://app.example/releases", "text/html", fixture("h1-title.html"))
        expect(page.title).toBe("Release notes for version 2.0")
        expect(page.description).toBe(
          "This release adds offline mode, a faster search index and a redesigned settings page."
        )
      }))

    it.effect("bounds: a title of 2,000 characters is clipped to 500, a description to 1,000", () =>
      Effect.gen(function*() {
        const long = "word ".repeat(400)
        const page = yield* extract(
          "https://b.example/",
          "text/html",
          `<html><head><title>${long}</title><meta name="description" content="${long}${long}"></head><body></body></html>`
        )
        expect(page.title.length).toBeLessThanOrEqual(500)
        expect(page.title.length).toBeGreaterThan(400)
        expect(page.title.endsWith("…")).toBe(true)
        expect(page.description.length).toBeLessThanOrEqual(1_000)
        expect(page.description.length).toBeGreaterThan(900)
      }))

    it.effect("og:type video.* makes a video; a readable article without declarations is an article", () =>
      Effect.gen(function*() {
        const video = yield* extract(
          "https://tube.example/watch?v=1",
          "text/html",
          `<html><head><meta property="og:type" content="video.other"><meta property="og:title" content="Clip"></head></html>`
        )
        expect(video.type).toBe("video")
        const paragraph = "<p>" +
          "Long readable paragraph with real sentences about the history of printing presses. ".repeat(6) + "</p>"
        const article = yield* extract(
          "https://c.example/story",
          "text/html",
          `<html><head><title>Printing</title></head><body><div class="content">${
            paragraph.repeat(4)
          }</div></body></html>`
        )
        expect(article.type).toBe("article")
      }))
  })

  describe("charsets", () => {
    it.effect("a windows-1252 page declared in http-equiv is decoded with that charset", () =>
      Effect.gen(function*() {
        const page = yield* extract("https://cafe.example/", "text/html", fixture("windows-1252.html"))
        expect(page.title).toBe("Café crème – “naïve” résumé")
        expect(page.text).toContain("Der Bäcker backt Brötchen für über 100 €.")
      }))

    it.effect("the Content-Type charset wins over the page's own declaration; Shift_JIS decodes", () =>
      Effect.gen(function*() {
        const page = yield* extract("https://jp.example/", "text/html; charset=Shift_JIS", fixture("shift-jis.html"))
        expect(page.title).toBe("東京の天気")
        expect(page.text).toContain("今日は晴れです。")
        const wrongMeta = new TextEncoder().encode(
          `<html><head><meta charset="iso-8859-1"><title>naïve</title></head></html>`
        )
        expect((yield* extract("https://u.example/", "text/html;charset=utf-8", wrongMeta)).title).toBe("naïve")
      }))

    it.effect("without any declaration the bytes are UTF-8; an unknown charset label falls back to UTF-8", () =>
      Effect.gen(function*() {
        const bytes = new TextEncoder().encode(`<html><head><title>Grüße</title></head></html>`)
        expect((yield* extract("https://d.example/", "text/html", bytes)).title).toBe("Grüße")
        expect((yield* extract("https://d.example/", "text/html; charset=x-no-such", bytes)).title).toBe("Grüße")
      }))
  })

  describe("content types", () => {
    it.effect("image/*: an image whose preview is the URL itself, titled by the file name", () =>
      Effect.gen(function*() {
        const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
        const page = yield* extract("https://img.example/photos/sunset%20beach.png", "image/png", png)
        expect(page).toEqual({
          type: "image",
          title: "sunset beach.png",
          description: "",
          image: "https://img.example/photos/sunset%20beach.png",
          favicon: "",
          text: "",
          challenge: false
        })
      }))

    it.effect("application/pdf: a pdf titled by its /Title, else by the file name", () =>
      Effect.gen(function*() {
        const withTitle = new TextEncoder().encode(
          "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n2 0 obj\n<< /Title (Annual Report \\(2023\\)) /Author (Ada) >>\nendobj\ntrailer\n<< /Info 2 0 R >>\n%%EOF"
        )
        const titled = yield* extract("https://docs.example/files/ar-2023.pdf", "application/pdf", withTitle)
        expect(titled.type).toBe("pdf")
        expect(titled.title).toBe("Annual Report (2023)")
        const untitled = yield* extract(
          "https://docs.example/files/ar-2023.pdf",
          "application/pdf",
          new TextEncoder().encode("%PDF-1.7\n%%EOF")
        )
        expect(untitled.title).toBe("ar-2023.pdf")
        const utf16 = new Uint8Array(new TextEncoder().encode("%PDF-1.4 << /Title <FEFF00C400620063> >>"))
        expect((yield* extract("https://docs.example/x.pdf", "application/pdf", utf16)).title).toBe("Äbc")
      }))

    it.effect("application/pdf: its text as paragraphs, the first paragraph of prose as the description", () =>
      Effect.gen(function*() {
        const body = Pdf.make({
          title: "Tide gauges of the Cornish coast",
          pages: [
            [
              "Tide gauges of the Cornish coast",
              "",
              "Tide gauges record the height of the sea every few minutes, and the oldest",
              "gauge in Cornwall has done so at Newlyn since 1915.",
              "",
              "Its readings define the height above sea level used on British maps."
            ],
            [
              "Methods",
              "",
              "A float in a stilling well rises and falls with the tide, and a pen or a",
              "sensor records its height. Modern gauges also use radar above the water."
            ]
          ]
        })
        const pdf = yield* extract("https://docs.example/files/gauges.pdf", "application/pdf", body)
        expect(pdf.type).toBe("pdf")
        expect(pdf.title).toBe("Tide gauges of the Cornish coast")
        expect(pdf.description).toBe(
          "Tide gauges record the height of the sea every few minutes, and the oldest gauge in Cornwall has done so at Newlyn since 1915."
        )
        expect(pdf.text).toBe([
          "Tide gauges of the Cornish coast",
          "Tide gauges record the height of the sea every few minutes, and the oldest gauge in Cornwall has done so at Newlyn since 1915.",
          "Its readings define the height above sea level used on British maps.",
          "Methods",
          "A float in a stilling well rises and falls with the tide, and a pen or a sensor records its height. Modern gauges also use radar above the water."
        ].join("\n\n"))
        // Without an information title, and a body pdf.js cannot read: the title as before, no text.
        const untitled = yield* extract(
          "https://docs.example/files/notes.pdf",
          "application/pdf",
          Pdf.make({ pages: [["A short note on gauges that ends here."]] })
        )
        expect(untitled.title).toBe("notes.pdf")
        expect(untitled.text).toBe("A short note on gauges that ends here.")
        const broken = yield* extract(
          "https://docs.example/files/broken.pdf",
          "application/pdf",
          new TextEncoder().encode("%PDF-1.4\ngarbage")
        )
        expect(broken).toMatchObject({ type: "pdf", title: "broken.pdf", text: "" })
      }))

    it.effect("video/*: a video; text/plain: a website with the text; octet-stream is sniffed", () =>
      Effect.gen(function*() {
        expect((yield* extract("https://v.example/clip.mp4", "video/mp4", new Uint8Array(16))).type).toBe("video")
        const plain = yield* extract(
          "https://t.example/notes.txt",
          "text/plain; charset=utf-8",
          "First line.\n\n  Second   line."
        )
        expect(plain).toMatchObject({ type: "website", title: "notes.txt", text: "First line.\n\nSecond line." })
        const sniffedPdf = yield* extract(
          "https://t.example/download?id=3",
          "application/octet-stream",
          new TextEncoder().encode("%PDF-1.5\n")
        )
        expect(sniffedPdf.type).toBe("pdf")
        const sniffedHtml = yield* extract(
          "https://t.example/page",
          "",
          "<!DOCTYPE html><html><head><title>Sniffed</title></head></html>"
        )
        expect(sniffedHtml.title).toBe("Sniffed")
        const mislabelled = yield* extract(
          "https://t.example/page",
          "text/plain",
          "\n  <html><head><title>Served as text</title></head></html>"
        )
        expect(mislabelled.title).toBe("Served as text")
        const xhtml = yield* extract(
          "https://t.example/x",
          "application/xhtml+xml",
          `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML page</title></head><body/></html>`
        )
        expect(xhtml.title).toBe("XHTML page")
      }))
  })

  describe("bot challenges", () => {
    it.effect("a Cloudflare challenge gives no title, description or text, but keeps the favicon", () =>
      Effect.gen(function*() {
        const page = yield* extract(
          "https://www.example.com/article",
          "text/html",
          fixture("cloudflare-challenge.html")
        )
        expect(page).toEqual({
          type: "website",
          title: "",
          description: "",
          image: "",
          favicon: "https://www.example.com/favicon-cf.png",
          text: "",
          challenge: true
        })
      }))

    it.effect("DDoS-Guard, Akamai and PerimeterX walls are challenges", () =>
      Effect.gen(function*() {
        const walls = [
          `<html><head><title>DDoS-Guard</title></head><body><div>Checking your browser before accessing example.com</div></body></html>`,
          `<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>You don't have permission to access "http://www.example.com/" on this server.<p>Reference #18.2a3b4c5d.1700000000.1234abcd</p></body></html>`,
          `<html><head><title>Access to this page has been denied.</title></head><body><div id="px-captcha"></div></body></html>`,
          `<html><head><title>Attention Required! | Cloudflare</title></head><body>Please enable cookies.</body></html>`,
          `<html><head><title>Shop</title></head><body><noscript>Please enable JavaScript and cookies to continue</noscript></body></html>`
        ]
        for (const html of walls) {
          expect((yield* extract("https://www.example.com/", "text/html", html)).challenge).toBe(true)
        }
      }))

    it.effect("an ordinary article behind Cloudflare (its challenge-platform script) is not a challenge", () =>
      Effect.gen(function*() {
        const html = new TextDecoder().decode(fixture("article-og.html")).replace(
          "</body>",
          `<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body>`
        )
        const page = yield* extract("https://garden.example/2024/bees", "text/html", html)
        expect(page.challenge).toBe(false)
        expect(page.title).toBe("How Honeybees Tell Each Other Where the Flowers Are")
      }))
  })

  describe("robustness", () => {
    it.effect("broken, empty and binary input never fails", () =>
      Effect.gen(function*() {
        const inputs: ReadonlyArray<Uint8Array | string> = [
          "",
          "<",
          "<html><head><title>Unclosed",
          "<html><body><script>never closed",
          "<html><body><div><div><p>deep <b>nesting <i>without closing tags",
          `<html><head><script type="application/ld+json">{ not json ]</script><meta property="og:image" content="javascript:alert(1)"></head></html>`,
          new Uint8Array([0, 255, 1, 254, 60, 104, 116, 109, 108, 62])
        ]
        for (const body of inputs) {
          const page = yield* extract("https://e.example/p", "text/html", body)
          expect(page.favicon).toBe("")
          expect(page.image).toBe("")
        }
        expect((yield* extract("https://e.example/p", "text/html", "<html><head><title>Unclosed")).title).toBe(
          "Unclosed"
        )
      }))

    it.effect("a 1 MB page is read with its text bounded to 200,000 characters", () =>
      Effect.gen(function*() {
        const paragraph =
          "<p>A sentence about honeybees and waggle dances that repeats to make a large article page.</p>\n"
        const html = `<html><head><title>Big</title></head><body><article>${
          paragraph.repeat(11_000)
        }</article></body></html>`
        expect(html.length).toBeGreaterThan(1_000_000)
        const page = yield* extract("https://big.example/", "text/html", html)
        expect(page.title).toBe("Big")
        expect(page.text.length).toBeGreaterThan(100_000)
        expect(page.text.length).toBeLessThanOrEqual(200_000)
      }))
  })
})
