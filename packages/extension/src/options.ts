/**
 * The options page: the server URL and either Connect through the web app (no copy-paste) or a pasted API key;
 * shows the account and server it is connected to, and Disconnect forgets the key.
 */
import * as Client from "./Client.js"
import * as ConnectFlow from "./ConnectFlow.js"
import { byId, show } from "./Dom.js"
import * as Failures from "./Failure.js"
import * as Settings from "./Settings.js"
import { originPattern, parseServer } from "./Urls.js"

const form = byId("connect-form", HTMLFormElement)
const serverField = byId("server", HTMLInputElement)
const keyField = byId("key", HTMLInputElement)
const connectButton = byId("connect", HTMLButtonElement)
const progress = byId("progress", HTMLParagraphElement)
const problem = byId("problem", HTMLParagraphElement)

const fail = (message: string) => {
  problem.textContent = message
  show(problem, true)
  progress.textContent = ""
  connectButton.disabled = false
}

const render = (connection: Settings.Connection | undefined) => {
  show(byId("connected", HTMLElement), connection !== undefined)
  if (connection !== undefined) {
    const who = connection.email === ""
      ? `the account of key ${Settings.masked(connection.key)}`
      : `${connection.email} (key ${Settings.masked(connection.key)})`
    byId("connected-text", HTMLParagraphElement).textContent =
      `Connected to ${connection.server} as ${who}, plan ${connection.plan}.`
    serverField.value = connection.server
  }
  byId("connect-heading", HTMLHeadingElement).textContent = connection === undefined
    ? "Connect to your library"
    : "Connect again or to another server"
}

/** Checks the key against the server (its plan) and keeps it. */
const keep = async (server: string, key: string, email: string) => {
  const checked = await Client.check(fetch, { server, key })
  if (!checked.ok) return fail(Failures.message(checked.failure, Date.now()))
  const connection: Settings.Connection = { server, key, email, plan: checked.value }
  await Settings.store(connection)
  keyField.value = ""
  progress.textContent = "Connected."
  connectButton.disabled = false
  render(connection)
}

form.addEventListener("submit", (event) => {
  event.preventDefault()
  show(problem, false)
  const server = parseServer(serverField.value)
  if (!server.ok) return fail(server.message)
  const pasted = keyField.value.trim()
  if (pasted !== "" && !/^bk_[0-9A-Za-z]{40}$/.test(pasted)) {
    return fail("That is not an API key: keys start with bk_ and have 40 letters and digits after it.")
  }
  connectButton.disabled = true
  // Asked first, inside the click: the browser grants permissions only in answer to a person's action.
  void chrome.permissions.request({ origins: [originPattern(server.url)] }).then(async (granted) => {
    if (!granted) return fail(`The extension needs your permission to reach ${server.url}. Press Connect and allow it.`)
    if (pasted !== "") return keep(server.url, pasted, "")
    const approval = await ConnectFlow.approve(server.url, (code) => {
      const strong = document.createElement("strong")
      strong.className = "code"
      strong.textContent = code
      progress.replaceChildren(
        "Approve the extension in the tab that opened. It shows the code ",
        strong,
        ": approve only if the codes match."
      )
    })
    return approval.ok ? keep(server.url, approval.key, approval.email) : fail(approval.message)
  }, () => fail("The browser refused the permission request. Press Connect to try again."))
})

byId("disconnect", HTMLButtonElement).addEventListener("click", () => {
  void Settings.load().then(async (connection) => {
    await Settings.forget()
    // Give back the access to the server too (refused when the manifest itself grants it, as in the browser tests).
    if (connection !== undefined) {
      await chrome.permissions.remove({ origins: [originPattern(connection.server)] }).catch(() => false)
    }
    progress.textContent = "Disconnected. The key was forgotten in this browser."
    render(undefined)
  })
})

void Settings.load().then(render)
