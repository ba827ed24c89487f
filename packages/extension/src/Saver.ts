/**
 * What the service worker does for every face of the extension (popup, context menu): look up or save a URL with
 * the stored connection, and show the outcome on the toolbar icon of the tab.
 */
import * as Client from "./Client.js"
import type { Failure } from "./Failure.js"
import * as Failures from "./Failure.js"
import { decodeCaptured, type Message, type Save } from "./Messages.js"
import { serialisePage } from "./PageSerialiser.js"
import * as Settings from "./Settings.js"
import * as States from "./States.js"
import { bookmarkPage, isSaveable } from "./Urls.js"

/** What the popup is told: the bookmark (with its link in the web app), or the failure in words. */
export type Outcome =
  | {
    readonly ok: true
    readonly id: string | undefined
    readonly link: string | undefined
    readonly status?: string
    /** What the save could not do besides the bookmark itself (a list it did not join, what the copy leaves out). */
    readonly notes?: ReadonlyArray<string>
    /** The states the new bookmark was given (those asked for that the server confirmed). */
    readonly states?: States.States
  }
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
  if (state !== "none") {
    await chrome.action.setBadgeBackgroundColor({ tabId, color: state === "saved" ? "#1a7f37" : "#b42318" })
  }
  await chrome.action.setTitle({ tabId, title })
}

export const handle = async (message: Message, fetcher: Client.Fetch = fetch): Promise<Outcome> => {
  const connection = await Settings.load()
  if (connection === undefined) return failed({ kind: "notConnected" })
  if (!isSaveable(message.url)) {
    return failed({
      kind: "rejected",
      status: 400,
      detail: "Only http and https addresses (without a user name or password) can be saved."
    })
  }
  if (message._tag === "lookup") {
    const found = await Client.lookup(fetcher, connection, message.url)
    if (!found.ok) return failed(found.failure)
    await badge(
      message.tabId,
      found.value === undefined ? "none" : "saved",
      found.value === undefined ? "Save to Bookmarks" : "Already in your library"
    )
    return {
      ok: true,
      id: found.value,
      link: found.value === undefined ? undefined : bookmarkPage(connection.server, found.value)
    }
  }
  let notes: Array<string> = []
  let saved: Client.Result<{ readonly id: string; readonly status: string }>
  if (message.copy === true) {
    const copy = await capture(message.tabId)
    if (!copy.ok) {
      return failed({ kind: "rejected", status: 400, detail: copy.reason })
    }
    if (copy.partial !== "") notes.push(`The page copy leaves out: ${copy.partial}.`)
    saved = await Client.saveWithCopy(fetcher, connection, message, copy.html)
  } else {
    saved = await Client.save(fetcher, connection, message)
  }
  if (!saved.ok) {
    await badge(message.tabId, "failed", Failures.message(saved.failure, Date.now()))
    return failed(saved.failure)
  }
  await badge(message.tabId, "saved", "Saved to your library")
  notes = notes.concat(await joinLists(fetcher, connection, message, saved.value.id))
  const states = await applyStates(fetcher, connection, saved.value.id, message)
  notes = notes.concat(states.notes)
  return {
    ok: true,
    id: saved.value.id,
    link: bookmarkPage(connection.server, saved.value.id),
    status: saved.value.status,
    states: states.states,
    ...(notes.length === 0 ? {} : { notes })
  }
}

/**
 * The largest copy the extension sends: under the service's default cap of 20 MB (ARCHIVE_MAX_BYTES), with room for
 * the JSON escaping of the document's quotes.
 */
export const maxCopyBytes = 16 * 1024 * 1024

/** The page of `tabId` serialised in its tab (docs/extension.md, "Lists and the page copy"). */
const capture = async (tabId: number | undefined) => {
  const cannot = { ok: false as const, reason: "A page copy can be taken only of the page the popup was opened on." }
  if (tabId === undefined) return cannot
  try {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId },
      func: serialisePage,
      args: [maxCopyBytes]
    })
    return decodeCaptured(frame?.result) ?? cannot
  } catch (e) {
    return { ok: false as const, reason: `The page could not be copied: ${e instanceof Error ? e.message : String(e)}` }
  }
}

/** Adds the new bookmark to each chosen list; a list it could not join is said in words, the save stands. */
const joinLists = async (fetcher: Client.Fetch, connection: Client.Connection, message: Save, id: string) => {
  const notes: Array<string> = []
  for (const list of message.lists ?? []) {
    const added = await Client.addToList(fetcher, connection, list, id)
    if (!added.ok) notes.push(`Not added to a list: ${Failures.message(added.failure, Date.now())}`)
  }
  return notes
}

/**
 * Gives a new bookmark the states asked for with its save, one batch call each; a state the server did not set is
 * said in words and left off, the save stands.
 */
export const applyStates = async (
  fetcher: Client.Fetch,
  connection: Client.Connection,
  id: string,
  wanted: { readonly favourite?: boolean | undefined; readonly archived?: boolean | undefined }
): Promise<{ readonly states: States.States; readonly notes: ReadonlyArray<string> }> => {
  const notes: Array<string> = []
  const states = { favourite: false, archived: false }
  for (const state of States.all) {
    if (wanted[state] !== true) continue
    const set = await Client.setState(fetcher, connection, id, state, true)
    if (set.ok) states[state] = true
    else notes.push(States.notDone(state, true, set.failure, Date.now()))
  }
  return { states, notes }
}
