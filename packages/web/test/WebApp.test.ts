/**
 * The web app over the in-memory domain, without a browser or a database: sessions, the CSRF checks, another
 * account's bookmark, escaping and the static files. (The Chromium suites in packages/cli test the same promises
 * end to end on real storage.)
 */
import * as HttpApp from "@effect/platform/HttpApp"
import { createAccount, createUser, editBookmark, saveBookmark } from "@bookmark-library/domain"
import { FakeWebhookSender, TestApp } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, ManagedRuntime } from "effect"
import * as WebApp from "../src/WebApp.js"

const base = "http://127.0.0.1:3000"
const runtime = ManagedRuntime.make(Layer.merge(TestApp.layer(), FakeWebhookSender.make().layer))
let handler: ((request: Request) => Promise<Response>) | undefined

const send = async (method: string, path: string, init: { cookie?: string; form?: Record<string, string>; origin?: string } = {}) => {
  if (handler === undefined) throw new Error("not built")
  const headers: Record<string, string> = {}
  if (init.cookie !== undefined) headers["cookie"] = init.cookie
  if (init.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded"
  if (init.origin !== undefined) headers["origin"] = init.origin
  const response = await handler(new Request(`${base}${path}`, {
    method,
    headers,
    redirect: "manual",
    ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() })
  }))
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const csrfOf = (html: string) => /name="_csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? ""

describe("web app over the in-memory domain", () => {
  let cookie = ""
  let otherBookmark = ""

  beforeAll(async () => {
    const face = await runtime.runPromise(WebApp.make({ publicUrl: base, excludedPrefixes: ["/v1/api", "/admin"] }))
    handler = HttpApp.toWebHandler(face.app)
    await runtime.runPromise(Effect.gen(function*() {
      const mine = yield* createAccount("free")
      yield* createUser(mine.id, { email: "ada@example.com", password: "analytical engine" })
      const theirs = yield* createAccount("free")
      otherBookmark = (yield* saveBookmark(theirs.id, { url: "https://example.com/theirs" }, "api")).id
    }))
    const signedIn = await send("POST", "/sign-in", { form: { email: "ada@example.com", password: "analytical engine" }, origin: base })
    expect(signedIn.status).toBe(303)
    cookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? ""
  })
  afterAll(() => runtime.dispose())

  it("claims every path but the excluded prefixes", async () => {
    const face = await runtime.runPromise(WebApp.make({ publicUrl: base, excludedPrefixes: ["/v1/api", "/admin"] }))
    expect(["/", "/keys", "/v1", "/v1/apix", "/administrator"].map(face.claims)).toEqual([true, true, true, true, true])
    expect(["/v1/api", "/v1/api/bookmarks", "/admin", "/admin/accounts"].map(face.claims)).toEqual([false, false, false, false])
  })

  it("a form needs the session's CSRF token and our own origin", async () => {
    const page = await send("GET", "/", { cookie })
    expect(page.status).toBe(200)
    const csrf = csrfOf(page.text)
    expect((await send("POST", "/bookmarks", { cookie, form: { url: "https://example.com/a" }, origin: base })).status).toBe(403)
    expect((await send("POST", "/bookmarks", { cookie, form: { url: "https://example.com/a", _csrf: "0".repeat(64) }, origin: base })).status).toBe(403)
    expect((await send("POST", "/bookmarks", { cookie, form: { url: "https://example.com/a", _csrf: csrf }, origin: "https://evil.example" })).status).toBe(403)
    const saved = await send("POST", "/bookmarks", { cookie, form: { url: "https://example.com/a", _csrf: csrf }, origin: base })
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/?notice=saved"])
    expect((await send("GET", "/", { cookie })).text).toContain("example.com/a")
    const bad = await send("POST", "/bookmarks", { cookie, form: { url: "ftp://example.com", _csrf: csrf }, origin: base })
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
    await runtime.runPromise(editBookmark(id, { title: `<script>alert(1)</script>` }))
    for (const path of ["/", `/bookmarks/${id}`]) {
      const text = (await send("GET", path, { cookie })).text
      expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
      expect(text).not.toContain("<script>alert")
    }
  })

  it("serves the static files under hashed names, cached for a year, gzipped on request", async () => {
    const page = await send("GET", "/", { cookie })
    const paths = [...page.text.matchAll(/(?:href|src)="(\/static\/[a-z]+\.[0-9a-f]{12}\.(?:css|js|svg))"/g)].map((m) => m[1] ?? "")
    expect(paths).toHaveLength(4)
    for (const path of paths) {
      const asset = await send("GET", path)
      expect(asset.status).toBe(200)
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    }
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'")
  })
})
