/**
 * The extension's half of the sealed hand-over (docs/extension.md, "Connect"): an RSA-OAEP key pair made for one
 * connection; the web app encrypts the new API key to the public half, only this page can decrypt it.
 */

const toBase64url = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export interface Pair {
  readonly privateKey: CryptoKey
  /** Base64url SPKI: what the approval link carries. */
  readonly publicKey: string
}

/** A fresh pair; the private half cannot be exported and lives only as long as the page. */
export const pair = async (): Promise<Pair> => {
  const keys = await crypto.subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    false,
    ["encrypt", "decrypt"]
  )
  const spki = await crypto.subtle.exportKey("spki", keys.publicKey)
  return { privateKey: keys.privateKey, publicKey: toBase64url(new Uint8Array(spki)) }
}

/**
 * The code both the options page and the approval page show (`ABCD-EF12`): the first 8 hex digits of the key's SHA-256.
 */
export const code = async (publicKey: string): Promise<string> => {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", fromBase64url(publicKey)))
  const hex = Array.from(digest.slice(0, 4), (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase()
  return `${hex.slice(0, 4)}-${hex.slice(4)}`
}

/** The API key inside `sealed`, or undefined when it was not sealed to this pair or is not a key. */
export const open = async (privateKey: CryptoKey, sealed: string): Promise<string | undefined> => {
  try {
    const plain = await crypto.subtle.decrypt({ name: "RSA-OAEP" }, privateKey, fromBase64url(sealed))
    const key = new TextDecoder().decode(plain)
    return /^bk_[0-9A-Za-z]{40}$/.test(key) ? key : undefined
  } catch {
    return undefined
  }
}
