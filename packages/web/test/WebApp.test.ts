/**
 * The web app over the in-memory domain, without a browser or a database: sessions, the CSRF checks, another
 * account's bookmark, escaping and the static files. (The Chromium suites in packages/cli test the same promises
 * end to end on real storage.)
 */
import { Actor, createAccount, createUser, editBookmark, saveBookmark, startImport } from "@bookmark-library/domain"
import { FakePageFetcher, FakeWebhookSender, TestApp } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import * as HttpEffect from "effect/http/HttpEffect"
import * as WebApp from "../src/WebApp.js"

const base = "http://127.0.0.1:3000"
const runtime = ManagedRuntime.make(
  Layer.mergeAll(TestApp.layer(), FakeWebhookSender.make().layer, FakePageFetcher.make().layer)
)
let handler: ((request: Request) => Promise<Response>) | undefined

const send = async (
  method: string,
  path: string,
  init: { cookie?: string; form?: Record<string, string>; origin?: string; headers?: Record<string, string> } = {}
) => {
  if (handler === undefined) throw new Error("not built")
  const headers: Record<string, string> = { ...init.headers }
  if (init.cookie !== undefined) headers["cookie"] = init.cookie
  if (init.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded"
  if (init.origin !== undefined) headers["origin"] = init.origin
  const response = await handler(
    new Request(`${base}${path}`, {
      method,
      headers,
      redirect: "manual",
      ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() })
    })
  )
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** A multipart form (the Import page's), as a browser sends it. */
const upload = async (
  cookie: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
  headers: Record<string, string> = {}
) => {
  if (handler === undefined) throw new Error("not built")
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  if (file !== undefined) body.append("file", new Blob([file.bytes]), file.name)
  // Encoded up front: a FormData body is a stream undici fills as it is read, and a refusal that never reads it makes
  // newer undici (Node 24) throw "ReadableStream is already closed" outside the test.
  const encoded = new Response(body)
  const bytes = new Uint8Array(await encoded.arrayBuffer())
  const type = encoded.headers.get("content-type") ?? ""
  const response = await handler(
    new Request(`${base}/imports`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": type, ...headers },
      body: bytes,
      redirect: "manual"
    })
  )
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const csrfOf = (html: string) => /name="_csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? ""

describe("web app over the in-memory domain", () => {
  let cookie = ""
  let otherBookmark = ""
  let otherImport = ""

  beforeAll(async () => {
    const face = await runtime.runPromise(WebApp.make({ publicUrl: base, excludedPrefixes: ["/v1/api", "/admin"] }))
    handler = HttpEffect.toWebHandler(face.app)
    await runtime.runPromise(Effect.gen(function*() {
      const mine = yield* createAccount("free")
      yield* createUser(mine.id, { email: "ada@example.com", password: "analytical engine" })
      const theirs = yield* createAccount("free")
      otherBookmark = (yield* saveBookmark(theirs.id, { url: "https://example.com/theirs" }, "api")).id
      const theirExport = new TextEncoder().encode(
        JSON.stringify({
          format: "bookmark-library-export",
          version: 1,
          exportedAt: "2026-01-01T00:00:00.000Z",
          bookmarks: []
        })
      )
      otherImport = (yield* startImport(theirs.id, theirExport, { format: Option.none(), events: false })).id
    }))
    const signedIn = await send("POST", "/sign-in", {
      form: { email: "ada@example.com", password: "analytical engine" },
      origin: base
    })
    expect(signedIn.status).toBe(303)
    cookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? ""
  })
  afterAll(() => runtime.dispose())

  it("claims every path but the excluded prefixes", async () => {
    const face = await runtime.runPromise(WebApp.make({ publicUrl: base, excludedPrefixes: ["/v1/api", "/admin"] }))
    expect(["/", "/keys", "/v1", "/v1/apix", "/administrator"].map(face.claims)).toEqual([true, true, true, true, true])
    expect(["/v1/api", "/v1/api/bookmarks", "/admin", "/admin/accounts"].map(face.claims)).toEqual([
      false,
      false,
      false,
      false
    ])
  })

  it("a form needs the session's CSRF token and our own origin", async () => {
    const page = await send("GET", "/", { cookie })
    expect(page.status).toBe(200)
    const csrf = csrfOf(page.text)
    expect((await send("POST", "/bookmarks", { cookie, form: { url: "https://example.com/a" }, origin: base })).status)
      .toBe(403)
    expect(
      (await send("POST", "/bookmarks", {
        cookie,
        form: { url: "https://example.com/a", _csrf: "0".repeat(64) },
        origin: base
      })).status
    ).toBe(403)
    expect(
      (await send("POST", "/bookmarks", {
        cookie,
        form: { url: "https://example.com/a", _csrf: csrf },
        origin: "https://evil.example"
      })).status
    ).toBe(403)
    const saved = await send("POST", "/bookmarks", {
      cookie,
      form: { url: "https://example.com/a", _csrf: csrf },
      origin: base
    })
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/?notice=saved"])
    expect((await send("GET", "/", { cookie })).text).toContain("example.com/a")
    const bad = await send("POST", "/bookmarks", {
      cookie,
      form: { url: "ftp://example.com", _csrf: csrf },
      origin: base
    })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain("URL: scheme")
  })

  it("another account's bookmark is not found; a page without a session leads to sign-in", async () => {
    expect((await send("GET", `/bookmarks/${otherBookmark}`, { cookie })).status).toBe(404)
    expect((await send("GET", `/bookmarks/${otherBookmark}/edit`, { cookie })).status).toBe(404)
    const anonymous = await send("GET", "/keys")
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([303, "/sign-in?next=%2Fkeys"])
  })

  it("a hostile title is escaped in the library and on the bookmark page", async () => {
    const page = await send("GET", "/", { cookie })
    const id = /href="\/bookmarks\/(bmk_[0-9A-Za-z]+)"/.exec(page.text)?.[1] ?? ""
    await runtime.runPromise(editBookmark(Actor.operator, id, { title: `<script>alert(1)</script>` }))
    for (const path of ["/", `/bookmarks/${id}`]) {
      const text = (await send("GET", path, { cookie })).text
      expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
      expect(text).not.toContain("<script>alert")
    }
  })

  it("the reader view: another account's is not found; its script is a file; the preview and Done need the token", async () => {
    expect((await send("GET", `/bookmarks/${otherBookmark}/read`, { cookie })).status).toBe(404)
    const page = await send("GET", "/", { cookie })
    const csrf = csrfOf(page.text)
    expect(
      (await send("POST", `/bookmarks/${otherBookmark}/read/done`, { cookie, form: { _csrf: csrf }, origin: base }))
        .status
    ).toBe(404)
    const id = /href="\/bookmarks\/(bmk_[0-9A-Za-z]+)"/.exec(page.text)?.[1] ?? ""
    const reader = await send("GET", `/bookmarks/${id}/read`, { cookie })
    expect(reader.status).toBe(200)
    expect(reader.headers.get("content-security-policy")).toContain("script-src 'self';")
    expect(reader.text).toMatch(/<script src="\/static\/reader\.[0-9a-f]{12}\.js"><\/script>/)
    // No inline script: every script tag has a source.
    expect(reader.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    expect(reader.text).not.toContain("<script>alert")
    expect((await send("POST", "/notes/preview", { cookie, form: { note: "x" }, origin: base })).status).toBe(403)
    const preview = await send("POST", "/notes/preview", {
      cookie,
      form: { note: "<b>hi</b>\nthere", _csrf: csrf },
      origin: base
    })
    expect(preview.status).toBe(200)
    // Without a Markup service (this composition) a note is escaped text with its line breaks.
    expect(preview.text).toContain("&lt;b&gt;hi&lt;/b&gt;<br>there")
    const textNote = await send("POST", "/notes/preview", {
      cookie,
      form: { text: "a *text* note", note: "ignored", preview: "text", _csrf: csrf },
      origin: base
    })
    expect(textNote.text).toContain("a *text* note")
    expect((await send("POST", `/bookmarks/${id}/read/done`, { cookie, form: {}, origin: base })).status).toBe(403)
    const done = await send("POST", `/bookmarks/${id}/read/done`, { cookie, form: { _csrf: csrf }, origin: base })
    expect([done.status, done.headers.get("location")]).toEqual([303, "/?notice=archived"])
  })

  it("serves the static files under hashed names, cached for a year, gzipped on request", async () => {
    const page = await send("GET", "/", { cookie })
    const paths = [...page.text.matchAll(/(?:href|src)="(\/static\/[a-z]+\.[0-9a-f]{12}\.(?:css|js|svg))"/g)].map((m) =>
      m[1] ?? ""
    )
    expect(paths).toHaveLength(4)
    for (const path of paths) {
      const asset = await send("GET", path)
      expect(asset.status).toBe(200)
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    }
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'")
  })

  it("export downloads the library as a named attachment; importing it back starts an import that finds only duplicates", async () => {
    const exported = await send("GET", "/export?format=json", { cookie })
    expect(exported.status).toBe(200)
    expect(exported.headers.get("content-type")).toBe("application/json; charset=utf-8")
    // Streamed page by page: no length is known before the last page is written.
    expect(exported.headers.get("content-length")).toBeNull()
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="bookmarks-\d{4}-\d{2}-\d{2}\.json"$/
    )
    const library = JSON.parse(exported.text) as { bookmarks: ReadonlyArray<{ url: string }> }
    expect(library.bookmarks.map((b) => b.url)).toContain("https://example.com/a")
    const html = await send("GET", "/export?format=html", { cookie })
    expect([html.status, html.headers.get("content-disposition")?.endsWith(".html\"")]).toEqual([200, true])
    expect(html.text).toContain("<A HREF=\"https://example.com/a\"")
    expect((await send("GET", "/export?format=pdf", { cookie })).status).toBe(404)

    const page = await send("GET", "/import-export", { cookie })
    expect(page.text).toContain("enctype=\"multipart/form-data\"")
    expect(page.text).toContain("<select id=\"import-duplicates\" name=\"duplicates\">")
    expect(page.text).toContain("<option value=\"tags\" selected>")
    const csrf = csrfOf(page.text)
    const bytes = new TextEncoder().encode(exported.text)
    const started = await upload(cookie, { _csrf: csrf, format: "", events: "true" }, { name: "library.json", bytes })
    expect(started.status).toBe(303)
    const location = started.headers.get("location") ?? ""
    expect(location).toMatch(/^\/imports\/imp_[0-9A-Za-z]+$/)
    const progress = await send("GET", location, { cookie })
    expect(progress.status).toBe(200)
    expect(progress.text).toContain("each bookmark announced to your webhooks")
    // A poll gets the section alone; a boosted visit (also an htmx request) the whole page.
    const poll = await send("GET", `${location}?partial=section`, { cookie, headers: { "hx-request": "true" } })
    expect([poll.text.startsWith("<section id=\"import\""), poll.text.includes("<html")]).toEqual([true, false])
    expect((await send("GET", location, { cookie, headers: { "hx-request": "true" } })).text).toContain("<html")
    expect((await send("GET", "/import-export", { cookie })).text).toContain(`href="${location}"`)
  })

  it("an upload needs the CSRF token; a missing, empty, unknown or oversized file is refused on the page, never with a 5xx", async () => {
    const csrf = csrfOf((await send("GET", "/import-export", { cookie })).text)
    const file = { name: "x.json", bytes: new TextEncoder().encode("{}") }
    expect((await upload(cookie, {}, file)).status).toBe(403)
    expect((await upload(cookie, { _csrf: "0".repeat(64) }, file)).status).toBe(403)
    expect((await upload(cookie, { _csrf: csrf }, file, { origin: "https://evil.example" })).status).toBe(403)
    const cases: ReadonlyArray<
      readonly [string, Record<string, string>, { name: string; bytes: Uint8Array } | undefined, number, string]
    > = [
      ["no file", { _csrf: csrf }, undefined, 400, "File: choose a file to import."],
      ["empty", { _csrf: csrf }, { name: "empty.html", bytes: new Uint8Array() }, 400, "File: is empty."],
      [
        "binary with NUL",
        { _csrf: csrf },
        { name: "x.bin", bytes: new Uint8Array([0, 159, 146, 150, 0, 255, 0]) },
        400,
        "File: is no export"
      ],
      ["a format not on the list", { _csrf: csrf, format: "docx" }, file, 400, "Format: choose one of the list."],
      [
        "a duplicates choice not on the list",
        { _csrf: csrf, duplicates: "merge" },
        file,
        400,
        "Addresses already in your library: choose one of the list."
      ],
      [
        "a folders choice not on the list",
        { _csrf: csrf, folders: "folders" },
        file,
        400,
        "Folders of a browser bookmarks file: choose one of the list."
      ],
      ["NUL in a field", { _csrf: csrf, format: "json\u0000" }, file, 400, "not text"]
    ]
    for (const [label, fields, chosen, status, message] of cases) {
      const answer = await upload(cookie, fields, chosen)
      expect({ label, status: answer.status, shown: answer.text.includes(message) }).toEqual({
        label,
        status,
        shown: true
      })
      expect(answer.text).toContain("action=\"/imports\"")
    }
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      if (handler === undefined) throw new Error("not built")
      const broken = await handler(
        new Request(`${base}/imports`, {
          method: "POST",
          headers: { cookie, origin: base, "content-type": contentType },
          body: "--y\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n\u0000\u0000"
        })
      )
      expect([contentType, broken.status]).toEqual([contentType, 400])
    }
    const huge = await upload(cookie, { _csrf: csrf }, file, { "content-length": String(70 * 1024 * 1024) })
    expect(huge.status).toBe(413)
    expect(huge.text).toContain("larger than 64 MiB")
  })

  it("library inputs from the address bar: bad days, sorts, zones and back links are answered calmly, never with a 5xx", async () => {
    const page = async (path: string, extra: Record<string, string> = {}) =>
      send("GET", path, { cookie: [cookie, ...Object.values(extra)].join("; ") })
    const badDay = await page("/?from=2026-13-45&to=x")
    expect(badDay.status).toBe(200)
    expect(badDay.text).toContain("Saved from must be a date")
    expect((await page("/?to=not-a-day")).text).toContain("Saved to must be a date")
    for (const path of ["/?sort=%00", "/?sort=title&offset=-5", "/?sort=oldest&offset=1e99", "/?before=yesterday"]) {
      const shown = await page(path)
      expect({ path, status: shown.status, alert: shown.text.includes(`role="alert"`) }).toEqual({
        path,
        status: 200,
        alert: path.includes("before")
      })
    }

    // The bookmarklet's prefilled form escapes what it is given and saves nothing by itself.
    const prefilled = await page(`/save?url=${encodeURIComponent(`"><script>alert(1)</script>`)}`)
    expect(prefilled.status).toBe(200)
    expect(prefilled.text).not.toContain("<script>alert(1)")
    expect(prefilled.text).toContain("&quot;&gt;&lt;script&gt;")
    // "Back to library" only ever leads to our own library.
    const library = await page("/")
    const id = /href="\/bookmarks\/(bmk_[^"/?]+)/.exec(library.text)?.[1] ?? ""
    expect(id).not.toBe("")
    for (const back of ["//evil.example/", "https://evil.example/", "/keys", "/?q=a\\b"]) {
      const shown = await page(`/bookmarks/${id}?back=${encodeURIComponent(back)}`)
      expect({ back, link: /<a href="([^"]*)">← Back to library/.exec(shown.text)?.[1] }).toEqual({ back, link: "/" })
    }
    const kept = await page(`/bookmarks/${id}?back=${encodeURIComponent("/?tag=a&sort=title")}`)
    expect(kept.text).toContain(`<a href="/?tag=a&amp;sort=title">← Back to library`)
    // Times in the zone of the tz cookie; a zone the runtime does not know, or junk, is UTC.
    expect((await page(`/bookmarks/${id}`, { tz: "tz=Asia/Tokyo" })).text).toMatch(/\d{2}:\d{2} GMT\+9/)
    for (const junk of ["tz=Mars/Olympus", "tz=..%2F..%2Fetc", "tz=" + "A".repeat(200)]) {
      const shown = await page(`/bookmarks/${id}`, { tz: junk })
      expect({ junk, status: shown.status, utc: /\d{2}:\d{2} UTC/.test(shown.text) }).toEqual({
        junk,
        status: 200,
        utc: true
      })
    }
  })

  it("an address without a scheme is saved with https://; in place (htmx) a save answers a line and the card", async () => {
    const page = await send("GET", "/", { cookie })
    const csrf = csrfOf(page.text)
    const plain = await send("POST", "/bookmarks", {
      cookie,
      form: { url: "example.org/page", _csrf: csrf },
      origin: base
    })
    expect(plain.status).toBe(303)
    expect((await send("GET", "/?q=example.org", { cookie })).text).toContain("https://example.org/page")
    const inPlace = await send("POST", "/bookmarks", {
      cookie,
      form: { url: "example.net/in-place", _csrf: csrf },
      origin: base,
      headers: { "hx-request": "true" }
    })
    expect(inPlace.status).toBe(200)
    expect(inPlace.text).toContain("Saved https://example.net/in-place")
    expect(inPlace.text).toContain(`hx-swap-oob="afterbegin:#results"`)
    const refused = await send("POST", "/bookmarks", {
      cookie,
      form: { url: "ftp://example.net/x", _csrf: csrf },
      origin: base,
      headers: { "hx-request": "true" }
    })
    expect([refused.status, refused.text.includes(`role="alert"`)]).toEqual([200, true])
  })

  it("another account's import, and an import id of an impossible shape, are not found", async () => {
    expect((await send("GET", `/imports/${otherImport}`, { cookie })).status).toBe(404)
    expect((await send("GET", `/imports/${encodeURIComponent("imp_\u0000")}`, { cookie })).status).toBe(404)
    expect((await send("GET", "/import-export", { cookie })).text).not.toContain(otherImport)
  })
})
