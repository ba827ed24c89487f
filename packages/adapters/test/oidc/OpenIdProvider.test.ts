/**
 * The OpenID Connect adapter's failures before any person is involved: a provider that does not answer is
 * `unreachable` (the page says so), an address that answers without a discovery document is the provider's
 * problem; a failed discovery is tried again on the next sign-in (a provider down at start does not stay down here).
 */
import type { IdentityProvider } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as OpenIdProvider from "../../src/oidc/OpenIdProvider.js"

const listen = (handler: Parameters<typeof createServer>[1]) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<Server>((resolve) => {
        const server = createServer(handler)
        server.listen(0, "127.0.0.1", () => resolve(server))
      })
    ),
    (server) => Effect.promise(() => new Promise<void>((resolve) => server.close(() => resolve())))
  )

const provider = (issuer: string) =>
  OpenIdProvider.make({
    issuer,
    clientId: "c",
    clientSecret: Redacted.make("s"),
    scopes: "openid email",
    name: "Test",
    timeout: 2
  })

const refusal = (p: IdentityProvider["Service"]) => Effect.flip(p.begin("http://127.0.0.1:1/sign-in/provider/callback"))

describe("OpenIdProvider", () => {
  it.effect("a closed port is unreachable; a server without discovery is the provider's refusal; both retried", () =>
    Effect.scoped(Effect.gen(function*() {
      // A port that was free a moment ago: nothing listens there.
      const closed = yield* listen(() => undefined)
      const port = (closed.address() as AddressInfo).port
      yield* Effect.promise(() => new Promise<void>((resolve) => closed.close(() => resolve())))
      const down = yield* refusal(provider(`http://127.0.0.1:${port}`))
      expect([down.reason, down.description]).toEqual([
        "unreachable",
        "The sign-in provider could not be reached. Try again in a moment."
      ])
      let asked = 0
      const site = yield* listen((_req, res) => {
        asked++
        res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not here</h1>")
      })
      const p = provider(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)
      const wrong = yield* refusal(p)
      expect(wrong.reason).toBe("provider")
      expect(wrong.description).toMatch(/^The provider's answer could not be verified \(.+\)\. Start again\.$/)
      yield* refusal(p)
      expect(asked).toBe(2)
    })))
})
