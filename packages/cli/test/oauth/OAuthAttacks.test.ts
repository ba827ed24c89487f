/**
 * The OAuth authorization server against the attacks the issue names, over plain HTTP with a signed-in person:
 * each is refused with a clear error and nothing is issued (docs/oauth.md).
 */
import { External } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import { approve, person, pkce, register, send, token } from "./OAuthSupport.js"

const redirect = "http://127.0.0.1:49152/callback"

const database = External.needs("TEST_DATABASE_URL")

// Embedded (PGlite), and scaled (Postgres with the key cache invalidated over Redis): revocation is immediate in both.
for (const mode of ["embedded", "scaled"] as const) {
  describe.runIf(mode === "embedded" || database.run)(
    `OAuth: discovery, the flow by hand, and attacks (${mode})`,
    () => {
      let service: Harness.Started | undefined
      const s = () => {
        if (service === undefined) throw new Error("not started")
        return service
      }
      let me: Awaited<ReturnType<typeof person>>
      let clientId = ""

      beforeAll(async () => {
        service = await Harness.start({ roles: "api", mode })
        me = await person(s(), `oauth-attacks-${mode}@example.com`)
        const registered = await register(s().baseUrl, redirect)
        expect(registered.status).toBe(201)
        clientId = registered.clientId
      })
      afterAll(async () => {
        await service?.stop()
        await service?.storage.cleanup()
      })

      const base = () => s().baseUrl
      const authorize = (pair: { challenge: string }, more: Record<string, string> = {}) => ({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirect,
        code_challenge: pair.challenge,
        code_challenge_method: "S256",
        state: "st-123",
        ...more
      })
      const codeOf = (location: string | null) => new URL(location ?? "http://x/").searchParams.get("code") ?? ""
      const exchange = (code: string, verifier: string, more: Record<string, string> = {}) =>
        token(base(), {
          grant_type: "authorization_code",
          code,
          client_id: clientId,
          redirect_uri: redirect,
          code_verifier: verifier,
          ...more
        })
      const connected = async () => {
        const keys = await s().client.admin<{ keys: ReadonlyArray<{ masked: string; revokedAt: string | null }> }>(
          "GET",
          `/accounts/${me.accountId}/keys`
        )
        return keys.body.keys.filter((k) => k.masked.startsWith("oauth:") && k.revokedAt === null).length
      }

      it("publishes both metadata documents, and /mcp points clients at them", async () => {
        const origin = new URL(base()).origin
        const resource = await (await fetch(new URL("/.well-known/oauth-protected-resource/mcp", base()))).json()
        expect(resource).toMatchObject({ resource: `${origin}/mcp`, authorization_servers: [origin] })
        const server = await (await fetch(new URL("/.well-known/oauth-authorization-server", base()))).json()
        expect(server).toMatchObject({
          issuer: origin,
          authorization_endpoint: `${origin}/oauth/authorize`,
          token_endpoint: `${origin}/oauth/token`,
          registration_endpoint: `${origin}/oauth/register`,
          code_challenge_methods_supported: ["S256"],
          grant_types_supported: ["authorization_code", "refresh_token"],
          client_id_metadata_document_supported: true
        })
        const challenge = await fetch(new URL("/mcp", base()), { method: "POST", body: "{}" })
        expect(challenge.status).toBe(401)
        expect(challenge.headers.get("www-authenticate")).toContain(
          `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`
        )
      })

      it("runs the flow: state comes back, tokens work at /v1/api, usage names the app, refresh rotates", async () => {
        const pair = pkce()
        const { answer } = await approve(base(), me.cookie, authorize(pair, { scope: "bookmarks:read usage" }))
        expect(answer.status).toBe(303)
        const back = new URL(answer.location ?? "")
        expect(`${back.origin}${back.pathname}`).toBe(redirect)
        expect(back.searchParams.get("state")).toBe("st-123")
        expect(back.searchParams.get("iss")).toBe(new URL(base()).origin)
        const issued = await exchange(codeOf(answer.location), pair.verifier)
        expect(issued.status).toBe(200)
        expect(issued.cacheControl).toBe("no-store")
        expect(issued.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "bookmarks:read usage" })
        const access = issued.body["access_token"] ?? ""
        expect(access).toMatch(/^bka_/)
        expect((await s().client.api("GET", "/bookmarks", access)).status).toBe(200)
        // Outside the granted scopes: 403, as for a narrowed key.
        const save = await s().client.api("POST", "/bookmarks", access, { url: "https://example.com/" })
        expect(save.status).toBe(403)
        const usage = await s().client.api<{ usage: { byKey: Record<string, number> } }>("GET", "/usage", access)
        const mine = Object.entries(usage.body.usage.byKey).filter(([name]) => name.startsWith("oauth:Test app…"))
        expect(mine.map(([, count]) => count)).toEqual([2])
        const refreshed = await token(base(), {
          grant_type: "refresh_token",
          refresh_token: issued.body["refresh_token"] ?? "",
          client_id: clientId
        })
        expect(refreshed.status).toBe(200)
        expect(refreshed.body["refresh_token"]).not.toBe(issued.body["refresh_token"])
        expect((await s().client.api("GET", "/tags", refreshed.body["access_token"] ?? "")).status).toBe(200)
      })

      it("never redirects to an unregistered redirect URI (shown on the page instead), nor for an unknown client", async () => {
        const pair = pkce()
        for (
          const uri of [
            "https://evil.example/callback",
            "http://127.0.0.1:49152/other",
            "http://evil.example:49152/callback"
          ]
        ) {
          const page = await send(
            base(),
            "GET",
            `/oauth/authorize?${new URLSearchParams(authorize(pair, { redirect_uri: uri }))}`,
            { cookie: me.cookie }
          )
          expect([page.status, page.location]).toEqual([400, null])
          expect(page.text).toContain("The redirect URI is not one registered by Test app")
        }
        const unknown = await send(
          base(),
          "GET",
          `/oauth/authorize?${new URLSearchParams(authorize(pair, { client_id: "bkapp_unknown" }))}`,
          { cookie: me.cookie }
        )
        expect([unknown.status, unknown.location]).toEqual([400, null])
        // A loopback redirect on another port is the same native app (RFC 8252).
        const otherPort = await approve(
          base(),
          me.cookie,
          authorize(pair, { redirect_uri: "http://127.0.0.1:50000/callback" })
        )
        expect(otherPort.answer.location).toMatch(/^http:\/\/127\.0\.0\.1:50000\/callback\?code=/)
      })

      it("refuses a request without PKCE, and a code with a missing or wrong verifier", async () => {
        const pair = pkce()
        const plain = await send(
          base(),
          "GET",
          `/oauth/authorize?${new URLSearchParams(authorize(pair, { code_challenge_method: "plain" }))}`,
          { cookie: me.cookie }
        )
        expect(new URL(plain.location ?? "").searchParams.get("error")).toBe("invalid_request")
        const before = await connected()
        for (const verifier of ["", pkce().verifier]) {
          const { answer } = await approve(base(), me.cookie, authorize(pair))
          const refused = await exchange(codeOf(answer.location), verifier)
          expect(refused.status).toBe(400)
          expect(refused.body).toMatchObject({ error: "invalid_grant" })
          expect(refused.body["access_token"]).toBeUndefined()
        }
        expect(await connected()).toBe(before)
      })

      it("refuses a code used twice and revokes what the first use issued", async () => {
        const pair = pkce()
        const { answer } = await approve(base(), me.cookie, authorize(pair))
        const code = codeOf(answer.location)
        const first = await exchange(code, pair.verifier)
        expect(first.status).toBe(200)
        const again = await exchange(code, pair.verifier)
        expect(again.body).toMatchObject({ error: "invalid_grant" })
        expect(again.body["error_description"]).toMatch(/already used/)
        expect((await s().client.api("GET", "/bookmarks", first.body["access_token"] ?? "")).status).toBe(401)
      })

      it("refuses a code or a refresh token presented by another client", async () => {
        const other = await register(base(), redirect, "Other app")
        const pair = pkce()
        const { answer } = await approve(base(), me.cookie, authorize(pair))
        const stolen = await exchange(codeOf(answer.location), pair.verifier, { client_id: other.clientId })
        expect(stolen.body).toMatchObject({ error: "invalid_grant" })
        const pair2 = pkce()
        const second = await approve(base(), me.cookie, authorize(pair2))
        const issued = await exchange(codeOf(second.answer.location), pair2.verifier)
        const refresh = await token(base(), {
          grant_type: "refresh_token",
          refresh_token: issued.body["refresh_token"] ?? "",
          client_id: other.clientId
        })
        expect(refresh.body).toMatchObject({ error: "invalid_grant" })
      })

      it("issues nothing for another resource", async () => {
        const pair = pkce()
        const asked = await send(
          base(),
          "GET",
          `/oauth/authorize?${new URLSearchParams(authorize(pair, { resource: "https://evil.example/mcp" }))}`,
          { cookie: me.cookie }
        )
        expect(new URL(asked.location ?? "").searchParams.get("error")).toBe("invalid_target")
        const { answer } = await approve(base(), me.cookie, authorize(pair))
        const exchanged = await exchange(codeOf(answer.location), pair.verifier, {
          resource: "https://evil.example/mcp"
        })
        expect(exchanged.body).toMatchObject({ error: "invalid_target" })
        expect(exchanged.body["access_token"]).toBeUndefined()
        // A token of another server is simply unknown here.
        expect((await s().client.api("GET", "/bookmarks", `bka_${"Z".repeat(40)}`)).status).toBe(401)
      })

      it("treats a replayed refresh token as theft: refused, and the whole grant revoked", async () => {
        const pair = pkce()
        const { answer } = await approve(base(), me.cookie, authorize(pair))
        const issued = await exchange(codeOf(answer.location), pair.verifier)
        const old = issued.body["refresh_token"] ?? ""
        const rotated = await token(base(), { grant_type: "refresh_token", refresh_token: old, client_id: clientId })
        expect(rotated.status).toBe(200)
        const replay = await token(base(), { grant_type: "refresh_token", refresh_token: old, client_id: clientId })
        expect(replay.body).toMatchObject({ error: "invalid_grant" })
        expect((await s().client.api("GET", "/tags", rotated.body["access_token"] ?? "")).status).toBe(401)
        const next = await token(base(), {
          grant_type: "refresh_token",
          refresh_token: rotated.body["refresh_token"] ?? "",
          client_id: clientId
        })
        expect(next.body).toMatchObject({ error: "invalid_grant" })
      })

      it("refuses a client metadata document on a private address, without connecting", async () => {
        const pair = pkce()
        const page = await send(
          base(),
          "GET",
          `/oauth/authorize?${new URLSearchParams(
            authorize(pair, { client_id: "https://10.1.2.3/client.json", redirect_uri: "https://a.example/cb" })
          )}`,
          { cookie: me.cookie }
        )
        expect([page.status, page.location]).toEqual([400, null])
        expect(page.text).toContain("address is not allowed")
      })

      it("refuses consent without the CSRF token", async () => {
        const pair = pkce()
        const params = authorize(pair)
        const before = await connected()
        const forged = await send(base(), "POST", "/oauth/authorize", {
          cookie: me.cookie,
          form: { ...params, decision: "approve", grant: "bookmarks:read" }
        })
        expect([forged.status, forged.location]).toEqual([403, null])
        expect(await connected()).toBe(before)
      })

      it("refuses other grants, client secrets and malformed token requests with RFC 6749 errors", async () => {
        expect((await token(base(), { grant_type: "password", username: "a", password: "b" })).body).toMatchObject({
          error: "unsupported_grant_type"
        })
        expect((await token(base(), { grant_type: "authorization_code", client_id: clientId })).body).toMatchObject({
          error: "invalid_request"
        })
        const secret = await token(base(), { grant_type: "refresh_token", client_id: clientId, client_secret: "x" })
        expect([secret.status, secret.body["error"]]).toEqual([401, "invalid_client"])
        const bad = await fetch(new URL("/oauth/register", base()), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ redirect_uris: ["http://evil.example/cb"] })
        })
        expect(bad.status).toBe(400)
        expect(await bad.json()).toMatchObject({ error: "invalid_redirect_uri" })
      })

      it("still accepts the account's API key at /mcp and /v1/api while OAuth is advertised", async () => {
        expect((await s().client.api("GET", "/tags", me.key)).status).toBe(200)
        const listed = await fetch(new URL("/mcp", base()), {
          method: "POST",
          headers: {
            authorization: `Bearer ${me.key}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream"
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })
        })
        expect(listed.status).toBe(200)
      })
    }
  )
}
