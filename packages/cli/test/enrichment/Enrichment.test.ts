/**
 * Background enrichment end to end (embedded mode): save through `POST /bookmarks`, wait for `ready`, read the
 * bookmark back. The service runs with the SSRF address policy ON: only the loopback fixture server is
 * allowlisted (never ALLOW_PRIVATE_NETWORK), and a separate loopback trap listener, never allowlisted, counts every
 * connection that reaches it. One service for both parts: starting one costs seconds of CPU.
 */
import { External, Waiting } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  articleCallerTags,
  expectArticle,
  expectBlocked,
  expectBodySearch,
  expectScreenshotServed,
  expectSummaryFrom,
  expectTagsFrom
} from "../support/EnrichmentExpectations.js"
import * as E from "../support/EnrichmentService.js"
import * as Pages from "../support/FixturePages.js"

const chromium = External.needs("CHROMIUM_PATH")

/** Spellings of an address inside this machine, by name; each is saved as a bookmark. */
const spellings = (
  trapPort: number,
  fixtureUrl: (path: string) => string
): ReadonlyArray<readonly [string, string]> => [
  ["IPv4 loopback", `http://127.0.0.1:${trapPort}/`],
  ["localhost", `http://localhost:${trapPort}/admin`],
  ["localhost with a trailing dot", `http://localhost.:${trapPort}/admin`],
  ["IPv4 loopback with a trailing dot", `http://127.0.0.1.:${trapPort}/`],
  ["IPv6 loopback", `http://[::1]:${trapPort}/`],
  ["IPv6 loopback written out", `http://[0:0:0:0:0:0:0:1]:${trapPort}/`],
  ["IPv4-mapped IPv6", `http://[::ffff:127.0.0.1]:${trapPort}/`],
  ["decimal", `http://2130706433:${trapPort}/`],
  ["hexadecimal", `http://0x7f000001:${trapPort}/`],
  ["octal", `http://0177.0.0.1:${trapPort}/`],
  ["short form", `http://127.1:${trapPort}/`],
  ["unspecified address", `http://0.0.0.0:${trapPort}/`],
  ["unspecified address as 0", `http://0:${trapPort}/`],
  ["IPv6 unspecified address", `http://[::]:${trapPort}/`],
  ["a name that resolves to 127.0.0.1", `http://${Pages.internalNames.v4}:${trapPort}/`],
  ["a name that resolves to 127.0.0.1, with a trailing dot", `http://${Pages.internalNames.v4}.:${trapPort}/`],
  ["a name that resolves to ::1", `http://${Pages.internalNames.v6}:${trapPort}/`],
  ["a name with one loopback address among two", `http://${Pages.internalNames.mixed}:${trapPort}/`],
  ["an allowlisted page redirecting to the trap", fixtureUrl(Pages.toTrap.path)]
]

