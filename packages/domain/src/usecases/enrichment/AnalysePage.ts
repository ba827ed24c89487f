/**
 * Enrichment step: a summary and tags from the words found, a page's or a text note's own. The tagger sees the
 * account's vocabulary (its tags with their counts, read once per job) so it prefers the library's tags to new ones,
 * and a person's tags always win (docs/enrichment.md, "Tags").
 */
import { Effect } from "effect"
import * as Bookmark from "../../Bookmark.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { type AnalysisInput, ContentAnalyzer } from "../../ports/ContentAnalyzer.js"
import { Settings } from "../../ports/Settings.js"
import type { Progress } from "./Progress.js"

/**
 * A person's tags and the ones they dropped: generated tags never repeat or inflect either. Once a person edited the
 * tags, the bookmark is not tagged again (`maxNew` 0 and no vocabulary: nothing to pick).
 */
const tagging = Effect.fnUntraced(function*(record: Bookmark.Record) {
  const given = [...Bookmark.personTags(record), ...(record.overrides.droppedTags ?? [])]
  if (record.overrides.tags !== undefined) return { given, vocabulary: [], maxNew: 0, retag: false }
  const vocabulary = yield* (yield* Bookmarks).tags(record.accountId)
  return { given, vocabulary, maxNew: (yield* Settings).newTagsPerPage, retag: true }
})

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname
  } catch {
    return ""
  }
}

const analyse = Effect.fnUntraced(function*(record: Bookmark.Record, input: Omit<AnalysisInput, "given">) {
  const { retag, ...library } = yield* tagging(record)
  const analysis = yield* (yield* ContentAnalyzer).analyze({ ...input, ...library, site: hostOf(record.url) })
  return { summary: analysis.summary, tags: retag ? [...analysis.tags] : [] }
})

/** The page's text analysed with the title found; none without text. */
export const analysePage = Effect.fn("AnalysePage")(function*(record: Bookmark.Record, found: Progress) {
  if (found.pageText === "") return found
  const { derived, news, pageText } = found
  const analysis = yield* analyse(record, { title: derived.title, text: pageText, news })
  const analysed: Progress = { ...found, derived: { ...derived, ...analysis } }
  return analysed
})

/**
 * A text note has no page (docs/decisions.md, "Text notes"): only its own words are analysed, edits winning (the
 * effective title and text). Notes written in the app and imported ones alike.
 */
export const analyseNote = Effect.fn("AnalyseNote")(function*(record: Bookmark.Record, found: Progress) {
  const eff = Bookmark.effective(record)
  const analysis = yield* analyse(record, { title: eff.title, text: eff.note })
  const analysed: Progress = { ...found, derived: { ...found.derived, type: "textNote", ...analysis } }
  return analysed
})
