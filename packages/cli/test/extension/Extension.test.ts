/**
 * The browser extension, built and loaded unpacked into real Chromium, against a real server (embedded mode):
 * connect through the web app, save the current page with tags and a note (JSON API and webhook see it), the
 * already-saved state, the context menu's link save, and a revoked key. Screenshots go to test-output/extension/.
 *
 * Two stand-ins, both because headless Chromium has no browser UI (docs/extension.md, "Tests"): the test copy of
 * the manifest grants the loopback host up front (what the person grants when the Connect button asks), and the
 * context menu is clicked by calling the worker's menu handler; the popup is opened as a page with `?tabId=`.
 */
import { BookmarkId, Bookmarks } from "@bookmark-library/domain"
import { External, Waiting } from "@bookmark-library/testkit"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ApiFixtureServer from "../support/ApiFixtureServer.js"
import * as ExtensionBrowser from "../support/ExtensionBrowser.js"
import * as Harness from "../support/Harness.js"

const ada = { email: "ada@example.com", password: "analytical engine 1843" }

interface World {
  readonly service: Harness.Started
  readonly fixture: ApiFixtureServer.ApiFixtureServer
  readonly browser: ExtensionBrowser.ExtensionBrowser
}

const shoot = ExtensionBrowser.shoot

describe.runIf(External.needs("CHROMIUM_PATH").run)("the browser extension in Chromium", () => {
  const chromiumPath = External.needs("CHROMIUM_PATH")
  let world: World | undefined
  const w = () => {
    if (world === undefined) throw new Error("the extension did not start")
    return world
  }
  const state = { key: "", fullKey: "", bookmarkId: "", articleTab: 0, articleUrl: "" }

  /** The popup as the toolbar would open it over `tabId`, at a popup's size. */
  const popup = (tabId: number) => ExtensionBrowser.popup(w().browser, tabId, 560)

  // Worker code is passed as text: it runs in the extension, where `chrome` is defined (not in this test's types).
  const inWorker = <A>(code: string): Promise<A> => w().browser.worker.evaluate(code)
  const connection = () =>
    inWorker<{ key: string; email: string } | undefined>(
      `chrome.storage.local.get("connection").then((stored) => stored.connection)`
    )

  beforeAll(async () => {
    const fixture = await ApiFixtureServer.start()
    const service = await Harness.start({
      mode: "embedded",
      roles: "all",
      env: { SCREENSHOTS: "false", ALLOW_HTTP_WEBHOOKS: "true", WEBHOOK_TIMEOUT: "3s" },
      overrides: { guard: { allowlist: [fixture.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
    const browser = await ExtensionBrowser.launch(chromiumPath.value)
    world = { service, fixture, browser }
  })

  afterAll(async () => {
    if (world === undefined) return
    await world.browser.close()
    await world.service.stop()
    await world.service.storage.cleanup()
    await world.fixture.close()
  })

  it("connects through the web app: the person approves, the key arrives sealed, the options name account and server", async () => {
    const { browser: { context, id }, service } = w()
    const site = await context.newPage()
    await site.goto(service.baseUrl)
    await site.getByLabel("Email").fill(ada.email)
    await site.getByLabel("Password").fill(ada.password)
    await site.getByRole("button", { name: "Create account" }).click()
    await site.getByRole("heading", { name: "Library" }).waitFor()

    const options = await context.newPage()
    await options.goto(`chrome-extension://${id}/options.html`)
    await shoot(options, "options-disconnected")
    await options.getByLabel("Server URL").fill(`${service.baseUrl}/`)
    const approval = context.waitForEvent("page")
    await options.getByRole("button", { name: "Connect" }).click()
    const tab = await approval
    await tab.getByRole("button", { name: "Approve" }).waitFor()
    // The code beside Connect is the one the approval page shows (a request someone else started would differ).
    const code = await tab.locator("#connect-code").textContent()
    await expect(options.locator("#progress").textContent()).resolves.toContain(code ?? "no code")
    await shoot(tab, "web-approve")
    await shoot(options, "options-waiting")
    const closed = tab.waitForEvent("close")
    await tab.getByRole("button", { name: "Approve" }).click()
    await closed
    await options.getByText(`Connected to ${service.baseUrl} as ${ada.email}`).waitFor()
    await shoot(options, "options-connected")

    const stored = await connection()
    expect(stored?.email).toBe(ada.email)
    state.key = stored?.key ?? ""
    expect(state.key).toMatch(/^bk_[0-9A-Za-z]{40}$/)
    const accounts = await service.client.admin<{ accounts: Array<{ id: string }> }>("GET", "/accounts")
    const account = await service.client.admin<{ keys: Array<{ label: string; masked: string }> }>(
      "GET",
      `/accounts/${accounts.body.accounts[0]?.id}`
    )
    expect(account.body.keys).toEqual([
      expect.objectContaining({ label: "Browser extension", masked: `bk_…${state.key.slice(-4)}` })
    ])
    await options.close()
    await site.close()
  })

  it("saves the current page with tags and a note: the API shows them, the webhook gets bookmark.saved, usage counts the key", async () => {
    const { browser: { context }, fixture, service } = w()
    // The extension's key has the bookmark scopes only (docs/oauth.md, "Scopes"): webhooks and usage need a full key.
    expect((await service.client.api("POST", "/webhooks", state.key, { url: `${fixture.origin}/hook` })).status).toBe(
      403
    )
    const accounts = await service.client.admin<{ accounts: Array<{ id: string }> }>("GET", "/accounts")
    const full = await service.client.admin<{ key: string }>(
      "POST",
      `/accounts/${accounts.body.accounts[0]?.id}/keys`,
      { label: "full" }
    )
    state.fullKey = full.body.key
    const hook = await service.client.api("POST", "/webhooks", state.fullKey, { url: `${fixture.origin}/hook` })
    expect(hook.status).toBe(201)
    await service.client.api("POST", "/bookmarks", state.key, {
      url: `${fixture.origin}/photo.png`,
      tags: ["pangolins-archive", "photos"]
    })

    state.articleUrl = `${fixture.origin}/article.html`
    const article = await context.newPage()
    await article.goto(state.articleUrl)
    state.articleTab = await ExtensionBrowser.tabOf(w().browser, state.articleUrl)
    expect(state.articleTab).toBeGreaterThan(0)

    const page = await popup(state.articleTab)
    await expect(page.getByLabel("URL").inputValue()).resolves.toBe(state.articleUrl)
    await page.getByText("Field notes on the quiet pangolin").waitFor()
    // Suggestions come from the account's tags; typing narrows them, choosing one completes the field.
    await page.getByLabel("Tags", { exact: true }).fill("pang")
    await page.getByRole("button", { name: "Add tag pangolins-archive" }).click()
    await expect(page.getByLabel("Tags", { exact: true }).inputValue()).resolves.toBe("pangolins-archive, ")
    await page.getByLabel("Tags", { exact: true }).fill("pangolins-archive, reading")
    await page.getByLabel("Note").fill("For the weekend")
    await expect(page.getByText("Already in your library").isVisible()).resolves.toBe(false)
    await shoot(page, "popup-before-save")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByRole("heading", { name: "Saved" }).waitFor()
    const link = await page.getByRole("link", { name: "Open in your library" }).getAttribute("href")
    state.bookmarkId = decodeURIComponent(link?.split("/bookmarks/")[1] ?? "")
    expect(link).toBe(`${service.baseUrl}/bookmarks/${encodeURIComponent(state.bookmarkId)}`)
    await page.getByText(/Enrichment: ready/).waitFor({ timeout: 30_000 })
    await shoot(page, "popup-saved")
    await page.close()

    const saved = await service.client.api("GET", `/bookmarks/${state.bookmarkId}`, state.key)
    expect(saved.body).toMatchObject({
      url: state.articleUrl,
      note: "For the weekend",
      title: "Field notes on the quiet pangolin"
    })
    expect(saved.body.tags).toEqual(expect.arrayContaining(["pangolins-archive", "reading"]))
    const delivered = await Waiting.pollUntil(
      "the bookmark.saved delivery",
      async () =>
        fixture.hooks.map((body) => JSON.parse(body)).find((event) =>
          event.event === "bookmark.saved" && event.data?.id === state.bookmarkId
        ),
      {
        intervalMs: 150
      }
    )
    expect(JSON.stringify(delivered)).toContain(state.articleUrl)
    const usage = await service.client.api("GET", "/usage", state.fullKey)
    expect(usage.body.usage.byKey[`bk_…${state.key.slice(-4)}`]).toBeGreaterThanOrEqual(3)
  })

  it("shows at once that a saved page is already in the library, with a link and a ✓ on the toolbar icon", async () => {
    const { service } = w()
    const page = await popup(state.articleTab)
    await page.getByText("Already in your library").waitFor()
    await expect(page.getByRole("link", { name: "Open it" }).getAttribute("href")).resolves.toBe(
      `${service.baseUrl}/bookmarks/${encodeURIComponent(state.bookmarkId)}`
    )
    await shoot(page, "popup-already-saved")
    await page.close()
    await expect(inWorker<string>(`chrome.action.getBadgeText({ tabId: ${state.articleTab} })`)).resolves.toBe("✓")
  })

  it("saves a link from the context menu (its handler called in the worker) with source extension", async () => {
    const { fixture, service } = w()
    const linkUrl = `${fixture.origin}/photo.png?from=menu`
    const info = { menuItemId: "save-link", linkUrl, pageUrl: state.articleUrl }
    const tab = { id: state.articleTab, url: state.articleUrl }
    const outcome = await inWorker<{ ok: boolean; id?: string }>(
      `saveFromMenu(${JSON.stringify(info)}, ${JSON.stringify(tab)})`
    )
    expect(outcome).toMatchObject({ ok: true })
    const found = await service.client.api("GET", `/bookmarks?url=${encodeURIComponent(linkUrl)}`, state.key)
    expect(found.body.bookmarks).toEqual([expect.objectContaining({ id: outcome.id, url: linkUrl })])
    const record = await service.run(
      Effect.flatMap(Bookmarks, (bookmarks) => bookmarks.get(BookmarkId.make(outcome.id ?? "")))
    )
    expect(Option.map(record, (r) => r.source)).toEqual(Option.some("extension"))
  })

  it("over a page that is not a web page the URL starts empty; a typed URL is looked up and saved", async () => {
    const { fixture, service } = w()
    const blank = await inWorker<number>(
      `chrome.tabs.create({ url: "about:blank", active: false }).then((tab) => tab.id)`
    )
    const page = await popup(blank)
    await expect(page.getByLabel("URL").inputValue()).resolves.toBe("")
    await page.getByLabel("URL").fill(state.articleUrl)
    await page.getByLabel("URL").dispatchEvent("change")
    await page.getByText("Already in your library").waitFor()
    const typed = `${fixture.origin}/article.html?typed=1`
    await page.getByLabel("URL").fill(typed)
    await page.getByLabel("URL").dispatchEvent("change")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByRole("heading", { name: "Saved" }).waitFor()
    await page.close()
    const found = await service.client.api("GET", `/bookmarks?url=${encodeURIComponent(typed)}`, state.key)
    expect(found.body.bookmarks).toEqual([expect.objectContaining({ url: typed })])
  })

  it("after the key is revoked, the popup says so and offers to reconnect", async () => {
    const { service } = w()
    const accounts = await service.client.admin<{ accounts: Array<{ id: string }> }>("GET", "/accounts")
    const account = await service.client.admin<{ keys: Array<{ id: string }> }>(
      "GET",
      `/accounts/${accounts.body.accounts[0]?.id}`
    )
    for (const key of account.body.keys) {
      expect((await service.client.admin("DELETE", `/keys/${key.id}`)).status).toBe(200)
    }
    const page = await popup(state.articleTab)
    await page.getByRole("alert").getByText("no longer accepts this extension's key").waitFor()
    await expect(page.getByRole("button", { name: "Reconnect" }).isVisible()).resolves.toBe(true)
    await shoot(page, "popup-revoked")
    await page.close()
  })

  it("Disconnect forgets the key; a pasted key connects; a rate-limited popup says when to retry", async () => {
    const { browser: { context, id }, service } = w()
    const options = await context.newPage()
    await options.goto(`chrome-extension://${id}/options.html`)
    await options.getByRole("button", { name: "Disconnect" }).click()
    await options.getByText("Disconnected. The key was forgotten in this browser.").waitFor()
    await expect(connection()).resolves.toBeUndefined()
    const notConnected = await popup(state.articleTab)
    await notConnected.getByRole("alert").getByText("Not connected to a bookmark server yet").waitFor()
    await expect(notConnected.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(true)
    await shoot(notConnected, "popup-not-connected")
    await notConnected.close()

    const accounts = await service.client.admin<{ accounts: Array<{ id: string }> }>("GET", "/accounts")
    const made = await service.client.admin<{ key: string }>(
      "POST",
      `/accounts/${accounts.body.accounts[0]?.id}/keys`,
      { label: "pasted" }
    )
    await options.getByLabel("Server URL").fill(service.baseUrl)
    await options.getByLabel("API key").fill(made.body.key)
    await options.getByRole("button", { name: "Connect" }).click()
    await options.getByText(
      `Connected to ${service.baseUrl} as the account of key bk_…${made.body.key.slice(-4)}, plan free.`
    ).waitFor()
    await options.close()

    // The free plan allows 60 requests a UTC minute: move the service's clock to the start of a minute (so the window
    // cannot turn over meanwhile), use them up, then the popup's lookup is refused.
    service.clock.advance(61_000 - (service.clock.now() % 60_000))
    let refused = false
    for (let i = 0; i < 100 && !refused; i++) {
      refused = (await service.client.api("GET", "/usage", made.body.key)).status === 429
    }
    expect(refused).toBe(true)
    const limited = await popup(state.articleTab)
    await limited.getByRole("alert").getByText(
      /Too many requests for your plan right now\. Try again in \d+ seconds? \(at \d\d:\d\d UTC\)\./
    ).waitFor()
    await expect(limited.getByRole("button", { name: "Reconnect" }).isVisible()).resolves.toBe(false)
    await shoot(limited, "popup-rate-limited")
    await limited.close()
  })
})
