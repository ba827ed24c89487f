/** Resolves a host and checks every address against the policy; the pinned `lookup` hands the socket only those. */
import { FetchFailed } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as dns from "node:dns"
import type { LookupFunction } from "node:net"
import { canonical, classify, isIpLiteral } from "./AddressPolicy.js"
import * as AllowHosts from "./AllowHosts.js"

export interface ResolvedAddress {
  readonly address: string
  readonly family: 4 | 6
}

/** Resolves a hostname to every address it has (the default is the system resolver, as a socket would use). */
export type Resolver = (host: string) => Promise<ReadonlyArray<{ readonly address: string; readonly family: number }>>

export interface GuardOptions {
  /** `ALLOW_PRIVATE_NETWORK=true`: lifts the address check only (DNS and schemes are still checked). */
  readonly allowPrivateNetwork: boolean
  /** `ALLOW_HOSTS`: names and ranges the policy lets through (hosts on the operator's own network); none by default. */
  readonly allowHosts?: AllowHosts.AllowHosts | undefined
  /**
   * Test only: exact `host:port` origins (as in `URL.host`, e.g. `127.0.0.1:4567`, `[::1]:80`) exempt from the check.
   */
  readonly allowlist?: ReadonlyArray<string> | undefined
  readonly resolver?: Resolver | undefined
}

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true })

const defaultPort = (protocol: string): number => (protocol === "https:" ? 443 : 80)

/** Normalises an allowlist entry or a URL to `URL.host` form with an explicit port. */
const originKey = (host: string, port: number): string => {
  const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host
  return `${bracketed.toLowerCase()}:${port}`
}

const allowlisted = (host: string, port: number | undefined, options: GuardOptions): boolean => {
  if (port === undefined || options.allowlist === undefined) return false
  const key = originKey(host, port)
  return options.allowlist.some((entry) => {
    try {
      const url = new URL(`http://${entry}`)
      return originKey(url.hostname, url.port === "" ? 80 : Number(url.port)) === key
    } catch {
      return false
    }
  })
}

const toFamily = (family: number, address: string): 4 | 6 => (family === 6 || address.includes(":") ? 6 : 4)

/**
 * The name a host denotes, without IPv6 brackets and without the trailing dots of a fully qualified spelling
 * (`localhost.`, `example.com.`): the resolver answers `localhost.` differently from `localhost` (or not at all),
 * so the policy, the allowlist and DNS all see the one name the host means.
 */
export const normalizeHost = (host: string): string => host.replace(/^\[|\]$/g, "").replace(/\.+$/, "").toLowerCase()

/** Resolver answers that mean the name does not exist (NXDOMAIN, no data): asking again later will not change them. */
const missingName = new Set(["ENOTFOUND", "ENODATA", "EAI_NONAME", "EAI_NODATA", "NXDOMAIN"])

/**
 * Every address of `host` if the policy allows them all; one refused address refuses the host, since the
 * system may pick any of them. A name in `ALLOW_HOSTS` passes whatever it resolves to; an address in one of its
 * ranges passes whatever name led to it. `port` lets an allowlisted test origin through. IP literals skip DNS.
 */
export const resolveAllowed = Effect.fn("GuardedLookup.resolveAllowed")(function*(
  host: string,
  options: GuardOptions & { readonly port?: number | undefined }
) {
  const bare = normalizeHost(host)
  if (bare === "") return yield* new FetchFailed({ reason: "invalid", detail: `empty host name ${host}` })
  const allowHosts = options.allowHosts ?? AllowHosts.none
  const exempt = options.allowPrivateNetwork || allowlisted(bare, options.port, options) ||
    AllowHosts.allowsName(allowHosts, bare)
  let addresses: ReadonlyArray<ResolvedAddress>
  const literal = isIpLiteral(bare) ? canonical(bare) : undefined
  if (literal !== undefined) {
    addresses = [literal]
  } else {
    const resolver = options.resolver ?? systemResolver
    const answer = yield* Effect.tryPromise({
      try: () => resolver(bare),
      catch: (e) => {
        const code = errorCode(e)
        return missingName.has(code)
          ? new FetchFailed({ reason: "notfound", detail: `${bare} does not exist (${code})` })
          : new FetchFailed({ reason: "dns", detail: `DNS lookup of ${bare} failed: ${code}` })
      }
    })
    addresses = answer.flatMap((a) => {
      const c = canonical(a.address)
      return c === undefined ? [] : [{ address: c.address, family: toFamily(a.family, c.address) }]
    })
    if (addresses.length === 0) {
      return yield* new FetchFailed({ reason: "notfound", detail: `DNS lookup of ${bare} returned no address` })
    }
  }
  if (!exempt) {
    for (const a of addresses) {
      const verdict = classify(a.address)
      if (!verdict.allowed && !AllowHosts.allowsAddress(allowHosts, a.address)) {
        return yield* new FetchFailed({
          reason: "blocked",
          detail: `${bare} refused by address policy: ${verdict.reason} (${AllowHosts.setting} can allow it)`
        })
      }
    }
  }
  return addresses
})

/** `resolveAllowed` for a URL: http(s) only, port from the URL or its scheme. */
export const resolveUrl = (url: URL, options: GuardOptions) =>
  url.protocol === "http:" || url.protocol === "https:"
    ? resolveAllowed(url.hostname, { ...options, port: url.port === "" ? defaultPort(url.protocol) : Number(url.port) })
    : Effect.fail(new FetchFailed({ reason: "invalid", detail: `unsupported scheme ${url.protocol}` }))

/**
 * A node `lookup` that answers only with already-checked addresses and never asks DNS again, so the socket
 * connects to exactly what was checked (closes DNS rebinding between check and connect).
 */
export const pinnedLookup =
  (addresses: ReadonlyArray<ResolvedAddress>): LookupFunction => (_hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family
    const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses
    const first = wanted[0]
    if (first === undefined) {
      const error: NodeJS.ErrnoException = new Error("no checked address of the requested family")
      error.code = "ENOTFOUND"
      process.nextTick(callback, error, "", 0)
      return
    }
    if (options.all === true) {
      process.nextTick(callback, null, wanted.map((a) => ({ address: a.address, family: a.family })))
    } else {
      process.nextTick(callback, null, first.address, first.family)
    }
  }

const errorCode = (e: unknown): string => {
  if (typeof e === "object" && e !== null && "code" in e && typeof e.code === "string") return e.code
  return e instanceof Error ? e.message : String(e)
}
