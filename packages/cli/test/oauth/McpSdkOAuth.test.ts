/**
 * The official MCP TypeScript SDK client's OAuth flow against our server, end to end: discovery from the 401,
 * Dynamic Client Registration, the consent page driven in Chromium (a scope narrowed by the person), the code
 * exchanged by the SDK, tool calls charged to the account's usage under the app's name, then the app disconnected
 * on the Connected apps page and the next call refused with 401 (docs/oauth.md).
 */
import { External } from "@bookmark-library/testkit"
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js"
import { mkdirSync } from "node:fs"
import { createServer } from "node:http"
import { join } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import { seriousViolations } from "../web/Axe.js"
import * as Chromium from "../web/Chromium.js"
import { root } from "../web/Visits.js"
import { person } from "./OAuthSupport.js"

const chromium = External.needs("CHROMIUM_PATH")
const shots = join(root, "oauth")

class Provider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ""
  authorizationUrl: URL | undefined
  constructor(readonly redirect: string) {}
  get redirectUrl() {
    return this.redirect
  }
  get clientMetadata() {
    return {
      client_name: "SDK test client",
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none"
    }
  }
  state() {
    return "sdk-state-1"
  }
  clientInformation() {
    return this.information
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

const screenshots = async (page: Page, name: string) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: join(shots, `${name}-${width}-${scheme}.png`), fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: "light" })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe.runIf(chromium.run)("the MCP SDK client's OAuth flow, consent in Chromium", () => {
  let service: Harness.Started | undefined
  let browser: Browser | undefined
  const callback = { code: "", state: "", url: "", close: () => {} }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    service = await Harness.start({ roles: "api" })
    browser = await Chromium.launch(chromium.value)
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1")
      // Only the redirect itself: the browser also asks this server for /favicon.ico.
      if (url.pathname !== "/callback") return void response.writeHead(404).end()
      callback.code = url.searchParams.get("code") ?? ""
      callback.state = url.searchParams.get("state") ?? ""
      response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Done</title><p>Connected")
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const address = server.address()
    callback.url = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/callback`
    callback.close = () => void server.close()
  })
  afterAll(async () => {
    callback.close()
    await browser?.close()
    await service?.stop()
    await service?.storage.cleanup()
  })

  it("connects, calls tools on the account's allowance, and is refused with 401 once disconnected", async () => {
    if (service === undefined || browser === undefined) throw new Error("not started")
    const base = service.baseUrl
    const me = await person(service, "sdk-oauth@example.com")
    const provider = new Provider(callback.url)
    const mcp = new URL("/mcp", base)

    // 1. The SDK meets the 401, discovers, registers and sends the person to the consent page.
    const first = new Client({ name: "sdk-oauth-test", version: "1.0.0" })
    await expect(first.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }))).rejects.toThrow(
      UnauthorizedError
    )
    const authorizationUrl = provider.authorizationUrl
    expect(authorizationUrl?.pathname).toBe("/oauth/authorize")
    expect(authorizationUrl?.searchParams.get("code_challenge_method")).toBe("S256")

    // 2. The person signs in and consents in Chromium, unticking `webhooks`.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${base}/sign-in`)
    await page.fill("input[name=email]", me.email)
    await page.fill("input[name=password]", me.password)
    await Promise.all([page.waitForURL(`${base}/`), page.click("button[type=submit]")])
    await page.goto(authorizationUrl?.href ?? "")
    expect(await page.textContent("#client-name")).toBe("SDK test client")
    expect(await page.textContent("#redirect-host")).toBe(new URL(callback.url).host)
    await screenshots(page, "consent")
    expect(await seriousViolations(page)).toEqual([])
    await page.uncheck("input[name=grant][value=webhooks]")
    await Promise.all([page.waitForURL(/\/callback\?/), page.click("button[value=approve]")])
    expect(callback.state).toBe("sdk-state-1")
    expect(callback.code).toMatch(/^bkc_/)

    // 3. The SDK exchanges the code; tools work, charged under the app's name.
    const transport = new StreamableHTTPClientTransport(mcp, { authProvider: provider })
    await transport.finishAuth(callback.code)
    expect(provider.saved?.scope).toBe("bookmarks:read bookmarks:write usage")
    const client = new Client({ name: "sdk-oauth-test", version: "1.0.0" })
    await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }))
    const tools = (await client.listTools()).tools.map((t) => t.name)
    expect(tools).toContain("save_bookmark")
    const saved = await client.callTool({ name: "save_bookmark", arguments: { url: "https://example.com/oauth" } })
    expect(saved.isError).not.toBe(true)
    expect((await client.callTool({ name: "list_tags", arguments: {} })).isError).not.toBe(true)
    const access = provider.saved?.access_token ?? ""
    const usage = await service.client.api<{ usage: { byKey: Record<string, number> } }>("GET", "/usage", access)
    const app = Object.entries(usage.body.usage.byKey).filter(([name]) => name.startsWith("oauth:SDK test client…"))
    expect(app.map(([, count]) => count)).toEqual([3])
    expect((await service.client.api("GET", "/webhooks", access)).status).toBe(403)

    // 4. Disconnected on the Connected apps page: the very next call is refused.
    await page.goto(`${base}/account/apps`)
    expect(await page.textContent("table")).toContain("SDK test client")
    await screenshots(page, "connected-apps")
    expect(await seriousViolations(page)).toEqual([])
    await Promise.all([page.waitForURL(/notice=disconnected/), page.click("button:has-text('Disconnect')")])
    expect(await page.textContent("main")).toContain("No apps connected")
    const refused = await fetch(mcp, {
      method: "POST",
      headers: {
        authorization: `Bearer ${access}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream"
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "list_tags", arguments: {} }
      })
    })
    expect(refused.status).toBe(401)
    await expect(client.callTool({ name: "list_tags", arguments: {} })).rejects.toThrow()
    await context.close()
  })
})
