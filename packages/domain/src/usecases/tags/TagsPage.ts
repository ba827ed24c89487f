/** Use case: one page of the library's tags with their counts, most used first, optionally only those matching. */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import * as TagEdits from "../../TagEdits.js"
import * as Tags from "../../Tags.js"

export const tagsPerPage = 100

export interface TagsPage {
  readonly tags: ReadonlyArray<Tags.TagCount & { readonly variants: number }>
  /** Tags matching the filter, all pages together. */
  readonly total: number
  readonly page: number
  readonly pages: number
}

/**
 * `TagEdits.variantKey` of every tag runs on each page (10,000 tags: about as long as reading the counts); it is
 * pure, so it is remembered, up to a bound past which the memory starts afresh.
 */
const remembered = new Map<string, string>()
const maxRemembered = 100_000
const variantKey = (tag: string): string => {
  const known = remembered.get(tag)
  if (known !== undefined) return known
  if (remembered.size >= maxRemembered) remembered.clear()
  const key = TagEdits.variantKey(tag)
  remembered.set(tag, key)
  return key
}

/**
 * `page` counts from 1 and is clamped into range; `filter` keeps tags whose key contains it. `variants` is how many
 * tags of the library share the tag's `TagEdits.variantKey` (1: none but itself).
 */
export const tagsPage = Effect.fn("TagsPage")(function*(accountId: AccountId, page: number, filter = "") {
  const bookmarks = yield* Bookmarks
  const all = yield* bookmarks.tags(accountId)
  const variants = new Map<string, number>()
  for (const t of all) variants.set(variantKey(t.tag), (variants.get(variantKey(t.tag)) ?? 0) + 1)
  const key = Tags.tagKey(filter.trim())
  const matching = key === "" ? all : all.filter((t) => Tags.tagKey(t.tag).includes(key))
  const pages = Math.max(1, Math.ceil(matching.length / tagsPerPage))
  const current = Math.min(Math.max(1, Math.trunc(Number.isFinite(page) ? page : 1)), pages)
  const answer: TagsPage = {
    tags: matching.slice((current - 1) * tagsPerPage, current * tagsPerPage).map((t) => ({
      ...t,
      variants: variants.get(variantKey(t.tag)) ?? 1
    })),
    total: matching.length,
    page: current,
    pages
  }
  return answer
})
