/**
 * The session cookie: the opaque token, `HttpOnly`, `SameSite=Lax`, `Path=/`, 30 days; on an https PUBLIC_URL also
 * `Secure` with the `__Host-` prefix (no subdomain or plain-http page can set or read it).
 */
import { Session } from "@bookmark-library/domain"

export const isSecure = (publicUrl: string) => publicUrl.startsWith("https:")

export const name = (publicUrl: string) => (isSecure(publicUrl) ? "__Host-bookmarks_session" : "bookmarks_session")

const attributes = (publicUrl: string, maxAgeSeconds: number) =>
  `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${isSecure(publicUrl) ? "; Secure" : ""}`

export const set = (publicUrl: string, token: string) =>
  `${name(publicUrl)}=${token}; ${attributes(publicUrl, Math.floor(Session.lifetime / 1000))}`

export const clear = (publicUrl: string) => `${name(publicUrl)}=; ${attributes(publicUrl, 0)}`

/** The token from a Cookie header, if one is there. */
export const read = (publicUrl: string, cookies: Readonly<Record<string, string>>): string | undefined => {
  const value = cookies[name(publicUrl)]
  return value === undefined || value === "" ? undefined : value
}
