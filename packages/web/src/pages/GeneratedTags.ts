/**
 * Generated tags in the app (docs/enrichment.md, "Tags"): marked in tag lists, and kept (they become the person's)
 * or dropped (never generated again for that bookmark) from a bookmark's page, or for one tag across the library
 * from the library filtered by that tag. Both call `reviewGeneratedTags`.
 */
import { type Bookmark, reviewGeneratedTags } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

const actions = ["accept", "drop"] as const
type Action = (typeof actions)[number]
const actionOf = (req: Authed): Action | undefined => actions.find((a) => a === Forms.field(req.form, "action"))

const notices: Record<Action, string> = { accept: "generated-kept", drop: "generated-dropped" }

/** The buttons under a bookmark's tags, when some of them were generated. */
export const bookmarkForm = (req: Authed, b: Bookmark.Bookmark) =>
  b.generatedTags.length === 0
    ? ""
    : html`<form class="actions review" method="post" action="/bookmarks/${encodeURIComponent(b.id)}/generated-tags">
<input type="hidden" name="_csrf" value="${req.csrf}">
<span class="small muted">Tags in italics with a dashed outline were generated from the page.</span>
<button type="submit" name="action" value="accept" class="quiet">Keep generated tags</button>
<button type="submit" name="action" value="drop" class="quiet">Drop generated tags</button>
</form>`

/** The library action for the tag the library is filtered by, when a bookmark shown has it generated. */
export const libraryForm = (req: Authed, tag: string, shown: ReadonlyArray<Bookmark.Bookmark>) =>
  tag === "" || !shown.some((b) => b.generatedTags.some((t) => t.toLowerCase() === tag.toLowerCase()))
    ? ""
    : html`<form class="actions review" method="post" action="/generated-tags">
<input type="hidden" name="_csrf" value="${req.csrf}">
<input type="hidden" name="tag" value="${tag}">
<span class="small muted">Where <strong>${tag}</strong> was generated:</span>
<button type="submit" name="action" value="accept" class="quiet">Keep it on every bookmark</button>
<button type="submit" name="action" value="drop" class="quiet">Drop it from every bookmark</button>
</form>`

/** POST /bookmarks/:id/generated-tags: this bookmark's generated tags kept or dropped. */
export const reviewBookmark = (req: Authed) =>
  Effect.gen(function*() {
    const id = req.params["id"] ?? ""
    const back = `/bookmarks/${encodeURIComponent(id)}`
    const action = actionOf(req)
    if (action === undefined) return Responses.redirect(`${back}?notice=generated-unknown`)
    yield* reviewGeneratedTags(req.me.account.id, { action, ids: [id] })
    return Responses.redirect(`${back}?notice=${notices[action]}`)
  })

/** POST /generated-tags: one generated tag kept or dropped on every bookmark of the library. */
export const reviewLibrary = (req: Authed) =>
  Effect.gen(function*() {
    const tag = Forms.field(req.form, "tag").trim()
    const action = actionOf(req)
    if (action === undefined || tag === "" || tag.length > 64) return Responses.redirect("/?notice=generated-unknown")
    const done = yield* reviewGeneratedTags(req.me.account.id, { action, tag })
    // More than one call's share: the person sees the tag still generated somewhere and can press again.
    const more = done.more ? "-more" : ""
    return Responses.redirect(`/?tag=${encodeURIComponent(tag)}&notice=${notices[action]}${more}`)
  })
