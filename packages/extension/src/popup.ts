/**
 * The popup over the current tab: its URL (editable) and title, Tags with suggestions, Note, the new bookmark's
 * states, Save; whether the URL is already saved (with that bookmark's states as toggles), then "Saved" with a link
 * and the enrichment state. `?tabId=` names the tab when the popup is opened as a page (the browser tests do;
 * docs/extension.md).
 */
import * as Client from "./Client.js"
import { byId, show } from "./Dom.js"
import * as Failures from "./Failure.js"
import * as Lists from "./Lists.js"
import type { Message } from "./Messages.js"
import type { Outcome } from "./Saver.js"
import * as Settings from "./Settings.js"
import * as States from "./States.js"
import * as StateToggles from "./StateToggles.js"
import * as Tags from "./Tags.js"
import { initialUrl, isSaveable } from "./Urls.js"

const form = byId("save-form", HTMLFormElement)
const urlField = byId("url", HTMLInputElement)
const tagsField = byId("tags", HTMLInputElement)
const noteField = byId("note", HTMLTextAreaElement)
const saveButton = byId("save", HTMLButtonElement)
const suggestions = byId("suggestions", HTMLDivElement)
const problem = byId("problem", HTMLDivElement)
const reconnect = byId("reconnect", HTMLButtonElement)
const copyField = byId("copy", HTMLInputElement)
const listChoices = byId("list-choices", HTMLDivElement)
const favouriteField = byId("favourite", HTMLInputElement)
const archivedField = byId("archived", HTMLInputElement)

const ask = (message: Message): Promise<Outcome | undefined> => chrome.runtime.sendMessage(message)

const report = (outcome: Extract<Outcome, { ok: false }> | undefined): void => {
  show(problem, outcome !== undefined)
  if (outcome === undefined) return
  byId("problem-text", HTMLParagraphElement).textContent = outcome.message
  reconnect.textContent = outcome.failure.kind === "notConnected" ? "Connect" : "Reconnect"
  show(reconnect, outcome.reconnect)
}

const currentTab = async (): Promise<chrome.tabs.Tab | undefined> => {
  const named = Number(new URLSearchParams(location.search).get("tabId"))
  if (Number.isInteger(named) && named > 0) return chrome.tabs.get(named).catch(() => undefined)
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true })
  return tab
}

let known: ReadonlyArray<string> = []
const suggest = () => {
  suggestions.replaceChildren(
    ...Tags.suggestions(known, tagsField.value).map((tag) => {
      const button = document.createElement("button")
      button.type = "button"
      button.textContent = tag
      button.setAttribute("aria-label", `Add tag ${tag}`)
      button.addEventListener("click", () => {
        tagsField.value = Tags.choose(tagsField.value, tag)
        suggest()
        tagsField.focus()
      })
      return button
    })
  )
}

/** One checkbox per list, sublists indented under their parent (the server answers depth first). */
const offerLists = async (connection: Settings.Connection) => {
  const read = await Client.lists(fetch, connection)
  if (!read.ok) return
  listChoices.replaceChildren(
    ...Lists.choices(read.value).map((list) => {
      const label = document.createElement("label")
      label.style.setProperty("--depth", String(list.depth))
      const box = document.createElement("input")
      box.type = "checkbox"
      box.name = "list"
      box.value = list.id
      label.append(box, document.createTextNode(list.name))
      return label
    })
  )
  show(byId("lists", HTMLFieldSetElement), read.value.length > 0)
}

const chosen = () => Array.from(listChoices.querySelectorAll<HTMLInputElement>("input[name=list]:checked"))
const chosenLists = (): ReadonlyArray<string> => chosen().map((box) => box.value)
const chosenNames = (): ReadonlyArray<string> => chosen().map((box) => box.parentElement?.textContent ?? "")

