/** Addresses the extension reads and builds: the server's, the pages it may save, and links into the web app. */

export type ServerUrl = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string }

/**
 * The server as the person typed it: an http(s) URL without credentials, query or fragment; kept without a trailing
 * slash.
 */
export const parseServer = (input: string): ServerUrl => {
  const text = input.trim()
  if (text === "") {
    return { ok: false, message: "Enter the address of your bookmark server, such as https://bookmarks.example.com." }
  }
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    return { ok: false, message: "That is not a web address. Use one such as https://bookmarks.example.com." }
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, message: "The server address must start with http:// or https://." }
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, message: "Leave the user name and password out of the server address." }
  }
  if (url.search !== "" || url.hash !== "") {
    return { ok: false, message: "The server address cannot have a query (?…) or a fragment (#…)." }
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` }
}

/** The host-permission pattern for the server: asked for at run time, so the extension reaches nothing else. */
export const originPattern = (server: string): string => `${new URL(server).origin}/*`

/** Pages the library can save: http and https addresses without credentials (what the API accepts). */
export const isSaveable = (url: string): boolean => {
  try {
    const parsed = new URL(url)
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.username === "" &&
      parsed.password === ""
  } catch {
    return false
  }
}

/** What the popup's URL field starts with: the tab's address, or nothing over a page that is not a web page. */
export const initialUrl = (
  tabUrl: string | undefined
): string => (tabUrl !== undefined && isSaveable(tabUrl) ? tabUrl : "")

export const apiUrl = (server: string, path: string): string => `${server}/v1/api${path}`

/** The bookmark's page in the web app. */
export const bookmarkPage = (server: string, id: string): string => `${server}/bookmarks/${encodeURIComponent(id)}`

export const keysPage = (server: string): string => `${server}/keys`

/** The web app's approval page for this extension's public key (docs/extension.md, "Connect"). */
export const connectPage = (server: string, publicKey: string): string =>
  `${server}/extension/connect?${new URLSearchParams({ pub: publicKey }).toString()}`

/**
 * The sealed key and the account's email from the page the web app redirects to after approval; undefined for any other
 * page.
 */
export const connectedResult = (
  server: string,
  tabUrl: string
): { readonly sealed: string; readonly email: string } | undefined => {
  const prefix = `${server}/extension/connected#`
  if (!tabUrl.startsWith(prefix)) return undefined
  const params = new URLSearchParams(tabUrl.slice(prefix.length))
  const sealed = params.get("sealed")
  return sealed === null || sealed === "" ? undefined : { sealed, email: params.get("email") ?? "" }
}
