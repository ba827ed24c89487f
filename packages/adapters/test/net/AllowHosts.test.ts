// ALLOW_HOSTS: parsing and pure classification; nothing here opens a socket or contacts an address.
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as AllowHosts from "../../src/net/AllowHosts.js"

const parsed = (value: string) => {
  const result = AllowHosts.parse(value)
  if (Result.isFailure(result)) throw new Error(result.failure)
  return result.success
}

describe("AllowHosts.parse", () => {
  it("reads names, wildcards, addresses and CIDR ranges, ignoring spaces and empty entries", () => {
    const allow = parsed(" wiki.home, NAS.Local. ,*.home.arpa,192.168.1.0/24, 10.0.0.7 ,fd00::/8,, [fe80::1] ")
    expect([...allow.names].sort()).toEqual(["nas.local", "wiki.home"])
    expect(allow.suffixes).toEqual([".home.arpa"])
    expect(allow.ranges.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual([
      "192.168.1.0/24",
      "10.0.0.7/32",
      "fd00::/8",
      "fe80::1/128"
    ])
    expect(AllowHosts.parse("")).toEqual(Result.succeed(AllowHosts.none))
  })

  it("refuses an entry that is none of the three, naming it", () => {
    for (const bad of ["192.168.1.0/33", "10.0.0.0/x", "wiki home", "-bad.home", "http://wiki.home", "*", "a..b"]) {
      const result = AllowHosts.parse(`wiki.home, ${bad}`)
      expect(Result.isFailure(result)).toBe(true)
      if (Result.isFailure(result)) expect(result.failure).toContain(`'${bad}'`)
    }
  })
})

describe("AllowHosts classification", () => {
  const allow = parsed("wiki.home, *.home.arpa, 192.168.1.0/24, fd00::/8")

  it("allows exactly the listed names and the names below a wildcard", () => {
    expect(AllowHosts.allowsName(allow, "wiki.home")).toBe(true)
    expect(AllowHosts.allowsName(allow, "nas.home.arpa")).toBe(true)
    expect(AllowHosts.allowsName(allow, "a.b.home.arpa")).toBe(true)
    expect(AllowHosts.allowsName(allow, "home.arpa")).toBe(false)
    expect(AllowHosts.allowsName(allow, "evilhome.arpa")).toBe(false)
    expect(AllowHosts.allowsName(allow, "wiki.home.evil.com")).toBe(false)
    expect(AllowHosts.allowsName(allow, "other.home")).toBe(false)
  })

  it("allows addresses inside the ranges only, IPv4-mapped forms included", () => {
    for (const inside of ["192.168.1.1", "192.168.1.254", "::ffff:192.168.1.9", "fd00::1", "fdff:ffff::2"]) {
      expect([inside, AllowHosts.allowsAddress(allow, inside)]).toEqual([inside, true])
    }
    for (const outside of ["192.168.2.1", "10.0.0.1", "127.0.0.1", "169.254.169.254", "::1", "fe80::1", "x"]) {
      expect([outside, AllowHosts.allowsAddress(allow, outside)]).toEqual([outside, false])
    }
    expect(AllowHosts.allowsAddress(AllowHosts.none, "192.168.1.1")).toBe(false)
  })
})
