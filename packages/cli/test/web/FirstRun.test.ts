/**
 * The people's face over plain HTTP (no browser needed): the first-run offer only to loopback clients or through the
 * one-time setup link, sign-up when SIGNUP=open, password change and sign out everywhere, the headers of every page,
 * and multipart bodies the import upload must survive (empty, without a boundary, never closed, endless).
 */
import { WebApp } from "@bookmark-library/web"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { csrfOf, send } from "../support/FormHttp.js"
import * as Harness from "../support/Harness.js"

const remote = { "x-forwarded-for": "203.0.113.9" }

describe("first run through a proxy, the setup link, and sign-up", () => {
  let service: Harness.Started | undefined
  const s = () => {
    if (service === undefined) throw new Error("not started")
    return service
  }
  beforeAll(async () => {
    service = await Harness.start({ roles: "api", env: { SIGNUP: "open", DEFAULT_PLAN: "plus" } })
  })
  afterAll(async () => {
    await service?.stop()
    await service?.storage.cleanup()
  })

  it("a client behind a proxy is not offered the first account; the one-time setup link is, once", async () => {
    const base = s().baseUrl
    const home = await send(base, "GET", "/", { headers: remote })
    expect([home.status, home.location]).toEqual([303, "/sign-in"])
    const claim = await send(base, "POST", "/first-run", {
      form: { email: "mallory@example.com", password: "long enough" },
      headers: remote
    })
    expect(claim.status).toBe(404)
    const link = await s().run(Effect.flatMap(WebApp.Web, (web) => web.setupUrl))
    const path = new URL(Option.getOrThrow(link)).pathname
    // A link one character off (never the link itself: the token is hex, and may end in 0) is not found.
    const wrong = `${path.slice(0, -1)}${path.endsWith("0") ? "1" : "0"}`
    expect((await send(base, "GET", wrong, { headers: remote })).status).toBe(404)
    const page = await send(base, "GET", path, { headers: remote })
    expect(page.text).toContain("Create your account")
    for (
      const [name, value] of [
        ["content-security-policy", "script-src 'self'"],
        ["content-security-policy", "frame-ancestors 'none'"],
        ["x-content-type-options", "nosniff"],
        ["referrer-policy", "same-origin"]
      ] as const
    ) expect(page.headers.get(name)).toContain(value)
    const token = path.split("/").pop() ?? ""
    const created = await send(base, "POST", "/first-run", {
      form: { email: "owner@example.com", password: "owner password", setup: token },
      headers: remote
    })
    expect([created.status, created.location]).toEqual([303, "/?notice=welcome"])
    expect(created.cookie).toMatch(/^bookmarks_session=/)
    expect(await s().run(Effect.flatMap(WebApp.Web, (web) => web.setupUrl))).toEqual(Option.none())
    expect((await send(base, "GET", path, { headers: remote })).location).toBe("/sign-in")
    const library = await send(base, "GET", "/", { cookie: created.cookie ?? "" })
    expect(library.text).toContain("<h1>Library</h1>")
  })

  it("with SIGNUP=open anyone may create an account, on DEFAULT_PLAN", async () => {
    const base = s().baseUrl
    const page = await send(base, "GET", "/sign-up", { headers: remote })
    expect(page.text).toContain("Create an account")
    const made = await send(base, "POST", "/sign-up", {
      form: { email: "newbie@example.com", password: "newbie password" },
      headers: remote
    })
    expect(made.status).toBe(303)
    const usage = await send(base, "GET", "/usage", { cookie: made.cookie ?? "" })
    expect(usage.text).toContain("Plan: plus")
    const taken = await send(base, "POST", "/sign-up", {
      form: { email: "NEWBIE@example.com", password: "other password" },
      headers: remote
    })
    expect(taken.status).toBe(400)
    expect(taken.text).toContain("already used")
  })

  it("a password change ends the other sessions; sign out everywhere ends them all", async () => {
    const base = s().baseUrl
    const signIn = (password: string) =>
      send(base, "POST", "/sign-in", { form: { email: "newbie@example.com", password } })
    const one = (await signIn("newbie password")).cookie ?? ""
    const two = (await signIn("newbie password")).cookie ?? ""
    const account = await send(base, "GET", "/account", { cookie: one })
    const refused = await send(base, "POST", "/account/password", {
      cookie: one,
      form: { current: "newbie password", next: "changed password" }
    })
    expect(refused.status).toBe(403)
    const wrong = await send(base, "POST", "/account/password", {
      cookie: one,
      form: { _csrf: csrfOf(account.text), current: "nope", next: "changed password" }
    })
    expect(wrong.status).toBe(400)
    const changed = await send(base, "POST", "/account/password", {
      cookie: one,
      form: { _csrf: csrfOf(account.text), current: "newbie password", next: "changed password" }
    })
    expect([changed.status, changed.location]).toEqual([303, "/account?notice=password"])
    expect((await send(base, "GET", "/keys", { cookie: two })).location).toBe("/sign-in?next=%2Fkeys")
    expect((await send(base, "GET", "/keys", { cookie: one })).status).toBe(200)
    expect((await signIn("newbie password")).status).toBe(401)
    const three = (await signIn("changed password")).cookie ?? ""
    const everywhere = await send(base, "POST", "/account/sign-out-everywhere", {
      cookie: one,
      form: { _csrf: csrfOf(account.text) }
    })
    expect(everywhere.location).toBe("/sign-in")
    for (const cookie of [one, three]) expect((await send(base, "GET", "/", { cookie })).location).toBe("/sign-in")
  })

  it(
    "the import upload on the real server: broken, empty and endless multipart bodies are pages (400, 413), never a 5xx",
    { timeout: 60_000 },
    async () => {
      const base = s().baseUrl
      const made = await send(base, "POST", "/sign-up", {
        form: { email: "mover@example.com", password: "mover password" },
        headers: remote
      })
      const cookie = made.cookie ?? ""
      const csrf = csrfOf((await send(base, "GET", "/import-export", { cookie })).text)
      const post = async (contentType: string, body: string | ReadableStream<Uint8Array>, who = cookie) => {
        const response = await fetch(`${base}/imports`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: who, "content-type": contentType },
          body,
          ...(typeof body === "string" ? {} : { duplex: "half" })
        } as RequestInit)
        return { status: response.status, text: await response.text() }
      }
      const part = (boundary: string, name: string, value: string, filename?: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${
          filename === undefined ? "" : `; filename="${filename}"`
        }\r\n\r\n${value}\r\n`
      const cases: ReadonlyArray<readonly [string, string, string, number]> = [
        ["empty body", "multipart/form-data; boundary=b", "", 400],
        ["no boundary", "multipart/form-data", "garbage", 400],
        [
          "never closed",
          "multipart/form-data; boundary=b",
          part("b", "_csrf", csrf) +
          "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.html\"\r\n\r\n<DL>",
          400
        ],
        [
          "NUL bytes as the file",
          "multipart/form-data; boundary=b",
          `${part("b", "_csrf", csrf)}${part("b", "file", "\u0000\u0000\u0000", "a.bin")}--b--\r\n`,
          400
        ]
      ]
      for (const [label, type, body, status] of cases) {
        const answer = await post(type, body)
        expect({ label, status: answer.status }).toEqual({ label, status })
        expect(answer.text).toContain("action=\"/imports\"")
      }
      const nothing = new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
      expect((await post("multipart/form-data; boundary=b", nothing)).status).toBe(400)
      // Signed out, a multipart body is held to a form's 256 KiB and leads to sign-in.
      expect((await post("multipart/form-data; boundary=b", part("b", "x", "y"), "")).status).toBe(303)
      // Chunked, with no length announced: the limit holds while reading.
      let sent = 0
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) {
            controller.enqueue(
              new TextEncoder().encode(
                `${
                  part("b", "_csrf", csrf)
                }--b\r\nContent-Disposition: form-data; name="file"; filename="big.html"\r\n\r\n`
              )
            )
          } else if (sent > 70) controller.close()
          else controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20))
          sent++
        }
      })
      const huge = await post("multipart/form-data; boundary=b", endless)
      expect(huge.status).toBe(413)
      expect(huge.text).toContain("larger than 64 MiB")
    }
  )

  it("unknown pages are an HTML 404; the JSON API and admin keep their own answers", async () => {
    const base = s().baseUrl
    const missing = await send(base, "GET", "/no/such/page")
    expect(missing.status).toBe(404)
    expect(missing.headers.get("content-type")).toContain("text/html")
    const api = await send(base, "GET", "/v1/api/bookmarks")
    expect([api.status, api.headers.get("content-type")]).toEqual([401, "application/problem+json"])
    expect((await send(base, "GET", "/health")).status).toBe(200)
  })
})