/** Follows enrichment for a while after a save: processing, then ready or what failed. */
const follow = async (connection: Settings.Connection, id: string, fromCopy: boolean) => {
  const state = byId("enrichment", HTMLParagraphElement)
  for (let attempt = 0; attempt < 30; attempt++) {
    const read = await Client.bookmark(fetch, connection, id)
    if (!read.ok) return void (state.textContent = `Enrichment: ${Failures.message(read.failure, Date.now())}`)
    const b = read.value
    if (b.status !== "processing") {
      state.textContent = b.processingError !== undefined && b.processingError !== ""
        ? `Enrichment failed: ${b.processingError}`
        : `Enrichment: ${b.status}${b.title === "" ? "" : ` — “${b.title}”`}`
      return
    }
    state.textContent = fromCopy
      ? "Enrichment: processing (reading the page copy and writing its summary)…"
      : "Enrichment: processing (fetching the page and writing its summary)…"
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

const start = async () => {
  reconnect.addEventListener("click", () => void chrome.runtime.openOptionsPage())
  const tab = await currentTab()
  urlField.value = initialUrl(tab?.url)
  byId("page-title", HTMLParagraphElement).textContent = tab?.title ?? ""
  const connection = await Settings.load()
  if (connection === undefined) {
    report({
      ok: false,
      failure: { kind: "notConnected" },
      message: Failures.message({ kind: "notConnected" }, Date.now()),
      reconnect: true
    })
    saveButton.disabled = true
    return
  }
  tagsField.addEventListener("input", suggest)
  void Client.tags(fetch, connection).then((result) => {
    if (result.ok) known = result.value
    suggest()
  })
  void offerLists(connection)
  // A copy is of the page the popup was opened on: offered only while the URL is that page's.
  const tabUrl = initialUrl(tab?.url)
  const copyPossible = () => tabUrl !== "" && isSaveable(tabUrl) && urlField.value.trim() === tabUrl
  copyField.disabled = !copyPossible()
  const tabId = tab?.id
  const withTab = tabId === undefined ? {} : { tabId }
  const already = byId("already", HTMLDivElement)
  const failedState: StateToggles.Report = (failure, message) =>
    report({ ok: false, failure, message, reconnect: Failures.needsReconnect(failure) })
  StateToggles.wire(connection, failedState)
  /** Says whether `url` is in the library, with its states; the tab's badge follows only for the tab's own address. */
  const check = async (url: string, ofTab: boolean) => {
    show(already, false)
    StateToggles.hide()
    if (url === "") return
    const found = await ask({ _tag: "lookup", url, ...(ofTab ? withTab : {}) })
    if (found !== undefined && !found.ok) return report(found)
    report(undefined)
    if (found?.link !== undefined) {
      byId("already-link", HTMLAnchorElement).href = found.link
      show(already, true)
      if (found.id !== undefined) await StateToggles.showFor(connection, found.id, failedState)
    }
  }
  await check(urlField.value, true)
  urlField.addEventListener("change", () => {
    copyField.disabled = !copyPossible()
    if (copyField.disabled) copyField.checked = false
    void check(urlField.value.trim(), urlField.value.trim() === tabUrl)
  })
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    saveButton.disabled = true
    report(undefined)
    const sameTab = tab?.url !== undefined && urlField.value === initialUrl(tab.url)
    const withCopy = copyField.checked && copyPossible()
    void ask({
      _tag: "save",
      url: urlField.value.trim(),
      tags: Tags.parse(tagsField.value),
      note: noteField.value,
      lists: chosenLists(),
      ...(withCopy ? { copy: true } : {}),
      ...(favouriteField.checked ? { favourite: true } : {}),
      ...(archivedField.checked ? { archived: true } : {}),
      ...(sameTab ? withTab : {})
    })
      .then((outcome) => {
        saveButton.disabled = false
        if (outcome === undefined) return
        if (!outcome.ok) return report(outcome)
        show(form, false)
        show(already, false)
        show(byId("saved", HTMLElement), true)
        if (outcome.link !== undefined) byId("saved-link", HTMLAnchorElement).href = outcome.link
        const extras = [
          withCopy ? "With a copy of the page as you see it." : "",
          chosenNames().length === 0 ? "" : `Lists: ${chosenNames().join(", ")}.`,
          outcome.states === undefined ? "" : States.describe(outcome.states)
        ].filter((line) => line !== "").join(" ")
        byId("saved-extras", HTMLParagraphElement).textContent = extras
        show(byId("saved-extras", HTMLParagraphElement), extras !== "")
        const notes = byId("save-notes", HTMLUListElement)
        notes.replaceChildren(...(outcome.notes ?? []).map((note) => {
          const item = document.createElement("li")
          item.textContent = note
          return item
        }))
        show(notes, (outcome.notes ?? []).length > 0)
        if (outcome.id !== undefined) void follow(connection, outcome.id, withCopy)
      })
  })
}

void start()
