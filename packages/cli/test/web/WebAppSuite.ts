/**
 * The account web app in real Chromium, end to end against the JSON API, on one service per mode: first run, sign in
 * and out, throttling, keys, webhooks with their log, saves, notes, edits, refresh, delete, usage, and the security
 * promises (CSRF, escaping, other accounts). Every page is checked with axe and photographed at 1280 and 360 px.
 */
import { WebhookId, Webhooks } from "@bookmark-library/domain"
import { External, Waiting } from "@bookmark-library/testkit"
import { Effect } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ApiFixtureServer from "../support/ApiFixtureServer.js"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { Visits } from "./Visits.js"

const ada = { email: "ada@example.com", password: "analytical engine 1843" }
const eve = { email: "eve@example.com", password: "eavesdropper 2024" }

interface World {
  readonly service: Harness.Started
  readonly fixture: ApiFixtureServer.ApiFixtureServer
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  readonly visits: Visits
}

/** A page that is not ours, posting a form to ours (a CSRF attempt from another origin). */
const attackerSite = async (target: string, csrf: string) => {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><title>Win a prize</title>
<form method="post" action="${target}/bookmarks"><input type="hidden" name="url" value="https://attacker.example/csrf">
<input type="hidden" name="_csrf" value="${csrf}"><button>Claim</button></form>`)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

export const describeWebApp = (mode: Harness.Mode, label: string) => {
  const chromium = External.needs("CHROMIUM_PATH")
  const database = mode === "scaled" ? External.needs("TEST_DATABASE_URL") : { run: true }

  describe.runIf(chromium.run && database.run)(`web app in Chromium (${label})`, () => {
    let world: World | undefined
    const w = () => {
      if (world === undefined) throw new Error("the web app did not start")
      return world
    }
    const api = (path: string, key: string, method = "GET") =>
      w().service.client.request(method, `/v1/api${path}`, { key })
    const until = (what: string, check: () => Promise<boolean>) => Waiting.pollUntil(what, check, { intervalMs: 150 })
    const state = { key: "", bookmarkId: "", noteId: "", webhookPath: "", csrf: "" }

    beforeAll(async () => {
      const fixture = await ApiFixtureServer.start()
      const service = await Harness.start({
        mode,
        roles: "all",
        env: { SCREENSHOTS: "false", ALLOW_HTTP_WEBHOOKS: "true", WEBHOOK_TIMEOUT: "3s" },
        overrides: { guard: { allowlist: [fixture.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
      })
      const browser = await Chromium.launch(chromium.value)
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      world = {
        service,
        fixture,
        browser,
        context,
        page,
        visits: new Visits(mode === "embedded" ? "pglite" : "postgres")
      }
    })

    afterAll(async () => {
      if (world === undefined) return
      await world.browser.close()
      await world.service.stop()
      await world.service.storage.cleanup()
      await world.fixture.close()
    })

    it("first run: a loopback browser is offered Create your account, and is then signed in to an empty library", async () => {
      const { page, service, visits } = w()
      await visits.open(page, service.baseUrl, "first-run")
      await expect(page.getByRole("heading", { name: "Create your account" }).isVisible()).resolves.toBe(true)
      await visits.check(page, "first-run")
      await page.getByLabel("Email").fill(ada.email)
      await page.getByLabel("Password").fill("short")
      await page.getByRole("button", { name: "Create account" }).click()
      // The browser's own minlength check stops a short password before it is sent.
      expect(page.url()).toBe(`${service.baseUrl}/`)
      await page.getByLabel("Password").fill(ada.password)
      await page.getByRole("button", { name: "Create account" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      await expect(page.getByRole("button", { name: "Sign out" }).isVisible()).resolves.toBe(true)
      for (const name of ["Library", "Keys", "Webhooks", "Usage"]) {
        await expect(page.getByRole("navigation").getByRole("link", { name, exact: true }).isVisible()).resolves.toBe(
          true
        )
      }
      await visits.check(page, "library-empty")
      const cookies = await w().context.cookies()
      const session = cookies.find((c) => c.name === "bookmarks_session")
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" })
      state.csrf = await page.locator("input[name=_csrf]").first().inputValue()
    })

    it("after the first account, / no longer offers one: the first-run form is refused", async () => {
      const { browser, service } = w()
      const stranger = await browser.newContext()
      const page = await stranger.newPage()
      await page.goto(service.baseUrl)
      await expect(page.getByRole("heading", { name: "Sign in" }).isVisible()).resolves.toBe(true)
      const answer = await page.evaluate(`fetch("/first-run", { method: "POST", redirect: "manual",
        body: new URLSearchParams({ email: "mallory@example.com", password: "long enough pw" }) }).then((r) => r.type)`)
      expect(answer).toBe("opaqueredirect")
      expect(
        (await service.client.request("POST", "/sign-in", {
          raw: "email=mallory%40example.com&password=long+enough+pw",
          headers: { "content-type": "application/x-www-form-urlencoded" }
        })).status
      ).toBe(401)
      await stranger.close()
    })

    it("sign out, a wrong password, then sign in again", async () => {
      const { page, service, visits } = w()
      await page.getByRole("button", { name: "Sign out" }).click()
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      await visits.check(page, "sign-in")
      await page.goto(`${service.baseUrl}/keys`)
      expect(page.url()).toContain("/sign-in?next=%2Fkeys")
      await page.getByLabel("Email").fill(ada.email)
      await page.getByLabel("Password").fill("not my password")
      await page.getByRole("button", { name: "Sign in" }).click()
      await expect(page.getByRole("alert").textContent()).resolves.toContain("not right")
      await visits.check(page, "sign-in-wrong-password")
      await page.getByLabel("Password").fill(ada.password)
      await page.getByRole("button", { name: "Sign in" }).click()
      await page.getByRole("heading", { name: "API keys" }).waitFor()
      state.csrf = await page.locator("input[name=_csrf]").first().inputValue()
    })

    it("throttles sign-in after repeated failures for one email, even with the right password", async () => {
      const { browser, service, visits } = w()
      const client = await browser.newContext()
      const page = await client.newPage()
      await page.goto(`${service.baseUrl}/sign-in`)
      const account = await service.client.admin<{ id: string }>("POST", "/accounts", { plan: "free" })
      await service.client.admin("POST", `/accounts/${account.body.id}/users`, {
        email: "grace@example.com",
        password: "compiler first"
      })
      for (let i = 0; i < 5; i++) {
        await page.getByLabel("Email").fill("grace@example.com")
        await page.getByLabel("Password").fill(`guess ${i}`)
        await page.getByRole("button", { name: "Sign in" }).click()
        await expect(page.getByRole("alert").textContent()).resolves.toContain("not right")
      }
      await page.getByLabel("Email").fill("grace@example.com")
      await page.getByLabel("Password").fill("compiler first")
      await page.getByRole("button", { name: "Sign in" }).click()
      await expect(page.getByRole("alert").textContent()).resolves.toContain("Too many failed attempts")
      await visits.check(page, "sign-in-throttled")
      await client.close()
    })

    it("a key made in the app works on /v1/api; a revoked one gets 401", async () => {
      const { page, service, visits } = w()
      await page.getByRole("navigation").getByRole("link", { name: "Keys" }).click()
      await page.getByRole("heading", { name: "API keys" }).waitFor()
      // A loaded machine once lost this fill to the page still loading (the key came out unlabelled): the page must
      // have loaded, and the field must hold the label, before the form is sent.
      await page.waitForLoadState("load")
      await page.getByLabel("Label").fill("laptop script")
      expect(await page.getByLabel("Label").inputValue()).toBe("laptop script")
      await page.getByRole("button", { name: "Create key" }).click()
      const shown = (await page.locator("#new-key").textContent()) ?? ""
      expect(shown).toMatch(/^bk_[0-9A-Za-z]{40}$/)
      await visits.check(page, "keys-created")
      expect((await api("/usage", shown)).status).toBe(200)
      await page.getByRole("button", { name: "Revoke laptop script" }).click()
      await page.getByRole("heading", { name: "Revoke this key?" }).waitFor()
      await visits.check(page, "keys-revoke")
      await page.getByRole("button", { name: "Revoke key" }).click()
      await page.getByRole("status").first().waitFor()
      expect((await api("/usage", shown)).status).toBe(401)
      await page.getByLabel("Label").fill("main")
      await page.getByRole("button", { name: "Create key" }).click()
      state.key = (await page.locator("#new-key").textContent()) ?? ""
      expect((await api("/bookmarks", state.key)).status).toBe(200)
      await visits.open(page, `${service.baseUrl}/keys`, "keys")
      await expect(page.getByRole("cell", { name: "Revoked", exact: false }).count()).resolves.toBe(1)
      await visits.check(page, "keys")
    })

    it("registers a webhook, sends a test delivery and shows it in the delivery log", async () => {
      const { fixture, page, visits } = w()
      await page.getByRole("navigation").getByRole("link", { name: "Webhooks" }).click()
      await page.getByRole("heading", { name: "Webhooks", exact: true }).waitFor()
      await visits.check(page, "webhooks-empty")
      await page.getByLabel("Endpoint URL").fill(`${fixture.origin}/hook`)
      await page.getByLabel("Description").fill("local receiver")
      await page.getByRole("button", { name: "Register webhook" }).click()
      await page.getByRole("heading", { name: "Delivery log" }).waitFor()
      state.webhookPath = new URL(page.url()).pathname
      const before = fixture.hooks.length
      await page.getByRole("button", { name: "Send test delivery" }).click()
      await page.getByRole("status").filter({ hasText: "Test delivery answered 200" }).waitFor()
      expect(fixture.hooks.length).toBe(before + 1)
      // Post/redirect/get: reloading shows the page again (no 405, nothing sent twice).
      expect((await page.reload())?.status()).toBe(200)
      await page.getByRole("status").filter({ hasText: "Test delivery answered 200" }).waitFor()
      expect(fixture.hooks.length).toBe(before + 1)
      await expect(page.getByRole("cell", { name: "test" }).count()).resolves.toBe(1)
      await page.getByText("Reveal secret").click()
      await expect(page.locator("code.secret").textContent()).resolves.toMatch(/^whsec_/)
      await visits.check(page, "webhook")
    })

    it("saves a page from the app: processed, found by the API's q, delivered as bookmark.saved", async () => {
      const { fixture, page, service, visits } = w()
      await page.getByRole("navigation").getByRole("link", { name: "Library" }).click()
      await page.getByLabel("URL").fill(`${fixture.origin}/article.html`)
      await page.getByLabel("Tags").fill("pangolins, reading")
      await page.getByLabel("Note", { exact: true }).fill("from the app")
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await page.getByRole("status").first().waitFor()
      await until("the saved page to be processed", async () => {
        const found = await api("/bookmarks?q=pangolin", state.key)
        const row = found.body?.bookmarks?.[0]
        if (row?.status !== "ready") return false
        state.bookmarkId = row.id
        return true
      })
      const full = await api(`/bookmarks/${state.bookmarkId}`, state.key)
      expect(full.body).toMatchObject({
        title: "Field notes on the quiet pangolin",
        note: "from the app",
        tags: expect.arrayContaining(["pangolins", "reading"])
      })
      await until("the delivery", async () => fixture.hooks.some((h) => JSON.parse(h).data?.id === state.bookmarkId))
      await visits.open(page, service.baseUrl, "library")
      await expect(page.getByRole("link", { name: "Field notes on the quiet pangolin" }).isVisible()).resolves.toBe(
        true
      )
      await visits.check(page, "library")
      await visits.open(page, `${service.baseUrl}/?view=list`, "library-list")
      await visits.check(page, "library-list")
      await visits.open(page, `${service.baseUrl}/?q=pangolin`, "library-search")
      // With htmx the search box searches as one types, in place, and the address follows.
      await page.goto(service.baseUrl)
      await page.getByLabel("Search").pressSequentially("no-such-word", { delay: 20 })
      // An earlier keystroke's answer ("no-such") also says nothing matches: wait for the last one's address.
      await page.waitForURL((url) => url.searchParams.get("q") === "no-such-word")
      await page.getByText("Nothing matches.").waitFor()
      expect(page.url()).toContain(`${service.baseUrl}/?q=no-such-word`)
    })

    it("an edit wins in GET /v1/api/bookmarks/:id and in the delivery after a refresh", async () => {
      const { fixture, page, service, visits } = w()
      await visits.open(page, `${service.baseUrl}/bookmarks/${state.bookmarkId}`, "bookmark")
      await visits.check(page, "bookmark")
      await page.getByRole("link", { name: "Edit" }).click()
      await page.getByLabel("Title").fill("My pangolin notes")
      await visits.check(page, "bookmark-edit")
      await page.getByRole("button", { name: "Save changes" }).click()
      await page.getByRole("heading", { name: "My pangolin notes" }).waitFor()
      expect((await api(`/bookmarks/${state.bookmarkId}`, state.key)).body.title).toBe("My pangolin notes")
      const seen = fixture.hooks.length
      await page.getByRole("button", { name: "Refresh" }).click()
      await until("the refreshed delivery", async () => fixture.hooks.length > seen)
      const delivered = JSON.parse(fixture.hooks[fixture.hooks.length - 1] ?? "{}")
      expect(delivered.data).toMatchObject({ id: state.bookmarkId, title: "My pangolin notes", status: "ready" })
      expect((await api(`/bookmarks/${state.bookmarkId}`, state.key)).body.title).toBe("My pangolin notes")
    })

    it("generated tags are marked; one kept across the library from its tag, the rest dropped on the bookmark", async () => {
      const { fixture, page, service, visits } = w()
      await page.goto(service.baseUrl)
      await page.getByLabel("URL").fill(`${fixture.origin}/lighthouses.html`)
      await page.getByRole("textbox", { name: /^Tags/ }).fill("coast")
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await page.getByRole("status").first().waitFor()
      let id = ""
      await until("the lighthouse page to be processed", async () => {
        const row = (await api("/bookmarks?q=lighthouse", state.key)).body?.bookmarks?.[0]
        id = row?.id ?? ""
        return row?.status === "ready"
      })
      const read = async () => (await api(`/bookmarks/${id}`, state.key)).body
      const before = await read()
      const generated: ReadonlyArray<string> = before.generatedTags
      expect(generated.length).toBeGreaterThanOrEqual(2)
      expect(before.tags).toEqual(["coast", ...generated])
      await visits.open(page, `${service.baseUrl}/bookmarks/${id}`, "bookmark-generated")
      // The card's rule (Cards.tags): generated tags in their own list, said to screen readers by its name.
      await expect(page.locator("ul.tags.generated a").count()).resolves.toBe(generated.length)
      await expect(page.getByRole("list", { name: "Generated tags" }).count()).resolves.toBe(1)
      await visits.check(page, "bookmark-generated")
      const kept = generated[0] ?? ""
      await visits.open(page, `${service.baseUrl}/?tag=${encodeURIComponent(kept)}`, "library-generated-tag")
      await visits.check(page, "library-generated-tag")
      await page.getByRole("button", { name: "Keep it on every bookmark" }).click()
      await page.getByText("Generated tags kept").waitFor()
      const afterKeep = await read()
      expect(afterKeep.generatedTags).toEqual(generated.slice(1))
      expect(afterKeep.tags).toEqual(before.tags)
      await page.goto(`${service.baseUrl}/bookmarks/${id}`)
      await page.getByRole("button", { name: "Drop generated tags" }).click()
      await page.getByText("Generated tags dropped").waitFor()
      await visits.check(page, "bookmark-generated-dropped")
      const after = await read()
      expect(after.generatedTags).toEqual([])
      expect(after.tags).toEqual(["coast", kept])
      await expect(page.getByRole("button", { name: "Drop generated tags" }).count()).resolves.toBe(0)
    })

    it("a text note is saved without a URL and found by q", async () => {
      const { page, visits } = w()
      await page.getByRole("navigation").getByRole("link", { name: "Library" }).click()
      await page.getByRole("link", { name: "New note" }).click()
      await visits.check(page, "note-new")
      await page.getByLabel("Title").fill("Harpsichord tuning")
      await page.getByLabel("Text").fill(
        "Meantone temperament sounds sweet in thirds. Equal temperament is a compromise."
      )
      await page.getByRole("button", { name: "Save note" }).click()
      await page.getByRole("heading", { name: "Harpsichord tuning" }).waitFor()
      const found = await api("/bookmarks?q=meantone", state.key)
      expect(found.body.bookmarks).toHaveLength(1)
      expect(found.body.bookmarks[0]).toMatchObject({ url: "", type: "textNote", title: "Harpsichord tuning" })
      state.noteId = found.body.bookmarks[0].id
      await until(
        "the note to be processed",
        async () => (await api(`/bookmarks/${state.noteId}`, state.key)).body.status === "ready"
      )
      await page.reload()
      await visits.check(page, "note")
    })

    it("Redeliver sends the same delivery again and logs it", async () => {
      const { fixture, page, service, visits } = w()
      await visits.open(page, `${service.baseUrl}${state.webhookPath}`, "webhook-log")
      const before = fixture.hooks.length
      await page.getByRole("button", { name: /^Redeliver / }).first().click()
      await page.getByRole("status").filter({ hasText: "Redelivery answered 200" }).waitFor()
      expect(fixture.hooks.length).toBe(before + 1)
      expect((await page.reload())?.status()).toBe(200)
      expect(fixture.hooks.length).toBe(before + 1)
      const again = JSON.parse(fixture.hooks[fixture.hooks.length - 1] ?? "{}")
      expect(fixture.hooks.filter((h) => JSON.parse(h).id === again.id).length).toBeGreaterThanOrEqual(2)
      await expect(page.getByRole("cell", { name: "redelivery" }).count()).resolves.toBe(1)
      await visits.check(page, "webhook-log")
    })

    it("a title with <script> is shown as text, never run", async () => {
      const { page, service, visits } = w()
      const hostile = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold</b>`
      await page.goto(`${service.baseUrl}/bookmarks/${state.noteId}/edit`)
      await page.getByLabel("Title").fill(hostile)
      await page.getByRole("button", { name: "Save changes" }).click()
      await page.getByRole("heading", { level: 1 }).filter({ hasText: "window.__pwned" }).waitFor()
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(hostile)
      await visits.open(page, service.baseUrl, "library-hostile")
      await expect(page.getByRole("link", { name: hostile }).count()).resolves.toBe(1)
      expect(await page.evaluate("window.__pwned")).toBeUndefined()
      await expect(page.locator("main b").count()).resolves.toBe(0)
    })

    it("refuses a state-changing request without the CSRF token, and one from another origin", async () => {
      const { page, service, visits } = w()
      await page.goto(service.baseUrl)
      const status = await page.evaluate(`fetch("/bookmarks", { method: "POST", redirect: "manual",
        body: new URLSearchParams({ url: "https://example.com/no-token" }) }).then((r) => r.status)`)
      expect(status).toBe(403)
      const attacker = await attackerSite(service.baseUrl, state.csrf)
      try {
        await page.goto(attacker.url)
        await page.getByRole("button", { name: "Claim" }).click()
        await page.getByRole("heading", { name: "This form cannot be accepted" }).waitFor()
        await visits.check(page, "csrf-refused")
      } finally {
        await attacker.close()
      }
      const all = await api("/bookmarks?limit=100", state.key)
      expect(all.body.bookmarks.map((b: { url: string }) => b.url)).not.toContain("https://example.com/no-token")
      expect(all.body.bookmarks.map((b: { url: string }) => b.url)).not.toContain("https://attacker.example/csrf")
    })

    it("another account's bookmark page is 404, not 403", async () => {
      const { browser, service, visits } = w()
      const account = await service.client.admin<{ id: string }>("POST", "/accounts", { plan: "free" })
      expect((await service.client.admin("POST", `/accounts/${account.body.id}/users`, eve)).status).toBe(201)
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${service.baseUrl}/sign-in`)
      await page.getByLabel("Email").fill(eve.email)
      await page.getByLabel("Password").fill(eve.password)
      await page.getByRole("button", { name: "Sign in" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      for (
        const path of [`/bookmarks/${state.bookmarkId}`, `/bookmarks/${state.bookmarkId}/edit`, `${state.webhookPath}`]
      ) {
        const response = await page.goto(`${service.baseUrl}${path}`)
        expect({ path, status: response?.status() }).toEqual({ path, status: 404 })
      }
      await visits.check(page, "not-found")
      await context.close()
    })

    it("deletes a bookmark after confirmation: gone from the library and the API", async () => {
      const { page, service, visits } = w()
      await page.goto(`${service.baseUrl}/bookmarks/${state.bookmarkId}`)
      await page.getByRole("link", { name: "Delete" }).click()
      await page.getByRole("heading", { name: "Delete this bookmark?" }).waitFor()
      await visits.check(page, "bookmark-delete")
      await page.getByRole("button", { name: "Delete" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      expect((await api(`/bookmarks/${state.bookmarkId}`, state.key)).status).toBe(404)
    })

    it("re-enables a deactivated webhook, then deletes it after confirmation", async () => {
      const { page, service, visits } = w()
      const id = state.webhookPath.split("/").pop() ?? ""
      await service.run(Effect.flatMap(Webhooks, (webhooks) => webhooks.setActive(WebhookId.make(id), false)))
      await page.goto(`${service.baseUrl}${state.webhookPath}`)
      await expect(page.getByText("inactive").isVisible()).resolves.toBe(true)
      await page.getByRole("button", { name: "Re-enable" }).click()
      await page.getByRole("status").filter({ hasText: "Webhook active again" }).waitFor()
      await page.getByRole("link", { name: "Delete" }).click()
      await page.getByRole("heading", { name: "Delete this webhook?" }).waitFor()
      await visits.check(page, "webhook-delete")
      await page.getByRole("button", { name: "Delete webhook" }).click()
      await page.getByRole("status").filter({ hasText: "Webhook deleted" }).waitFor()
      const listed = await api("/webhooks", state.key)
      expect(listed.body.webhooks).toEqual([])
    })

    it("usage, account and import/export pages", async () => {
      const { page, service, visits } = w()
      await visits.open(page, `${service.baseUrl}/usage`, "usage")
      await expect(page.getByRole("heading", { name: "Plan: free" }).isVisible()).resolves.toBe(true)
      await expect(page.getByRole("img", { name: /Requests per day/ }).isVisible()).resolves.toBe(true)
      await expect(page.getByText("Storage used").isVisible()).resolves.toBe(true)
      const stored = page.locator("dd[data-storage-bytes]")
      expect(await stored.innerText()).toMatch(/^[\d,.]+ (bytes?|kB|MB|GB)$/)
      await visits.check(page, "usage")
      await visits.open(page, `${service.baseUrl}/account`, "account")
      await visits.check(page, "account")
      await visits.open(page, `${service.baseUrl}/import-export`, "import-export")
      await visits.check(page, "import-export")
      w().visits.write("visits.json", w().visits.visits)
    })
  })
}
