/**
 * The sealed hand-over of the extension's key (docs/extension.md, "Connect"): the extension sends an RSA-OAEP public
 * key, the web app encrypts the new key to it, and only the extension that holds the private key can read it.
 */
import { constants, createHash, createPublicKey, type KeyObject, publicEncrypt } from "node:crypto"

/** Base64url of an SPKI DER of RSA 2048–4096 bits is 390–740 characters. */
export const maxEncodedLength = 1024
const base64url = /^[A-Za-z0-9_-]+$/

/** The extension's public key from its base64url SPKI, or undefined when it is not an RSA key of 2048–4096 bits. */
export const publicKey = (encoded: string): KeyObject | undefined => {
  if (encoded.length === 0 || encoded.length > maxEncodedLength || !base64url.test(encoded)) return undefined
  try {
    const key = createPublicKey({ key: Buffer.from(encoded, "base64url"), format: "der", type: "spki" })
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0
    return key.asymmetricKeyType === "rsa" && bits >= 2048 && bits <= 4096 ? key : undefined
  } catch {
    return undefined
  }
}

/** What the extension shows beside Connect and the approval page repeats: `ABCD-EF12`, from the key's SHA-256. */
export const code = (encoded: string): string => {
  const hex = createHash("sha256").update(Buffer.from(encoded, "base64url")).digest("hex").slice(0, 8).toUpperCase()
  return `${hex.slice(0, 4)}-${hex.slice(4)}`
}

/** RSA-OAEP with SHA-256, base64url: what `crypto.subtle.decrypt({ name: "RSA-OAEP" })` reads back. */
export const seal = (key: KeyObject, text: string): string =>
  publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(text, "utf8"))
    .toString("base64url")
