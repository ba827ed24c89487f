/**
 * The popup's toggles for a page that is already saved (docs/extension.md, "States"): the bookmark's favourite and
 * archived states read from `GET /bookmarks/{id}`, each change sent through the batch call with that one id. A change
 * the server did not make is put back and said in words.
 */
import * as Client from "./Client.js"
import { byId, show } from "./Dom.js"
import type { Failure } from "./Failure.js"
import * as Failures from "./Failure.js"
import * as States from "./States.js"

const group = byId("existing-states", HTMLDivElement)
const said = byId("states-said", HTMLParagraphElement)
const boxes: Record<States.State, HTMLInputElement> = {
  favourite: byId("existing-favourite", HTMLInputElement),
  archived: byId("existing-archived", HTMLInputElement)
}

/** Shows a failure in the popup's problem line (with Reconnect when that helps). */
export type Report = (failure: Failure, message: string) => void

/** The bookmark the toggles stand for; a lookup of another URL replaces it, and late answers for the old one drop. */
let current: string | undefined

export const hide = () => {
  current = undefined
  show(group, false)
  said.textContent = ""
}

/** Reads the states of `id` and shows them as the toggles. */
export const showFor = async (connection: Client.Connection, id: string, report: Report) => {
  hide()
  current = id
  const read = await Client.bookmark(fetch, connection, id)
  if (current !== id) return
  if (!read.ok) return report(read.failure, Failures.message(read.failure, Date.now()))
  const states = States.of(read.value)
  for (const state of States.all) {
    boxes[state].checked = states[state]
    boxes[state].disabled = false
  }
  show(group, true)
}

/** Sends each change as the person makes it; the box is held until the server answers. */
export const wire = (connection: Client.Connection, report: Report) => {
  for (const state of States.all) {
    const box = boxes[state]
    box.addEventListener("change", () => {
      const id = current
      if (id === undefined) return
      const on = box.checked
      box.disabled = true
      said.textContent = ""
      void Client.setState(fetch, connection, id, state, on).then((set) => {
        box.disabled = false
        if (current !== id) return
        if (set.ok) {
          said.textContent = States.done(state, on)
          return
        }
        box.checked = !on
        report(set.failure, States.notDone(state, on, set.failure, Date.now()))
      })
    })
  }
}
