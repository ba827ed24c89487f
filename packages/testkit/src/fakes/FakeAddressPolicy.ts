/**
 * The address policy of the fakes, by URL alone (no DNS): loopback, private, link-local (metadata), CGNAT, unique
 * local, multicast and unspecified addresses are refused, and so is `localhost`. The WHATWG URL parser has already
 * turned every IPv4 spelling (decimal, hex, octal, short) into dotted quads and compressed IPv6, so the host is
 * classified as written. The real policy (adapters, `AddressPolicy`) also resolves names; a fake never does.
 */

/** The range a refused IPv4 address is in, or undefined for a public one. */
const v4Range = (a: number, b: number): string | undefined => {
  if (a === 127) return "loopback address"
  if (a === 0) return "unspecified address"
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private address"
  if (a === 169 && b === 254) return "link-local address"
  if (a === 100 && b >= 64 && b <= 127) return "carrier-grade NAT address"
  if (a >= 224) return "multicast or reserved address"
  return undefined
}

const v4 = (host: string): ReadonlyArray<number> | undefined => {
  const parts = host.split(".")
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return undefined
  return parts.map(Number)
}

const v6Range = (host: string): string | undefined => {
  const address = host.slice(1, -1).toLowerCase()
  if (address === "::1") return "loopback address"
  if (address === "::") return "unspecified address"
  if (/^f[cd]/.test(address)) return "unique local address"
  if (/^fe[89ab]/.test(address)) return "link-local address"
  if (address.startsWith("ff")) return "multicast address"
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address)
  if (mapped === null) return undefined
  const high = parseInt(mapped[1] ?? "0", 16)
  return v4Range(high >> 8, high & 0xff)
}

/** Why the fake policy refuses the host of `url` (as the real one words it), or undefined when it allows it. */
export const refusal = (url: URL): string | undefined => {
  const host = url.hostname.toLowerCase()
  const range = (): string | undefined => {
    if (host === "localhost" || host.endsWith(".localhost")) return "loopback address"
    if (host.startsWith("[")) return v6Range(host)
    const quad = v4(host)
    return quad === undefined ? undefined : v4Range(quad[0] ?? 0, quad[1] ?? 0)
  }
  const found = range()
  return found === undefined ? undefined : `${host} refused by address policy: ${found}`
}
