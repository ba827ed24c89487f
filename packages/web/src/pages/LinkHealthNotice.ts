/**
 * What a bookmark's page says of its link's health (docs/preservation.md, "Link health"). A gone or unreachable link
 * offers the archived copy first, the original address after it; a moved one says where it leads now.
 */
import type { Bookmark } from "@bookmark-library/domain"
import * as Format from "../Format.js"
import { html } from "../Html.js"

const labels: Record<string, string> = {
  ok: "Answers",
  moved: "Moved",
  gone: "Gone (the site answers 404 or 410)",
  unreachable: "Unreachable (no answer on several checks in a row)"
}

const isBroken = (b: Bookmark.Bookmark) => b.linkHealth === "gone" || b.linkHealth === "unreachable"

/** The notice under the title: nothing for a link that is fine or was never checked. */
export const render = (b: Bookmark.Bookmark, zone: string) => {
  if (b.linkHealth === "moved" && b.movedTo !== undefined && b.movedTo !== "") {
    return html`<div class="link-health moved" role="note"><p><strong>This page has moved</strong> to
<a href="${b.movedTo}" rel="noopener noreferrer nofollow">${b.movedTo}</a>.</p></div>`
  }
  if (!isBroken(b)) return ""
  const why = b.linkHealth === "gone"
    ? "the site says the page is gone"
    : "the site did not answer on several checks in a row"
  const checked = b.linkCheckedAt === undefined || b.linkCheckedAt === ""
    ? ""
    : html` (checked ${Format.date(b.linkCheckedAt, zone)})`
  return html`<div class="link-health broken" role="note">
<p><strong>This link is broken</strong>: ${why}${checked}.</p>
<p class="actions">${
    b.archive === ""
      ? html`<span class="muted">No archived copy was kept.</span>`
      : html`<a class="button" href="${b.archive}" rel="noopener noreferrer" target="_blank">Open the archived copy</a>`
  } <a class="button quiet" href="${b.url}" rel="noopener noreferrer nofollow">Try the original</a></p>
</div>`
}

/** The "Link" line of the details: its state and when it was last checked. */
export const field = (b: Bookmark.Bookmark, zone: string) => {
  if (b.linkCheckedAt === undefined || b.linkCheckedAt === "") return ""
  const label = labels[b.linkHealth ?? ""] ?? "Not decided yet (a check failed; it is checked again soon)"
  return html`<dt>Link</dt><dd>${label}, checked ${Format.date(b.linkCheckedAt, zone)}</dd>`
}
