/**
 * Sign in with the team's OpenID Connect provider (docs/people.md, "Sign in with your provider (OIDC)"), against a real
 * provider (`oidc-provider` on loopback, support/OidcProvider.ts) driven in Chromium through its login and consent
 * pages: the first sign-in links the identity to the person with that verified email; the provider's own session
 * signs in again silently until it is ended there; an unverified email, an unknown person (account creation off),
 * a wrong nonce, an expired ID token, one signed by a key the provider does not publish and a replayed callback are
 * each refused with a clear page, never a 5xx. A second server: passwords off, straight to the provider, and
 * accounts created on first sign-in.
 */
import { Users } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect, Option } from "effect"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { send } from "../support/FormHttp.js"
import { freePort } from "../support/FreePort.js"
import * as Harness from "../support/Harness.js"
import * as OidcProvider from "../support/OidcProvider.js"
import * as Chromium from "./Chromium.js"
import { shots } from "./Shots.js"

const chromium = External.needs("CHROMIUM_PATH")

const accounts = {
  alice: { email: "Alice@Example.com", email_verified: true },
  eve: { email: "eve@example.com", email_verified: false },
  carol: { email: "carol@example.com", email_verified: true }
}

/** Only loopback: the provider's development pages link a web font, which is never fetched. */
const loopbackOnly = async (context: BrowserContext) => {
  await context.route(
    "**/*",
    (route) => new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort()
  )
}