describe("enrichment end to end (embedded)", () => {
  let setup: E.Setup
  const ids: Record<string, string> = {}
  /** What the bookmark behind the resolver outage said while its retries were pending. */
  let flakyReasons: Promise<ReadonlyArray<string>> = Promise.resolve([])
  const bookmark = (name: string) => {
    const id = ids[name]
    if (id === undefined) throw new Error(`nothing saved as ${name}`)
    return E.ready(setup, id)
  }

  beforeAll(async () => {
    setup = await E.start({ mode: "embedded" })
    const url = setup.fixtures.url
    // All saved up front: the worker processes them while the tests wait for each in turn. The slow page goes
    // first: its retries come back between the quick pages.
    ids["slow"] = await E.save(setup, url(Pages.slow.path))
    // Refused before any connection: these finish in milliseconds.
    for (const [name, target] of spellings(setup.trap.port, url)) ids[name] = await E.save(setup, target)
    ids["file"] = await E.save(setup, url(Pages.toFile.path))
    ids["article"] = await E.save(setup, url(Pages.article.path), { tags: [...articleCallerTags] })
    ids["plain"] = await E.save(setup, url(Pages.plain.path))
    ids["image"] = await E.save(setup, url(Pages.image.path), { tags: "photos, harbour" })
    ids["pdf"] = await E.save(setup, url(Pages.pdf.path))
    ids["redirect"] = await E.save(setup, url(Pages.redirectChain.path))
    ids["challenge"] = await E.save(setup, url(Pages.challenge.path), { tags: ["walled"] })
    ids["jsTitle"] = await E.save(setup, url(Pages.jsTitle.path))
    ids["tall"] = await E.save(setup, url(Pages.tall.path))
    ids["gzipBomb"] = await E.save(setup, url(Pages.gzipBomb.path))
    ids["latin1"] = await E.save(setup, url(Pages.latin1.path))
    ids["loop"] = await E.save(setup, url(Pages.redirectLoop.path))
    ids["missing"] = await E.save(setup, url(Pages.missing.path))
    ids["endless"] = await E.save(setup, url(Pages.endless.path))
    ids["missingName"] = await E.save(setup, `http://${Pages.failingNames.missing}:${setup.fixtures.port}/`)
    ids["flakyName"] = await E.save(setup, `http://${Pages.failingNames.flaky}:${setup.fixtures.port}/`)
    flakyReasons = E.pendingReasons(setup, ids["flakyName"])
    ids["jsBuilt"] = await E.save(setup, url(Pages.jsBuilt.path))
    if (chromium.run) {
      for (const page of [Pages.trapSubresources, Pages.cloakedRedirect, Pages.scriptedNavigation]) {
        ids[page.path] = await E.save(setup, url(page.path))
      }
    }
  })
  afterAll(async () => {
    await setup?.stop()
  })

  it("an article: og metadata, absolute image and icon, a quoted summary, caller tags then generated", async () => {
    expectArticle(setup, await bookmark("article"), chromium.run)
  })

  it("a plain site: <title> and meta description; no favicon, since its /favicon.ico answers 404; no image", async () => {
    const b = await bookmark("plain")
    expect(b).toMatchObject({
      status: "ready",
      processingError: "",
      type: "website",
      title: Pages.plain.title,
      description: Pages.plain.description,
      image: "",
      favicon: ""
    })
    // The conventional icon was asked for, through the guarded fetcher, and its 404 was not shown as a favicon.
    expect(setup.fixtures.hits("/favicon.ico")).toBeGreaterThanOrEqual(1)
    const text = Pages.visibleText(Pages.plain.paragraphs)
    expectSummaryFrom(b.summary, text)
    expectTagsFrom(b.tags, text)
  })

  it("an image: type image, named after its file, the image itself as preview, caller tags only", async () => {
    const b = await bookmark("image")
    expect(b).toMatchObject({
      status: "ready",
      processingError: "",
      type: "image",
      title: Pages.image.title,
      image: setup.fixtures.url(Pages.image.path),
      favicon: "",
      summary: "",
      screenshot: "",
      tags: ["photos", "harbour"]
    })
  })

  it("a PDF: type pdf, titled from its document information", async () => {
    const b = await bookmark("pdf")
    expect(b).toMatchObject({
      status: "ready",
      processingError: "",
      type: "pdf",
      title: Pages.pdf.title,
      screenshot: ""
    })
  })

  it("a chain of three redirects: the final page's metadata, its relative references resolved against it", async () => {
    const b = await bookmark("redirect")
    expect(b).toMatchObject({
      status: "ready",
      processingError: "",
      url: setup.fixtures.url(Pages.redirectChain.path),
      title: Pages.redirectChain.title,
      description: Pages.redirectChain.description,
      favicon: setup.fixtures.url(Pages.redirectChain.icon),
      image: setup.fixtures.url(Pages.redirectChain.image)
    })
    for (const hop of ["/hop/1", "/hop/2", "/hop/3"]) expect(setup.fixtures.hits(hop)).toBeGreaterThanOrEqual(1)
  })

  it("a bot challenge page: its title is not taken, the reason is named, caller tags kept", async () => {
    const b = await bookmark("challenge")
    expect(b.status).toBe("ready")
    expect(b.title).not.toBe(Pages.challenge.wallTitle)
    expect(b).toMatchObject({
      title: "",
      description: "",
      summary: "",
      screenshot: "",
      tags: ["walled"],
      processingError: "blocked by a bot challenge"
    })
  })

  it("an endless body: reading stops at the cap, the bookmark still ends ready with what the start had", async () => {
    const b = await bookmark("endless")
    expect(b).toMatchObject({ status: "ready", processingError: "", title: Pages.endless.title, screenshot: "" })
    expect(Pages.endlessResponses.length).toBeGreaterThanOrEqual(1)
    // The fetcher hung up on the stream, which would otherwise never end.
    await Waiting.pollUntil(
      "every endless response to be closed",
      () => Pages.endlessResponses.every((r) => r.closed),
      {
        timeoutMs: 5_000
      }
    )
    // A page over the cap is not rendered: a browser would read it again with no cap at all.
    expect(Pages.endlessResponses.filter((r) => r.browser)).toEqual([])
    const text = await E.pageText(setup, b.id)
    expect(text.length).toBeGreaterThan(1_000)
    expect(text.length).toBeLessThanOrEqual(E.fetchLimits.maxBytes)
  })

  it("a page slower than the fetch timeout: retried, then ready with processingError \"timeout\"", async () => {
    const b = await bookmark("slow")
    expect(b).toMatchObject({ status: "ready", processingError: "timeout", title: "", summary: "" })
    // The first attempt and the three retries of ENRICHMENT_RETRY_SCHEDULE.
    expect(setup.fixtures.hits(Pages.slow.path)).toBe(4)
  })

  it("a gzip body that inflates to 32 MB: capped on the inflated bytes, ready with its title and text", async () => {
    const b = await bookmark("gzipBomb")
    expect(b).toMatchObject({ status: "ready", processingError: "", title: Pages.gzipBomb.title, screenshot: "" })
    const text = await E.pageText(setup, b.id)
    expect(text).toBe(Pages.gzipBomb.sentence)
  })

  it("a page in windows-1252 declared only in Content-Type: its title decoded correctly", async () => {
    const b = await bookmark("latin1")
    expect(b).toMatchObject({ status: "ready", processingError: "", title: Pages.latin1.title })
  })

  it("a redirect loop: ready with processingError \"too many redirects\" after 5 hops, not retried", async () => {
    const b = await bookmark("loop")
    expect(b).toMatchObject({ status: "ready", processingError: "too many redirects", title: "" })
    expect(setup.fixtures.hits(Pages.redirectLoop.path)).toBe(6)
  })

  it("a 404 page: ready with processingError \"HTTP 404\", its error page not taken as the bookmark's title", async () => {
    const b = await bookmark("missing")
    expect(b).toMatchObject({ status: "ready", processingError: "HTTP 404", title: "", summary: "", screenshot: "" })
    expect(setup.fixtures.hits(Pages.missing.path)).toBe(1)
  })

  it("a name that does not exist: ready at once with \"host name not found\", the name asked once", async () => {
    const b = await bookmark("missingName")
    expect(b).toMatchObject({ status: "ready", processingError: "host name not found", title: "" })
    expect(E.resolved.filter((host) => host === Pages.failingNames.missing)).toHaveLength(1)
  })

  it("a resolver outage (EAI_AGAIN): retried, the reason and next attempt shown meanwhile, then \"DNS lookup failed\"", async () => {
    const b = await bookmark("flakyName")
    expect(b).toMatchObject({ status: "ready", processingError: "DNS lookup failed" })
    // The first attempt and the three retries of ENRICHMENT_RETRY_SCHEDULE.
    expect(E.resolved.filter((host) => host === Pages.failingNames.flaky)).toHaveLength(4)
    const reasons = await flakyReasons
    expect(reasons.length).toBeGreaterThanOrEqual(1)
    for (const reason of reasons) {
      expect(reason).toMatch(/^DNS lookup failed; next attempt at \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    }
  })

  it("full-text search finds a bookmark by a word that only its page body contains", async () => {
    const id = ids["article"]
    if (id === undefined) throw new Error("article not saved")
    await expectBodySearch(setup, id)
  })

  // Always runs, also where Chromium is installed: this service's CHROMIUM_PATH names a file that does not exist, and
  // a configured path is taken at its word (no fallback to the system browser), so the service has no browser.
  describe("without a browser", () => {
    let bare: E.Setup
    const hidden = join(tmpdir(), `no-browser-${process.pid}-${Date.now()}`, "chromium")
    beforeAll(async () => {
      bare = await E.start({ mode: "embedded", env: { SCREENSHOTS: "true", CHROMIUM_PATH: hidden } })
    })
    afterAll(async () => {
      await bare?.stop()
    })

    it("a title set only by script stays empty (the static markup has none), and there is no screenshot", async () => {
      const b = await E.ready(bare, await E.save(bare, bare.fixtures.url(Pages.jsTitle.path)))
      expect(b).toMatchObject({ status: "ready", processingError: "", title: "", screenshot: "" })
      expectSummaryFrom(b.summary, Pages.visibleText(Pages.jsTitle.paragraphs))
    })

    it("an article keeps everything the page declares; only the screenshot is missing", async () => {
      const id = await E.save(bare, bare.fixtures.url(Pages.article.path), { tags: [...articleCallerTags] })
      expectArticle(bare, await E.ready(bare, id), false)
    })
  })

  describe.runIf(chromium.run)("with Chromium", () => {
    it("a title set only by script is found in the rendered page", async () => {
      const b = await bookmark("jsTitle")
      expect(b).toMatchObject({ status: "ready", processingError: "", title: Pages.jsTitle.title })
      expect(b.screenshot).not.toBe("")
      expectSummaryFrom(b.summary, Pages.visibleText(Pages.jsTitle.paragraphs))
    })

    it("a page built by script: the rendered text feeds the summary, the tags and search, not \"Loading…\"", async () => {
      const b = await bookmark("jsBuilt")
      expect(b).toMatchObject({ status: "ready", processingError: "", title: Pages.jsBuilt.title })
      const text = Pages.visibleText(Pages.jsBuilt.paragraphs)
      expectSummaryFrom(b.summary, text)
      expect(b.summary).not.toContain("Loading")
      expect(b.tags.length).toBeGreaterThanOrEqual(1)
      expectTagsFrom(b.tags, text)
      expect(await E.pageText(setup, b.id)).toContain(Pages.jsBuilt.paragraphs[2])
      const found = await setup.service.client.api("GET", `/bookmarks?q=${Pages.jsBuilt.renderedWord}`, setup.key)
      expect(found.status, found.text).toBe(200)
      expect(found.body.bookmarks.map((x: { id: string }) => x.id)).toEqual([b.id])
    })

    it("a page built by script gets an archived copy: signed, sandboxed, as rendered and without scripts", async () => {
      const b = await bookmark("jsBuilt")
      expect(b.archiveProblem).toBe("")
      expect(b.archivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(b.archive).toMatch(
        new RegExp(`^${setup.service.baseUrl}/archive/[0-9a-f]{32}\\.\\d+\\.[A-Za-z0-9_-]{43}$`)
      )
      const response = await fetch(b.archive)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/)
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      const copy = await response.text()
      expect(copy).toContain(Pages.jsBuilt.paragraphs[2])
      expect(copy).not.toMatch(/<script/i)
      const pdf = await bookmark("pdf")
      const pdfCopy = await fetch(pdf.archive)
      expect(pdfCopy.headers.get("content-type")).toBe("application/pdf")
      expect(pdfCopy.headers.get("content-disposition")).toContain("attachment")
      expect(new TextDecoder().decode((await pdfCopy.arrayBuffer()).slice(0, 5))).toBe("%PDF-")
    })

    it("the screenshot is an immutable JPEG as tall as the rendered page, served without a key", async () => {
      const b = await bookmark("tall")
      expect(b.title).toBe(Pages.tall.title)
      const decoded = await expectScreenshotServed(setup, b.screenshot)
      expect(decoded.width).toBe(1280)
      expect(decoded.height).toBe(Pages.tall.height)
    })
  })

  describe("SSRF (address policy on)", () => {
    const names = spellings(0, () => "").map(([name]) => name)

    it.each(names)("%s: refused, ready with processingError \"blocked by address policy\"", async (name) => {
      const id = ids[name]
      if (id === undefined) throw new Error(`nothing saved as ${name}`)
      expectBlocked(await E.ready(setup, id))
      expect(setup.trap.connections()).toBe(0)
    })

    it("an allowlisted page redirecting to a file: URL: not followed, ready with the reason", async () => {
      const id = ids["file"]
      if (id === undefined) throw new Error("file redirect not saved")
      expectBlocked(await E.ready(setup, id))
    })

    it("the trap saw no connection at all, and the allowlisted origin was reached only for its redirect", async () => {
      for (const id of Object.values(ids)) await E.ready(setup, id)
      expect(setup.trap.connections()).toBe(0)
      // Refused at once, not retried: a policy block is not transient.
      expect(setup.fixtures.hits(Pages.toTrap.path)).toBe(1)
    })

    describe.runIf(chromium.run)("in the browser", () => {
      const readyPage = (path: string) => {
        const id = ids[path]
        if (id === undefined) throw new Error(`${path} not saved`)
        return E.ready(setup, id)
      }
      const screenshotUrl = () => new RegExp(`^${setup.service.api}/assets/[0-9a-f]{32}$`)
      // Give a straggling request from a closing page a moment to arrive, if one were going to.
      const settle = () => Waiting.sleep(300)

      it("a page whose image, iframe, stylesheet, fetch, WebSocket and beacon point at the trap: rendered, 0 connections", async () => {
        const b = await readyPage(Pages.trapSubresources.path)
        expect(b).toMatchObject({ status: "ready", processingError: "", title: Pages.trapSubresources.title })
        // The page itself was rendered: the refusals are per request, not a failed render.
        expect(b.screenshot).toMatch(screenshotUrl())
        await settle()
        expect(setup.trap.connections()).toBe(0)
      })

      it("a page that answers the browser alone with a redirect to the trap: the hop is refused, no screenshot", async () => {
        const b = await readyPage(Pages.cloakedRedirect.path)
        // What the fetcher saw is kept; the browser's navigation was refused, so there is nothing to capture.
        expect(b).toMatchObject({ status: "ready", title: Pages.cloakedRedirect.title, screenshot: "" })
        expect(setup.fixtures.requests.filter((r) => r.path === Pages.cloakedRedirect.path).length)
          .toBeGreaterThanOrEqual(2)
        await settle()
        expect(setup.trap.connections()).toBe(0)
      })

      it("a page that navigates itself to the trap by script: the navigation is refused", async () => {
        const b = await readyPage(Pages.scriptedNavigation.path)
        expect(b).toMatchObject({ status: "ready", title: Pages.scriptedNavigation.title })
        await settle()
        expect(setup.trap.connections()).toBe(0)
      })
    })
  })
})
