/**
 * The proxies in front of the server whose `X-Request-Id` is taken as the request's own (TRUST_PROXY,
 * docs/operations.md, "Request ids"): exact addresses and CIDR ranges, checked against the connection's peer.
 */
import { Result } from "effect"
import { BlockList, isIP } from "node:net"

export interface TrustedProxies {
  /** Whether a connection from `address` comes from a trusted proxy. */
  readonly trusts: (address: string) => boolean
}

/** Trusts no one: every request gets an id of its own. */
export const none: TrustedProxies = { trusts: () => false }

/** `::ffff:10.0.0.1`, as Node reports an IPv4 peer on a dual-stack socket, is `10.0.0.1`. */
const unmapped = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4")

/** A comma-separated list such as `127.0.0.1, 10.0.0.0/8, fd00::/8`; an entry that is neither is refused. */
export const parse = (value: string): Result.Result<TrustedProxies, string> => {
  const list = new BlockList()
  const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "")
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/")
    const ip = unmapped(address)
    const version = isIP(ip)
    const prefix = bits === undefined ? undefined : /^\d{1,3}$/.test(bits) ? Number(bits) : -1
    if (
      version === 0 || rest.length > 0 || (prefix !== undefined && (prefix < 0 || prefix > (version === 4 ? 32 : 128)))
    ) {
      return Result.fail(`'${entry}' is not an IP address or a CIDR range like 10.0.0.0/8`)
    }
    if (prefix === undefined) list.addAddress(ip, family(ip))
    else list.addSubnet(ip, prefix, family(ip))
  }
  if (entries.length === 0) return Result.succeed(none)
  return Result.succeed({
    trusts: (address) => {
      const ip = unmapped(address)
      return isIP(ip) !== 0 && list.check(ip, family(ip))
    }
  })
}
