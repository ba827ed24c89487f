/**
 * A bookmark's states the popup sets (docs/extension.md, "States"): favourite, and archived (done reading). The API
 * changes them only through the batch endpoint (`POST /bookmarks/batch`, docs/lists.md "Bulk actions"), with the one
 * id; its answer says per item what happened, so a 200 alone does not mean the state changed.
 */
import type * as Client from "./Client.js"
import type { Failure } from "./Failure.js"
import * as Failures from "./Failure.js"
import type { BatchItem } from "./Responses.js"

export type State = "favourite" | "archived"

export const all: ReadonlyArray<State> = ["favourite", "archived"]

export interface States {
  readonly favourite: boolean
  readonly archived: boolean
}

/** The bulk action that turns `state` on or off. */
export const action = (state: State, on: boolean): string =>
  state === "favourite" ? (on ? "favourite" : "unfavourite") : (on ? "archive" : "unarchive")

/** The states of a bookmark as the server sent it: a state left out is off. */
export const of = (
  bookmark: { readonly favourite?: boolean | undefined; readonly archived?: boolean | undefined }
) => ({
  favourite: bookmark.favourite === true,
  archived: bookmark.archived === true
})

/** The item of `id` in a batch's results, as success or the failure to show. */
export const itemOutcome = (
  results: ReadonlyArray<BatchItem>,
  id: string,
  status: number
): Client.Result<void> => {
  const item = results.find((r) => r.id === id)
  if (item === undefined) return { ok: false, failure: { kind: "server", status } }
  if (item.result === "ok") return { ok: true, value: undefined }
  if (item.result === "not_found") {
    return {
      ok: false,
      failure: { kind: "rejected", status: 404, detail: "This bookmark is no longer in your library." }
    }
  }
  return { ok: false, failure: { kind: "rejected", status, detail: item.reason ?? "" } }
}

/** What a change did, said after it (the popup's status line). */
export const done = (state: State, on: boolean): string =>
  state === "favourite"
    ? (on ? "Marked as a favourite." : "No longer a favourite.")
    : (on ? "Archived: done reading." : "Back among the unread.")

/** What a change could not do, in words; the bookmark itself stands. */
export const notDone = (state: State, on: boolean, failure: Failure, now: number): string =>
  `${
    state === "favourite"
      ? (on ? "Not marked as a favourite" : "Still a favourite")
      : (on ? "Not archived" : "Still archived")
  }: ${Failures.message(failure, now)}`

/** The states of a new bookmark named under "Saved" (empty when none was asked for). */
export const describe = (states: States): string =>
  all.filter((state) => states[state]).map((state) => done(state, true)).join(" ")
