/** SHA-256 and HMAC-SHA256 in plain TypeScript, so the domain needs no platform crypto. */
/**
 * 32-bit big-endian words in a DataView: its reads are numbers, where an array index is `number | undefined`
 * (noUncheckedIndexedAccess), and every offset below is a multiple of 4 inside the view.
 */
const words = (values: ReadonlyArray<number>): DataView => {
  const view = new DataView(new ArrayBuffer(values.length * 4))
  values.forEach((value, i) => view.setUint32(i * 4, value))
  return view
}

/** The 64 round constants. */
const K = words([
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2
])

const utf8 = new TextEncoder()

/** Bytes of a string (UTF-8) or the bytes themselves. */
export const toBytes = (input: string | Uint8Array): Uint8Array =>
  typeof input === "string" ? utf8.encode(input) : input

/** SHA-256 digest (32 bytes). */
export const sha256 = (input: string | Uint8Array): Uint8Array => {
  const data = toBytes(input)
  const bitLength = data.length * 8
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6)
  padded.set(data)
  padded[data.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000))
  view.setUint32(padded.length - 4, bitLength >>> 0)
  // The state: eight words whose bytes, big-endian, are the digest once every block is in.
  const h = words([
    0x6a09e667,
    0xbb67ae85,
    0x3c6ef372,
    0xa54ff53a,
    0x510e527f,
    0x9b05688c,
    0x1f83d9ab,
    0x5be0cd19
  ])
  // The message schedule: word i at byte 4 * i.
  const w = new DataView(new ArrayBuffer(64 * 4))
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w.setUint32(i * 4, view.getUint32(offset + i * 4))
    for (let i = 16; i < 64; i++) {
      const a = w.getUint32((i - 15) * 4), b = w.getUint32((i - 2) * 4)
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3)
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10)
      w.setUint32(i * 4, (w.getUint32((i - 16) * 4) + s0 + w.getUint32((i - 7) * 4) + s1) >>> 0)
    }
    let a = h.getUint32(0), b = h.getUint32(4), c = h.getUint32(8), d = h.getUint32(12)
    let e = h.getUint32(16), f = h.getUint32(20), g = h.getUint32(24), hh = h.getUint32(28)
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
      const ch = (e & f) ^ (~e & g)
      const t1 = (hh + S1 + ch + K.getUint32(i * 4) + w.getUint32(i * 4)) >>> 0
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
      const maj = (a & b) ^ (a & c) ^ (b & c)
      const t2 = (S0 + maj) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    h.setUint32(0, (h.getUint32(0) + a) >>> 0)
    h.setUint32(4, (h.getUint32(4) + b) >>> 0)
    h.setUint32(8, (h.getUint32(8) + c) >>> 0)
    h.setUint32(12, (h.getUint32(12) + d) >>> 0)
    h.setUint32(16, (h.getUint32(16) + e) >>> 0)
    h.setUint32(20, (h.getUint32(20) + f) >>> 0)
    h.setUint32(24, (h.getUint32(24) + g) >>> 0)
    h.setUint32(28, (h.getUint32(28) + hh) >>> 0)
  }
  return new Uint8Array(h.buffer)
}

/** HMAC-SHA256 (RFC 2104) of `message` keyed with `key`. */
export const hmacSha256 = (key: string | Uint8Array, message: string | Uint8Array): Uint8Array => {
  let k = toBytes(key)
  if (k.length > 64) k = sha256(k)
  const inner = new Uint8Array(64 + toBytes(message).length)
  const outer = new Uint8Array(64 + 32)
  for (let i = 0; i < 64; i++) {
    const byte = k[i] ?? 0
    inner[i] = byte ^ 0x36
    outer[i] = byte ^ 0x5c
  }
  inner.set(toBytes(message), 64)
  outer.set(sha256(inner), 64)
  return sha256(outer)
}

/** Lowercase hex of bytes. */
export const toHex = (bytes: Uint8Array): string => {
  let out = ""
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0")
  return out
}

/** Compares two byte strings in time that depends only on their lengths. */
export const constantTimeEqual = (a: string | Uint8Array, b: string | Uint8Array): boolean => {
  const x = toBytes(a)
  const y = toBytes(b)
  let diff = x.length ^ y.length
  const n = Math.max(x.length, y.length)
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}
