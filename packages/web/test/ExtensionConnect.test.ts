/**
 * The extension's connect pages over the in-memory domain: approval needs a session, the CSRF token and a valid
 * public key; the key it mints is the extension's, labelled "Browser extension", and reaches the redirect only
 * sealed to that public key.
 */
import { Accounts, ApiKey, createAccount, createUser } from "@bookmark-library/domain"
import { FakePageFetcher, FakeWebhookSender, TestApp } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import * as HttpEffect from "effect/http/HttpEffect"
import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto"
import * as Seal from "../src/extension/Seal.js"
import * as WebApp from "../src/WebApp.js"

const base = "http://127.0.0.1:3000"
const runtime = ManagedRuntime.make(
  Layer.mergeAll(TestApp.layer(), FakeWebhookSender.make().layer, FakePageFetcher.make().layer)
)
let handler: ((request: Request) => Promise<Response>) | undefined

const send = async (method: string, path: string, init: { cookie?: string; form?: Record<string, string> } = {}) => {
  if (handler === undefined) throw new Error("not built")
  const headers: Record<string, string> = { origin: base }
  if (init.cookie !== undefined) headers["cookie"] = init.cookie
  if (init.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded"
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

const csrfOf = (html: string) => /name="_csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? ""

const rsa = (bits: number) => {
  const pair = generateKeyPairSync("rsa", { modulusLength: bits })
  return {
    pub: pair.publicKey.export({ format: "der", type: "spki" }).toString("base64url"),
    privateKey: pair.privateKey
  }
}

describe("the extension's connect pages", () => {
  let cookie = ""
  let accountId = ""

  beforeAll(async () => {
    const face = await runtime.runPromise(WebApp.make({ publicUrl: base, excludedPrefixes: ["/v1/api", "/admin"] }))
    handler = HttpEffect.toWebHandler(face.app)
    accountId = await runtime.runPromise(Effect.gen(function*() {
      const account = yield* createAccount("free")
      yield* createUser(account.id, { email: "ada@example.com", password: "analytical engine" })
      return account.id
    }))
    const signedIn = await send("POST", "/sign-in", {
      form: { email: "ada@example.com", password: "analytical engine" }
    })
    cookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? ""
  })
  afterAll(() => runtime.dispose())

  it("asks a signed-out visitor to sign in first, and comes back to the same request", async () => {
    const { pub } = rsa(2048)
    const answer = await send("GET", `/extension/connect?pub=${pub}`)
    expect(answer.status).toBe(303)
    expect(answer.headers.get("location")).toBe(`/sign-in?next=${encodeURIComponent(`/extension/connect?pub=${pub}`)}`)
  })

  it("refuses a request without a usable public key, on the page and in the form", async () => {
    const page = await send("GET", "/", { cookie })
    const csrf = csrfOf(page.text)
    for (const pub of ["", "not-a-key", "AAAA", rsa(1024).pub, "x".repeat(2000)]) {
      const shown = await send("GET", `/extension/connect?pub=${encodeURIComponent(pub)}`, { cookie })
      expect([pub.slice(0, 10), shown.status]).toEqual([pub.slice(0, 10), 400])
      expect(shown.text).toContain("This connection request is not valid")
      const posted = await send("POST", "/extension/connect", { cookie, form: { pub, _csrf: csrf } })
      expect(posted.status).toBe(400)
    }
  })

  it("shows the code the extension shows, and approving needs the CSRF token", async () => {
    const { pub } = rsa(2048)
    const shown = await send("GET", `/extension/connect?pub=${pub}`, { cookie })
    expect(shown.status).toBe(200)
    expect(shown.text).toContain(Seal.code(pub))
    expect(shown.text).toContain("hx-boost=\"false\"")
    expect((await send("POST", "/extension/connect", { cookie, form: { pub } })).status).toBe(403)
  })

  it("mints an extension key labelled Browser extension, handed over only sealed to the extension's key", async () => {
    const { privateKey, pub } = rsa(2048)
    const shown = await send("GET", `/extension/connect?pub=${pub}`, { cookie })
    const approved = await send("POST", "/extension/connect", { cookie, form: { pub, _csrf: csrfOf(shown.text) } })
    expect(approved.status).toBe(303)
    const location = approved.headers.get("location") ?? ""
    expect(location.startsWith("/extension/connected#")).toBe(true)
    const fragment = new URLSearchParams(location.split("#")[1])
    expect(fragment.get("email")).toBe("ada@example.com")
    expect(location).not.toMatch(/bk_[0-9A-Za-z]{40}/)
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(fragment.get("sealed") ?? "", "base64url")
    ).toString("utf8")
    expect(ApiKey.isWellFormed(key)).toBe(true)
    const owner = await runtime.runPromise(
      Effect.flatMap(Accounts, (accounts) => accounts.findByKeyHash(ApiKey.hash(key)))
    )
    expect(Option.map(owner, ({ account, key: info }) => [account.id, info.label, info.source])).toEqual(
      Option.some([accountId, "Browser extension", "extension"])
    )
    const done = await send("GET", "/extension/connected", { cookie })
    expect([done.status, done.text.includes("Extension connected")]).toEqual([200, true])
  })
})
