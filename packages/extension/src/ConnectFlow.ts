/**
 * Connecting through the web app (docs/extension.md, "Connect"): open the approval page in a tab with a fresh public
 * key, wait for that tab to reach the page the web app redirects to after approval, and open the sealed key.
 */
import * as Seal from "./Seal.js"
import { connectedResult, connectPage } from "./Urls.js"

export type Approval = { readonly ok: true; readonly key: string; readonly email: string } | {
  readonly ok: false
  readonly message: string
}

/** How long the person has to approve before the extension stops waiting. */
export const patienceMs = 10 * 60 * 1000

/** Waits for the tab to show the connected page; gives up when the tab closes or time runs out. */
const connectedPage = (server: string, tabId: number) =>
  new Promise<{ readonly sealed: string; readonly email: string } | "closed" | "timeout">((resolve) => {
    const done = (value: { readonly sealed: string; readonly email: string } | "closed" | "timeout") => {
      chrome.tabs.onUpdated.removeListener(updated)
      chrome.tabs.onRemoved.removeListener(removed)
      clearTimeout(timer)
      resolve(value)
    }
    const updated = (id: number, change: { readonly url?: string }) => {
      const found = id === tabId && change.url !== undefined ? connectedResult(server, change.url) : undefined
      if (found !== undefined) done(found)
    }
    const removed = (id: number) => {
      if (id === tabId) done("closed")
    }
    const timer = setTimeout(() => done("timeout"), patienceMs)
    chrome.tabs.onUpdated.addListener(updated)
    chrome.tabs.onRemoved.addListener(removed)
  })

/** Runs the flow; `showCode` is told the code the approval page repeats as soon as it is known. */
export const approve = async (server: string, showCode: (code: string) => void): Promise<Approval> => {
  const pair = await Seal.pair()
  showCode(await Seal.code(pair.publicKey))
  const tab = await chrome.tabs.create({ url: connectPage(server, pair.publicKey), active: true })
  if (tab.id === undefined) return { ok: false, message: "The browser did not open the approval page." }
  const result = await connectedPage(server, tab.id)
  if (result === "closed") {
    return { ok: false, message: "The approval tab was closed before you approved. Press Connect to try again." }
  }
  if (result === "timeout") {
    return { ok: false, message: "No approval came within 10 minutes. Press Connect to try again." }
  }
  const key = await Seal.open(pair.privateKey, result.sealed)
  await chrome.tabs.remove(tab.id).catch(() => undefined)
  return key === undefined
    ? {
      ok: false,
      message: "The server's answer could not be read (it was not sealed for this request). Press Connect to try again."
    }
    : { ok: true, key, email: result.email }
}
