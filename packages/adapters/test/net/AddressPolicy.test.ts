// Pure classification only: none of these addresses is ever contacted.
import { describe, expect, it } from "@effect/vitest"
import { canonical, classify, isIpLiteral } from "../../src/net/AddressPolicy.js"

const refused = [
  "10.0.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.254",
  "127.0.0.1",
  "127.255.255.254",
  "0.0.0.0",
  "0.1.2.3",
  "255.255.255.255",
  "224.0.0.1",
  "239.255.255.250",
  "192.0.2.1",
  "198.18.0.1",
  "240.0.0.1",
  "::1",
  "::",
  "fd00::1",
  "fc00::1",
  "fe80::1",
  "fe80::1%eth0",
  "ff02::1",
  "fec0::1",
  "::ffff:10.0.0.1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:169.254.169.254",
  "[::ffff:127.0.0.1]",
  "64:ff9b::7f00:1",
  "64:ff9b:1::a00:1",
  "2002:7f00:1::",
  "2001::1",
  "2001:db8::1",
  "100::1",
  "::7f00:1",
  "::127.0.0.1"
]
const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.215.14",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "[2606:4700:4700::1111]",
  "::ffff:8.8.8.8"
]

describe("AddressPolicy.classify", () => {
  for (const address of refused) {
    it(`refuses ${address}`, () => {
      const verdict = classify(address)
      expect(verdict.allowed).toBe(false)
    })
  }
  for (const address of allowed) {
    it(`allows ${address}`, () => {
      expect(classify(address)).toEqual({ allowed: true })
    })
  }
  it("refuses what is not an IP address", () => {
    expect(classify("localhost")).toEqual({ allowed: false, reason: "'localhost' is not an IP address" })
    expect(classify("")).toMatchObject({ allowed: false })
  })
  it("names the range it refuses", () => {
    expect(classify("169.254.169.254")).toEqual({ allowed: false, reason: "linkLocal address 169.254.169.254" })
    expect(classify("::ffff:10.0.0.1")).toEqual({ allowed: false, reason: "private address 10.0.0.1" })
    expect(classify("100.64.0.1")).toEqual({ allowed: false, reason: "carrierGradeNat address 100.64.0.1" })
  })
})

describe("AddressPolicy literals", () => {
  it("canonicalises legacy IPv4 forms the way a socket must be given them", () => {
    expect(canonical("127.1")).toEqual({ address: "127.0.0.1", family: 4 })
    expect(canonical("0x7f000001")).toEqual({ address: "127.0.0.1", family: 4 })
    expect(canonical("[::1]")).toEqual({ address: "::1", family: 6 })
    expect(canonical("example.com")).toBeUndefined()
  })
  it("tells IP literals from host names", () => {
    expect(isIpLiteral("[::1]")).toBe(true)
    expect(isIpLiteral("127.0.0.1")).toBe(true)
    expect(isIpLiteral("evil.test")).toBe(false)
  })
})
