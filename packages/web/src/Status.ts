/**
 * A bookmark's state in a word or a line: processing (with the reason and the next attempt the API already
 * knows), or a calm line when the page could not be fetched (the bookmark page gives the whole reason).
 */
import type { Bookmark } from "@bookmark-library/domain"
import { type Html, html } from "./Html.js"
import * as TimeZone from "./TimeZone.js"

export interface Retry {
  readonly reason: string
  readonly nextAt: number
}

/** "<reason>; next attempt at <ISO time>", as enrichment writes it while a retry is pending (docs/enrichment.md). */
export const retryOf = (b: Pick<Bookmark.Bookmark, "status" | "processingError">): Retry | undefined => {
  if (b.status !== "processing") return undefined
  const match = /^(.*); next attempt at (\S+)$/s.exec(b.processingError)
  const nextAt = match?.[2] === undefined ? Number.NaN : Date.parse(match[2])
  return match?.[1] === undefined || Number.isNaN(nextAt) ? undefined : { reason: match[1], nextAt }
}

/** The one line a card or the bookmark page shows while processing or after a failure; "" when all went well. */
export const line = (b: Bookmark.Bookmark, zone: string, now: number): Html | "" => {
  if (b.status === "processing") {
    const retry = retryOf(b)
    return retry === undefined
      ? html`<span class="status"><span class="spinner" aria-hidden="true"></span>Fetching the page…</span>`
      : html`<span class="status"><span class="spinner" aria-hidden="true"></span>Trying again ${
        TimeZone.relative(retry.nextAt, now, zone)
      } <span class="muted">(${retry.reason})</span></span>`
  }
  return b.processingError === ""
    ? ""
    : html`<span class="status failed" title="${b.processingError}">Page could not be fetched</span>`
}
