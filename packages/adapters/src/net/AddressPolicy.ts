/**
 * The outbound address policy (docs/enrichment.md, "1. Fetch (`HttpPageFetcher`)"): only public unicast addresses may
 * be contacted. Loopback, private, link-local (cloud metadata), CGNAT, unique-local, multicast, reserved, IPv4-mapped
 * and NAT64/6to4/Teredo forms are refused. `ALLOW_HOSTS` lets named hosts and ranges through (AllowHosts.ts);
 * `ALLOW_PRIVATE_NETWORK=true` lifts this check only.
 */
import ipaddr from "ipaddr.js"

export type Verdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

/** What a refused destination says to the person who saved it or registered it (the domain's words). */
export { addressPolicyRefusal } from "@bookmark-library/domain"

const allowed: Verdict = { allowed: true }
const refuse = (reason: string): Verdict => ({ allowed: false, reason })

// ipaddr.js calls everything outside its special ranges "unicast", including unallocated space such as
// the deprecated IPv4-compatible ::a.b.c.d; only 2000::/3 is globally routed unicast, so require it.
const globalUnicastV6 = ipaddr.parseCIDR("2000::/3")

const parse = (address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined => {
  const literal = address.replace(/^\[|\]$/g, "")
  if (!ipaddr.isValid(literal)) return undefined
  const ip = ipaddr.parse(literal)
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) return ip.toIPv4Address()
  return ip
}

/** Classifies one IP address literal (IPv4 or IPv6, optionally in brackets). Pure. */
export const classify = (address: string): Verdict => {
  const ip = parse(address)
  if (ip === undefined) return refuse(`'${address}' is not an IP address`)
  const range = ip.range()
  if (range !== "unicast") return refuse(`${range} address ${ip.toString()}`)
  if (ip instanceof ipaddr.IPv6 && !ip.match(globalUnicastV6)) return refuse(`non-global address ${ip.toString()}`)
  return allowed
}

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, "")

/** Whether a host is an IP literal (after WHATWG URL parsing, which canonicalises 2130706433, 0x7f.1, 0177.0.0.1…). */
export const isIpLiteral = (host: string): boolean => ipaddr.isValid(host.replace(/^\[|\]$/g, ""))

/** The canonical text and family of an IP literal (`127.1` → `127.0.0.1`, 4), as a socket should be given it. */
export const canonical = (address: string): { readonly address: string; readonly family: 4 | 6 } | undefined => {
  const literal = address.replace(/^\[|\]$/g, "")
  if (!ipaddr.isValid(literal)) return undefined
  const ip = ipaddr.parse(literal)
  return ip instanceof ipaddr.IPv4 ? { address: ip.toString(), family: 4 } : { address: ip.toString(), family: 6 }
}
