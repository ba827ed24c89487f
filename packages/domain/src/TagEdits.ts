/**
 * Library-wide tag edits (docs/lists.md, "Tags"): rename, merge and delete a tag in every bookmark at once. The edit
 * applies to each of a bookmark's tag lists (the caller's, the derived ones and the app's), so the effective tags
 * stay what `Bookmark.effective` makes of them.
 */
import * as Bookmark from "./Bookmark.js"
import * as Tags from "./Tags.js"

/** What replaces the tags whose keys are `from`: `into` (rename, merge) or nothing (delete). */
export interface Retag {
  readonly from: ReadonlyArray<string>
  readonly into: string | null
}

/** One tag list with the edit applied: the first matching tag becomes `into`, later ones go; duplicates fold. */
export const applyTo = (tags: ReadonlyArray<string>, edit: Retag): Array<string> => {
  const from = new Set(edit.from.map(Tags.tagKey))
  let placed = false
  const out: Array<string> = []
  for (const tag of tags) {
    if (!from.has(Tags.tagKey(tag))) out.push(tag)
    else if (!placed && edit.into !== null) {
      out.push(edit.into)
      placed = true
    }
  }
  return Tags.normalize(out)
}

/** The record with the edit applied to every tag list it has; the same record when nothing matched. */
export const applyToRecord = (record: Bookmark.Record, edit: Retag): Bookmark.Record => {
  const overrides = record.overrides.tags === undefined
    ? record.overrides
    : { ...record.overrides, tags: applyTo(record.overrides.tags, edit) }
  return {
    ...record,
    callerTags: applyTo(record.callerTags, edit),
    derived: { ...record.derived, tags: applyTo(record.derived.tags, edit) },
    overrides
  }
}

/**
 * The key two spellings of one word share: case, accents, punctuation, spaces and a plural `s` after four letters
 * ignored (`JavaScript`, `java-script`, `javascripts`). "Merge all variants" merges the tags of one variant key.
 */
export const variantKey = (tag: string): string =>
  Tags.tagKey(tag).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\p{L}\p{N}]+/gu, "").replace(
    /(?<=\p{L}{4})s$/u,
    ""
  )

/** A bulk edit of some bookmarks' tags (docs/lists.md, "Bulk actions"): tags added as the person's, tags taken off. */
export interface TagChange {
  readonly add: ReadonlyArray<string>
  readonly remove: ReadonlyArray<string>
}

/**
 * The record with `change` applied, "same" when nothing changes, "full" when it would carry more than
 * `Tags.maxTags`. Added tags become the person's own (`acceptedTags`, or the edited tags once the person edited
 * them), so generated tags stay apart; removing is the edit form's way: the tags left become the person's.
 */
export const applyChange = (record: Bookmark.Record, change: TagChange): Bookmark.Record | "same" | "full" => {
  let overrides: Bookmark.Overrides = record.overrides
  if (change.remove.length > 0) {
    const current = Bookmark.effective(record).tags
    const kept = current.filter((tag) => !Tags.has(change.remove, tag))
    if (kept.length !== current.length) overrides = { ...overrides, tags: kept }
  }
  if (change.add.length > 0) {
    const next = { ...record, overrides }
    const person = Bookmark.personTags(next)
    if (!change.add.every((tag) => Tags.has(person, tag))) {
      if (overrides.tags !== undefined) {
        const merged = Tags.merge(overrides.tags, change.add)
        if (merged.length > Tags.maxTags) return "full"
        overrides = { ...overrides, tags: merged }
      } else {
        const accepted = Tags.merge(overrides.acceptedTags ?? [], change.add)
        if (Tags.merge(record.callerTags, accepted).length > Tags.maxTags) return "full"
        overrides = { ...overrides, acceptedTags: accepted }
      }
    }
  }
  return overrides === record.overrides ? "same" : { ...record, overrides }
}
