// resolveAllowed and pinnedLookup with an injected resolver; nothing here opens a socket.
import { FetchFailed } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import type { LookupAddress } from "node:dns"
import * as AllowHosts from "../../src/net/AllowHosts.js"
import { pinnedLookup, resolveAllowed, type Resolver, resolveUrl } from "../../src/net/GuardedLookup.js"

const table = (entries: Record<string, ReadonlyArray<string>>): Resolver & { calls: Array<string> } => {
  const calls: Array<string> = []
  const resolver = async (host: string) => {
    calls.push(host)
    const answer = entries[host]
    if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" })
    return answer.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))
  }
  return Object.assign(resolver, { calls })
}

const reasonOf = <A>(effect: Effect.Effect<A, FetchFailed>) => effect.pipe(Effect.flip, Effect.map((e) => e.reason))

describe("GuardedLookup.resolveAllowed", () => {
  it.effect("checks IP literals without asking DNS", () =>
    Effect.gen(function*() {
      const resolver = table({})
      expect(yield* reasonOf(resolveAllowed("127.0.0.1", { allowPrivateNetwork: false, resolver }))).toBe("blocked")
      expect(yield* reasonOf(resolveAllowed("[::1]", { allowPrivateNetwork: false, resolver }))).toBe("blocked")
      expect(yield* resolveAllowed("8.8.8.8", { allowPrivateNetwork: false, resolver })).toEqual([{
        address: "8.8.8.8",
        family: 4
      }])
      expect(resolver.calls).toEqual([])
    }))

  it.effect("refuses a host when any one of its addresses is refused", () =>
    Effect.gen(function*() {
      const resolver = table({
        "mixed.test": ["8.8.8.8", "10.0.0.1"],
        "public.test": ["8.8.8.8", "2606:4700:4700::1111"]
      })
      const error = yield* Effect.flip(resolveAllowed("mixed.test", { allowPrivateNetwork: false, resolver }))
      expect(error).toBeInstanceOf(FetchFailed)
      expect(error.reason).toBe("blocked")
      expect(error.detail).toContain("private address 10.0.0.1")
      expect(yield* resolveAllowed("public.test", { allowPrivateNetwork: false, resolver })).toEqual([
        { address: "8.8.8.8", family: 4 },
        { address: "2606:4700:4700::1111", family: 6 }
      ])
    }))

  it.effect("ALLOW_HOSTS lets its names and ranges through, and only those; a refusal names the setting", () =>
    Effect.gen(function*() {
      const allowHosts = Result.getOrThrow(AllowHosts.parse("wiki.home, 192.168.1.0/24"))
      const resolver = table({
        "wiki.home": ["10.1.2.3"],
        "nas.home": ["192.168.1.20"],
        "printer.home": ["192.168.7.5"],
        "split.home": ["192.168.1.21", "10.0.0.9"]
      })
      const options = { allowPrivateNetwork: false, allowHosts, resolver }
      // A listed name passes whatever it resolves to; an address in a listed range passes whatever its name.
      expect(yield* resolveAllowed("wiki.home", options)).toEqual([{ address: "10.1.2.3", family: 4 }])
      expect(yield* resolveAllowed("WIKI.home.", options)).toEqual([{ address: "10.1.2.3", family: 4 }])
      expect(yield* resolveAllowed("nas.home", options)).toEqual([{ address: "192.168.1.20", family: 4 }])
      expect(yield* resolveAllowed("192.168.1.30", options)).toEqual([{ address: "192.168.1.30", family: 4 }])
      // Everything else is refused as before: another range, one address outside, loopback, metadata.
      for (const host of ["printer.home", "split.home", "127.0.0.1", "169.254.169.254", "192.168.2.1"]) {
        const error = yield* Effect.flip(resolveAllowed(host, options))
        expect([host, error.reason]).toEqual([host, "blocked"])
        expect(error.detail).toContain("ALLOW_HOSTS can allow it")
      }
      const before = resolver.calls.length
      yield* Effect.flip(resolveAllowed("127.0.0.1", options))
      expect(resolver.calls.length).toBe(before)
    }))

  it.effect("ALLOW_PRIVATE_NETWORK lifts the address check only", () =>
    Effect.gen(function*() {
      const resolver = table({ "evil.test": ["127.0.0.1"] })
      expect(yield* resolveAllowed("evil.test", { allowPrivateNetwork: true, resolver })).toEqual([{
        address: "127.0.0.1",
        family: 4
      }])
      expect(yield* reasonOf(resolveAllowed("missing.test", { allowPrivateNetwork: true, resolver }))).toBe("notfound")
      expect(yield* reasonOf(resolveUrl(new URL("file:///etc/passwd"), { allowPrivateNetwork: true, resolver }))).toBe(
        "invalid"
      )
    }))

  it.effect("a name that does not exist (ENOTFOUND) or has no address is notfound; a resolver failure is dns", () =>
    Effect.gen(function*() {
      const resolver = table({ "empty.test": [] })
      const missing = yield* Effect.flip(resolveAllowed("nowhere.test", { allowPrivateNetwork: false, resolver }))
      expect(missing).toMatchObject({ reason: "notfound", transient: false })
      expect(yield* reasonOf(resolveAllowed("empty.test", { allowPrivateNetwork: false, resolver }))).toBe("notfound")
      for (const code of ["EAI_AGAIN", "ETIMEOUT", "ESERVFAIL", "ECONNREFUSED"]) {
        const flaky: Resolver = () => Promise.reject(Object.assign(new Error(`getaddrinfo ${code} x.test`), { code }))
        const error = yield* Effect.flip(resolveAllowed("x.test", { allowPrivateNetwork: false, resolver: flaky }))
        expect({ code, reason: error.reason, transient: error.transient }).toEqual({
          code,
          reason: "dns",
          transient: true
        })
      }
    }))

  it.effect("a host written with trailing dots is the same name: policy, allowlist and DNS see it without them", () =>
    Effect.gen(function*() {
      const resolver = table({
        localhost: ["127.0.0.1"],
        "example.com": ["93.184.215.14"],
        "fixture.test": ["127.0.0.1"]
      })
      const options = { allowPrivateNetwork: false, resolver }
      for (const host of ["localhost.", "LOCALHOST.", "localhost..", "127.0.0.1.", "[::1]"]) {
        const error = yield* Effect.flip(resolveAllowed(host, options))
        expect({ host, reason: error.reason }).toEqual({ host, reason: "blocked" })
      }
      expect(yield* reasonOf(resolveUrl(new URL("http://localhost.:8080/"), options))).toBe("blocked")
      expect(yield* resolveAllowed("example.com.", options)).toEqual([{ address: "93.184.215.14", family: 4 }])
      expect(resolver.calls).toEqual(["localhost", "localhost", "localhost", "localhost", "example.com"])
      const allowlisted = { ...options, allowlist: ["fixture.test:8080"] }
      expect(yield* resolveUrl(new URL("http://fixture.test.:8080/"), allowlisted)).toEqual([{
        address: "127.0.0.1",
        family: 4
      }])
      expect(yield* reasonOf(resolveAllowed(".", options))).toBe("invalid")
    }))

  it.effect("the allowlist exempts exact host:port origins only", () =>
    Effect.gen(function*() {
      const resolver = table({ "fixture.test": ["127.0.0.1"] })
      const options = {
        allowPrivateNetwork: false,
        resolver,
        allowlist: ["127.0.0.1:4567", "[::1]:80", "fixture.test:8080"]
      }
      expect(yield* resolveUrl(new URL("http://127.0.0.1:4567/x"), options)).toEqual([{
        address: "127.0.0.1",
        family: 4
      }])
      expect(yield* resolveUrl(new URL("http://[::1]/"), options)).toEqual([{ address: "::1", family: 6 }])
      expect(yield* resolveUrl(new URL("http://fixture.test:8080/"), options)).toEqual([{
        address: "127.0.0.1",
        family: 4
      }])
      expect(yield* reasonOf(resolveUrl(new URL("http://127.0.0.1:4568/"), options))).toBe("blocked")
      expect(yield* reasonOf(resolveUrl(new URL("https://[::1]/"), options))).toBe("blocked")
      expect(yield* reasonOf(resolveUrl(new URL("http://fixture.test/"), options))).toBe("blocked")
      expect(yield* reasonOf(resolveAllowed("127.0.0.1", options))).toBe("blocked")
    }))
})

