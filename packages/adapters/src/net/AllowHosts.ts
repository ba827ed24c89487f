/**
 * The operator's exceptions to the address policy (`ALLOW_HOSTS`, docs/operations.md, "Pages on your own network"):
 * host names (`wiki.home`, or `*.home.arpa` for every name below it) and IP addresses or CIDR ranges
 * (`192.168.1.0/24`, `fd00::/8`). Only those destinations pass; everything else is classified as before.
 */
import { Result } from "effect"
import ipaddr from "ipaddr.js"

export interface AllowHosts {
  /** Exact names, lower-case, without a trailing dot. */
  readonly names: ReadonlySet<string>
  /** Suffixes of `*.` entries, with their leading dot (`.home.arpa`). */
  readonly suffixes: ReadonlyArray<string>
  readonly ranges: ReadonlyArray<readonly [ipaddr.IPv4 | ipaddr.IPv6, number]>
}

/** No exceptions: the address policy as it stands. */
export const none: AllowHosts = { names: new Set(), suffixes: [], ranges: [] }

/** The setting's name, as refusals and the docs name it. */
export const setting = "ALLOW_HOSTS"

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const isHostName = (name: string) => name.length <= 253 && name.split(".").every((part) => label.test(part))

/** `::ffff:10.0.0.1` is `10.0.0.1`: an IPv4 range covers it. */
const unmapped = (ip: ipaddr.IPv4 | ipaddr.IPv6) =>
  ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip

const refuse = (entry: string) =>
  Result.fail(`'${entry}' is not a host name (wiki.home, *.home.arpa), an IP address or a CIDR range (192.168.1.0/24)`)

/** A comma-separated list; an entry that is none of the three is refused, naming it. */
export const parse = (value: string): Result.Result<AllowHosts, string> => {
  const names = new Set<string>()
  const suffixes: Array<string> = []
  const ranges: Array<readonly [ipaddr.IPv4 | ipaddr.IPv6, number]> = []
  for (const raw of value.split(",")) {
    const entry = raw.trim()
    if (entry === "") continue
    const literal = entry.replace(/^\[|\]$/g, "")
    if (entry.includes("/")) {
      if (!ipaddr.isValidCIDR(entry)) return refuse(entry)
      const [ip, bits] = ipaddr.parseCIDR(entry)
      const mapped = unmapped(ip)
      ranges.push([mapped, mapped === ip ? bits : Math.max(0, bits - 96)])
    } else if (ipaddr.isValid(literal)) {
      const ip = unmapped(ipaddr.parse(literal))
      ranges.push([ip, ip.kind() === "ipv4" ? 32 : 128])
    } else {
      const name = entry.toLowerCase().replace(/\.+$/, "")
      const wildcard = name.startsWith("*.")
      const bare = wildcard ? name.slice(2) : name
      if (!isHostName(bare)) return refuse(entry)
      if (wildcard) suffixes.push(`.${bare}`)
      else names.add(bare)
    }
  }
  return Result.succeed({ names, suffixes, ranges })
}

/** Whether the name (normalised: lower-case, no brackets, no trailing dot) is allowed whatever it resolves to. */
export const allowsName = (allow: AllowHosts, host: string): boolean =>
  allow.names.has(host) || allow.suffixes.some((suffix) => host.endsWith(suffix))

/** Whether an IP address lies in one of the allowed ranges. */
export const allowsAddress = (allow: AllowHosts, address: string): boolean => {
  if (allow.ranges.length === 0) return false
  const literal = address.replace(/^\[|\]$/g, "")
  if (!ipaddr.isValid(literal)) return false
  const ip = unmapped(ipaddr.parse(literal))
  return allow.ranges.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits))
}
