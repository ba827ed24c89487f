/** Unbiased base62 text from random bytes (bytes ≥ 248 are skipped so `byte % 62` stays uniform). */
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** Up to `length` characters from `bytes`; fewer when too many bytes were skipped (the caller draws more). */
export const fromBytes = (bytes: Uint8Array, length: number): string => {
  let out = ""
  for (const byte of bytes) {
    if (out.length === length) break
    if (byte < 248) out += alphabet[byte % 62]
  }
  return out
}
