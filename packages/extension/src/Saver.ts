/**
 * What the service worker does for every face of the extension (popup, context menu): look up or save a URL with
 * the stored connection, and show the outcome on the toolbar icon of the tab.
 */
import * as Client from "./Client.js"
import type { Failure } from "./Failure.js"
import * as Failures from "./Failure.js"
import type { Message } from "./Messages.js"
import * as Settings from "./Settings.js"
import { bookmarkPage, isSaveable } from "./Urls.js"

/** What the popup is told: the bookmark (with its link in the web app), or the failure in words. */
export type Outcome =
  | { readonly ok: true; readonly id: string | undefined; readonly link: string | undefined; readonly status?: string }
  | { readonly ok: false; readonly failure: Failure; readonly message: string; readonly reconnect: boolean }

const failed = (failure: Failure): Outcome => ({
  ok: false,
  failure,
  message: Failures.message(failure, Date.now()),
  reconnect: Failures.needsReconnect(failure)
})

/** A ✓ on the icon of a tab whose page is in the library, ! after a failure; the tooltip says which. */
export const badge = async (tabId: number | undefined, state: "saved" | "failed" | "none", title: string) => {
  if (tabId === undefined) return
  const text = state === "saved" ? "✓" : state === "failed" ? "!" : ""
  await chrome.action.setBadgeText({ tabId, text })
  if (state !== "none") await chrome.action.setBadgeBackgroundColor({ tabId, color: state === "saved" ? "#1a7f37" : "#b42318" })
  await chrome.action.setTitle({ tabId, title })
}

export const handle = async (message: Message, fetcher: Client.Fetch = fetch): Promise<Outcome> => {
  const connection = await Settings.load()
  if (connection === undefined) return failed({ kind: "notConnected" })
  if (!isSaveable(message.url)) {
    return failed({ kind: "rejected", status: 400, detail: "Only http and https addresses (without a user name or password) can be saved." })
  }
  if (message._tag === "lookup") {
    const found = await Client.lookup(fetcher, connection, message.url)
    if (!found.ok) return failed(found.failure)
    await badge(message.tabId, found.value === undefined ? "none" : "saved", found.value === undefined ? "Save to Bookmarks" : "Already in your library")
    return { ok: true, id: found.value, link: found.value === undefined ? undefined : bookmarkPage(connection.server, found.value) }
  }
  const saved = await Client.save(fetcher, connection, message)
  if (!saved.ok) {
    await badge(message.tabId, "failed", Failures.message(saved.failure, Date.now()))
    return failed(saved.failure)
  }
  await badge(message.tabId, "saved", "Saved to your library")
  return { ok: true, id: saved.value.id, link: bookmarkPage(connection.server, saved.value.id), status: saved.value.status }
}