describe("GuardedLookup.pinnedLookup", () => {
  const lookup = pinnedLookup([{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }])
  const ask = (options: { family?: number; all?: boolean }) =>
    Effect.callback<{ address: string | Array<LookupAddress>; family: number | undefined }, NodeJS.ErrnoException>((
      resume
    ) =>
      lookup(
        "whatever.example",
        options,
        (err, address, family) => resume(err === null ? Effect.succeed({ address, family }) : Effect.fail(err))
      )
    )

  it.effect("answers only with the checked addresses, whatever the host name", () =>
    Effect.gen(function*() {
      expect(yield* ask({})).toEqual({ address: "127.0.0.1", family: 4 })
      expect(yield* ask({ family: 6 })).toEqual({ address: "::1", family: 6 })
      expect((yield* ask({ all: true })).address).toEqual([{ address: "127.0.0.1", family: 4 }, {
        address: "::1",
        family: 6
      }])
    }))

  it.effect("fails rather than fall back to DNS when no checked address has the family", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Effect.callback<void, NodeJS.ErrnoException>((resume) =>
          pinnedLookup([{ address: "127.0.0.1", family: 4 }])("x", { family: 6 }, (err) =>
            resume(err === null ? Effect.void : Effect.fail(err)))
        )
      )
      expect(error.code).toBe("ENOTFOUND")
    }))
})
