/**
 * The share target (docs/lists.md, "Installable app"): what a phone's share sheet sends to the installed app
 * (`/share?title&text&url`) opens the save form filled in. Apps put the address in `url` or inside `text`.
 */
import { Effect } from "effect"
import type { Authed } from "../WebRequest.js"
import * as Library from "./Library.js"

const addressIn = /https?:\/\/[^\s<>"]+/i

/** The shared address (from `url`, else the first one in `text`) and the rest as a note. */
export const shared = (params: URLSearchParams) => {
  const title = (params.get("title") ?? "").trim()
  const text = (params.get("text") ?? "").trim()
  const given = (params.get("url") ?? "").trim()
  const found = given !== "" ? given : (addressIn.exec(text)?.[0] ?? "")
  const rest = (found === "" ? text : text.replace(found, "")).replace(/\s+/g, " ").trim()
  const note = [title, rest].filter((part, i, all) => part !== "" && all.indexOf(part) === i).join(" — ")
  return { url: found.slice(0, 2_048), note: note.slice(0, 1_000) }
}

export const show = (req: Authed) => Effect.suspend(() => Library.prefilled(req, shared(req.url.searchParams)))