describe.runIf(chromium.run)("sign in with an OpenID Connect provider (Chromium, oidc-provider)", () => {
  let provider: OidcProvider.StartedProvider | undefined
  let service: Harness.Started | undefined
  let closed: Harness.Started | undefined
  let browser: Browser | undefined
  const shoot = shots("provider-sign-in")
  const s = () => {
    if (service === undefined || provider === undefined || closed === undefined) throw new Error("not started")
    return { service, provider, closed }
  }

  beforeAll(async () => {
    const [port, closedPort] = [await freePort(), await freePort()]
    const callback = (p: number) => `http://127.0.0.1:${p}/sign-in/provider/callback`
    provider = await OidcProvider.start(accounts, [callback(port), callback(closedPort)])
    const oidc = {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Team SSO"
    }
    service = await Harness.start({ roles: "api", env: { PORT: String(port), SCREENSHOTS: "false", ...oidc } })
    closed = await Harness.start({
      roles: "api",
      env: {
        PORT: String(closedPort),
        SCREENSHOTS: "false",
        PASSWORD_SIGNIN: "off",
        OIDC_AUTO_REDIRECT: "on",
        OIDC_CREATE_ACCOUNTS: "on",
        ...oidc
      }
    })
    const account = await service.client.account("free", 0)
    for (const email of ["alice@example.com", "eve@example.com"]) {
      const made = await service.client.admin("POST", `/accounts/${account.id}/users`, {
        email,
        password: "a password"
      })
      expect(made.status).toBe(201)
    }
    browser = await Chromium.launch(chromium.value)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    for (const started of [service, closed]) {
      await started?.stop()
      await started?.storage.cleanup()
    }
    await provider?.stop()
  })

  const newPage = async () => {
    if (browser === undefined) throw new Error("no browser")
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await loopbackOnly(context)
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    // Every answer of our servers is below 500, refusals included.
    page.on("response", (response) => {
      if (!response.url().startsWith(s().provider.issuer)) expect(response.status()).toBeLessThan(500)
    })
    return page
  }

  /** Through the provider's login (any password) and consent pages. */
  const loginAtProvider = async (page: Page, login: string) => {
    await page.locator("input[name=login]").fill(login)
    await page.locator("input[name=password]").fill("any password")
    await page.getByRole("button", { name: "Sign-in" }).click()
    const consent = page.getByRole("button", { name: "Continue" })
    await consent.waitFor()
    await consent.click()
  }

  const linkedUser = (login: string) =>
    s().service.run(Effect.flatMap(Users, (users) => users.findByIdentity(s().provider.issuer, login)))

  it(
    "signs a person in through the provider, links the identity, and signs in again without the provider's login until its session ends there",
    async () => {
      const page = await newPage()
      const { service, provider } = s()
      await page.goto(`${service.baseUrl}/sign-in`)
      const button = page.getByRole("link", { name: "Sign in with Team SSO" })
      await button.waitFor()
      await expect(page.getByLabel("Password").count()).resolves.toBe(1)
      await shoot(page, "sign-in")
      await button.click()
      await page.waitForURL(`${provider.issuer}/**`)
      const authorize = new URL(page.url())
      expect(authorize.pathname).toMatch(/^\/interaction\//)
      await loginAtProvider(page, "alice")
      await page.getByRole("heading", { name: "Library" }).waitFor()
      expect(Option.map(await linkedUser("alice"), (u) => u.user.email)).toEqual(Option.some("alice@example.com"))
      // Linked to a person with a password: that password still works here and may be changed.
      await page.goto(`${service.baseUrl}/account`)
      await page.getByRole("heading", { name: "Change password" }).waitFor()
      // Signed out here, still signed in at the provider: back without its login page.
      await page.getByRole("button", { name: "Sign out", exact: true }).click()
      await page.getByRole("link", { name: "Sign in with Team SSO" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      // The provider's session ended there: the next sign-in asks for the provider's login again.
      await page.goto(`${provider.issuer}/session/end`)
      await page.getByRole("button", { name: "Yes, sign me out" }).click()
      await page.waitForLoadState("load")
      await page.goto(`${service.baseUrl}/`)
      await page.getByRole("button", { name: "Sign out", exact: true }).click()
      await page.getByRole("link", { name: "Sign in with Team SSO" }).click()
      await page.locator("input[name=login]").waitFor()
      await loginAtProvider(page, "alice")
      await page.getByRole("heading", { name: "Library" }).waitFor()
      await page.context().close()
    },
    60_000
  )

  it("refuses an unverified email (not linked) and a person without an account, each with a clear page", async () => {
    const page = await newPage()
    const { service } = s()
    await page.goto(`${service.baseUrl}/sign-in`)
    await page.getByRole("link", { name: "Sign in with Team SSO" }).click()
    await loginAtProvider(page, "eve")
    await page.getByRole("heading", { name: "Sign-in refused" }).waitFor()
    await expect(page.getByRole("alert").textContent()).resolves.toContain(
      "The provider has not verified eve@example.com"
    )
    await shoot(page, "refused-unverified")
    expect(Option.isNone(await linkedUser("eve"))).toBe(true)
    const cookies = await page.context().cookies(service.baseUrl)
    expect(cookies.map((c) => c.name)).not.toContain("bookmarks_session")
    await page.context().clearCookies()
    await page.goto(`${service.baseUrl}/sign-in`)
    await page.getByRole("link", { name: "Sign in with Team SSO" }).click()
    await loginAtProvider(page, "carol")
    await expect(page.getByRole("alert").textContent()).resolves.toContain(
      "There is no account for carol@example.com on this server"
    )
    expect(Option.isNone(await linkedUser("carol"))).toBe(true)
    await page.context().close()
  }, 60_000)

  for (
    const [tamper, expected] of [
      ["nonce", "could not be verified (unexpected ID Token \"nonce\" claim value)"],
      ["expired", "could not be verified (unexpected JWT \"exp\" (expiration time) claim value"],
      ["forged", "could not be verified (JWT signature verification failed)"]
    ] as const
  ) {
    it(
      `refuses an ID token with ${
        tamper === "nonce"
          ? "a wrong nonce"
          : tamper === "expired"
          ? "an expiry in the past"
          : "a signature by a key the provider does not publish"
      }`,
      async () => {
        const page = await newPage()
        const { service, provider } = s()
        await page.goto(`${service.baseUrl}/sign-in`)
        provider.tamper = tamper
        await page.getByRole("link", { name: "Sign in with Team SSO" }).click()
        await loginAtProvider(page, "alice")
        await page.getByRole("heading", { name: "Sign-in refused" }).waitFor()
        expect(provider.tamper).toBeUndefined()
        await expect(page.getByRole("alert").textContent()).resolves.toContain(expected)
        expect((await page.context().cookies(service.baseUrl)).map((c) => c.name)).not.toContain("bookmarks_session")
        if (tamper === "nonce") await shoot(page, "refused-token")
        await page.context().close()
      },
      60_000
    )
  }

  it("refuses a replayed callback: once used, the same answer signs nobody in", async () => {
    const page = await newPage()
    const { service } = s()
    const callbacks: Array<string> = []
    page.on("request", (request) => {
      if (request.url().includes("/sign-in/provider/callback")) callbacks.push(request.url())
    })
    await page.goto(`${service.baseUrl}/sign-in`)
    await page.getByRole("link", { name: "Sign in with Team SSO" }).click()
    await loginAtProvider(page, "alice")
    await page.getByRole("heading", { name: "Library" }).waitFor()
    const used = callbacks[0] ?? ""
    expect(used).toContain("code=")
    // The same browser (its pending sign-in is gone with the first use), then a stranger's.
    const again = await page.goto(used)
    expect(again?.status()).toBe(400)
    await expect(page.getByRole("alert").textContent()).resolves.toContain("did not start here")
    const stranger = await send(service.baseUrl, "GET", new URL(used).pathname + new URL(used).search)
    expect(stranger.status).toBe(400)
    expect(stranger.headers.get("set-cookie") ?? "").not.toContain("bookmarks_session=")
    await page.context().close()
  }, 60_000)

  it(
    "with PASSWORD_SIGNIN=off and OIDC_AUTO_REDIRECT=on: straight to the provider, passwords refused; a first sign-in creates the account",
    async () => {
      const { closed, provider } = s()
      const signInPage = await send(closed.baseUrl, "GET", "/sign-in?next=%2Ftags")
      expect([signInPage.status, signInPage.location]).toEqual([303, "/sign-in/provider?next=%2Ftags"])
      const start = await send(closed.baseUrl, "GET", "/sign-in/provider?next=%2Ftags")
      expect(start.status).toBe(303)
      const authorize = new URL(start.location ?? "")
      expect(authorize.origin).toBe(provider.issuer)
      for (const name of ["state", "nonce", "code_challenge"]) {
        expect(authorize.searchParams.get(name)).toMatch(/^.{20,}$/)
      }
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256")
      expect(authorize.searchParams.get("scope")).toBe("openid email profile")
      expect(start.headers.get("set-cookie")).toMatch(
        /^bookmarks_oidc=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600/
      )
      const password = await send(closed.baseUrl, "POST", "/sign-in", {
        form: { email: "alice@example.com", password: "alice password" }
      })
      expect(password.status).toBe(403)
      expect(password.text).toContain("Password sign-in is off on this server.")
      expect(password.text).not.toContain("type=\"password\"")
      expect((await send(closed.baseUrl, "GET", "/sign-up")).status).toBe(404)
      expect((await send(closed.baseUrl, "GET", "/")).location).toBe("/sign-in")

      const page = await newPage()
      await page.goto(`${closed.baseUrl}/tags`)
      await page.locator("input[name=login]").waitFor()
      await loginAtProvider(page, "carol")
      await page.getByRole("heading", { name: "Library" }).waitFor()
      const carol = await closed.run(Effect.flatMap(Users, (users) => users.findByIdentity(provider.issuer, "carol")))
      expect(Option.map(carol, (u) => u.user.email)).toEqual(Option.some("carol@example.com"))
      // A person made by the provider has no password: the account page says so instead of offering to change it.
      await page.goto(`${closed.baseUrl}/account`)
      await expect(page.locator("main").textContent()).resolves.toContain(
        "You sign in with Team SSO; this account has no password."
      )
      await expect(page.getByRole("heading", { name: "Change password" }).count()).resolves.toBe(0)
      await shoot(page, "account-provider-only")
      await page.context().close()
    },
    60_000
  )
})
