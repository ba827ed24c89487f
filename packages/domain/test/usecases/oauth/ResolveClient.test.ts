import { FetchFailed, makeClientResolver, OAuthStore } from "@bookmark-library/domain"
import { FakePageFetcher } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"

const id = "https://app.example/oauth/client.json"
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
const document = { client_id: id, client_name: "Example app", redirect_uris: ["https://app.example/callback"] }

const noStore = Layer.succeed(
  OAuthStore,
  OAuthStore.of({
    addClient: () => Effect.die("unused"),
    findClient: () => Effect.die("unused"),
    addCode: () => Effect.die("unused"),
    takeCode: () => Effect.die("unused"),
    codeExchanged: () => Effect.die("unused"),
    addToken: () => Effect.die("unused"),
    takeRefreshToken: () => Effect.die("unused"),
    findAccessToken: () => Effect.die("unused")
  })
)

const resolveWith = (fetcher: ReturnType<typeof FakePageFetcher.make>, clientId = id) =>
  makeClientResolver()(clientId).pipe(Effect.provide(Layer.merge(fetcher.layer, noStore)), Effect.flip)

describe("Client ID Metadata Documents", () => {
  it.effect("reads a document through the fetcher and keeps it (one fetch for two resolutions)", () =>
    Effect.gen(function*() {
      const fetcher = FakePageFetcher.make()
      fetcher.serve(id, { status: 200, contentType: "application/json", body: json(document) })
      const resolve = makeClientResolver()
      const first = yield* resolve(id).pipe(Effect.provide(Layer.merge(fetcher.layer, noStore)))
      const second = yield* resolve(id).pipe(Effect.provide(Layer.merge(fetcher.layer, noStore)))
      expect(first).toMatchObject({ id, name: "Example app", redirectUris: ["https://app.example/callback"] })
      expect(second).toEqual(first)
      expect(fetcher.calls).toEqual([id])
    }))

  it.effect("refuses a document on a private address without connecting (the address policy)", () =>
    Effect.gen(function*() {
      const fetcher = FakePageFetcher.make()
      const refused = yield* resolveWith(fetcher, "https://10.0.0.7/client.json")
      expect(refused).toMatchObject({ _tag: "OAuthRefused", error: "invalid_client" })
      expect(refused.message).toMatch(/address is not allowed/)
    }))

  it.effect("refuses a document that is too large, too slow, not JSON or names another client", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [FakePageFetcher.Served, RegExp]> = [
        [{ status: 200, body: new Uint8Array(6 * 1024).fill(32) }, /larger than 5120 bytes/],
        [{ hang: true }, /took longer than 5 s/],
        [{ status: 200, body: new TextEncoder().encode("<html>") }, /not JSON/],
        [{ status: 200, body: json({ ...document, client_id: "https://other.example/c.json" }) }, /another client_id/],
        [{ status: 200, body: json({ ...document, redirect_uris: ["http://evil.example/cb"] }) }, /redirect_uris/],
        [{ status: 404 }, /HTTP 404/]
      ]
      for (const [served, reason] of cases) {
        const fetcher = FakePageFetcher.make()
        fetcher.serve(id, served)
        const refused = yield* resolveWith(fetcher)
        expect(refused.message, String(reason)).toMatch(reason)
      }
      // A fetch that fails in transport is a refusal too, never a 5xx.
      const broken = FakePageFetcher.make()
      broken.script(id, new FetchFailed({ reason: "connection", detail: "refused" }))
      expect((yield* resolveWith(broken)).message).toMatch(/could not be fetched/)
    }))
})
