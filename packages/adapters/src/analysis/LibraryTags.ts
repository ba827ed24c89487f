/**
 * Library-aware tags (docs/enrichment.md, "Tags"): of the terms a page is about (Keywords.rank), the account's own
 * tags come first, matched by stem ("recipes" keeps a library's "recipe") or by the synonym table ("js" keeps
 * "javascript"), in the library's spelling; a new tag is minted only when the page is strongly about it, at most
 * `maxNew` of them, and never a number, a date, the site's name or boilerplate (MintRules).
 */
import type { Tags } from "@bookmark-library/domain"
import type { Candidate } from "./Keywords.js"
import { maxTags } from "./Keywords.js"
import type { Language } from "./Language.js"
import * as MintRules from "./MintRules.js"
import * as Synonyms from "./Synonyms.js"

/** New tags per page unless the `NEW_TAGS_PER_PAGE` setting says otherwise. */
export const defaultMaxNew = 2

/**
 * The thresholds, as shares of the weight of the page's strongest term (Keywords.rank: repetitions, title words,
 * phrases and names weigh more). A library tag is kept from `reuse` up; a new tag needs `mint` and to be in the
 * title or used at least `mintCount` times.
 */
export const thresholds = { reuse: 0.2, mint: 0.5, mintCount: 3 } as const

interface Known {
  readonly tag: string
  readonly count: number
}

/** The vocabulary by stem key and by synonym group; where spellings collide, the most used wins. */
export interface Vocabulary {
  readonly byKey: ReadonlyMap<string, Known>
  readonly byGroup: ReadonlyMap<number, Known>
}

const keep = (map: Map<string | number, Known>, key: string | number, entry: Known) => {
  const seen = map.get(key)
  if (seen === undefined || entry.count > seen.count) map.set(key, entry)
}

export const index = (vocabulary: ReadonlyArray<Tags.TagCount>, language: Language): Vocabulary => {
  const byKey = new Map<string | number, Known>()
  const byGroup = new Map<string | number, Known>()
  for (const entry of vocabulary) {
    const key = Synonyms.keyOf(entry.tag, language)
    if (key === "") continue
    keep(byKey, key, entry)
    const group = Synonyms.groupOf(entry.tag)
    if (group !== undefined) keep(byGroup, group, entry)
  }
  return {
    byKey: byKey as ReadonlyMap<string, Known>,
    byGroup: byGroup as ReadonlyMap<number, Known>
  }
}

/** The library's tag for a term, by its stems or its synonym group. */
export const lookup = (vocabulary: Vocabulary, tag: string, stems: ReadonlyArray<string>): Known | undefined => {
  const byStem = vocabulary.byKey.get(stems.join(" "))
  if (byStem !== undefined) return byStem
  const group = Synonyms.groupOf(tag)
  return group === undefined ? undefined : vocabulary.byGroup.get(group)
}

export interface Options {
  readonly vocabulary: Vocabulary
  readonly maxNew: number
  /** Stems of the tags the bookmark already has (a person's): no generated tag shares one. */
  readonly taken: ReadonlySet<string>
  readonly site?: string | undefined
}

/** At most five tags: library tags first (strongest first), then up to `maxNew` strong new ones; by weight. */
export const choose = (candidates: ReadonlyArray<Candidate>, options: Options): ReadonlyArray<string> => {
  // The strongest term a person's tag does not already name sets the scale.
  const top = candidates.find((c) => !c.stems.some((s) => options.taken.has(s)))?.weight ?? 0
  const chosen: Array<{ readonly tag: string; readonly stems: ReadonlyArray<string>; readonly weight: number }> = []
  const overlaps = (stems: ReadonlyArray<string>) =>
    stems.some((s) => options.taken.has(s)) || chosen.some((c) => c.stems.some((s) => stems.includes(s)))
  for (const candidate of candidates) {
    if (chosen.length >= maxTags || candidate.weight < top * thresholds.reuse) break
    const known = lookup(options.vocabulary, candidate.tag, candidate.stems)
    if (known === undefined || overlaps(candidate.stems)) continue
    if (chosen.some((c) => c.tag.toLowerCase() === known.tag.toLowerCase())) continue
    chosen.push({ tag: known.tag, stems: candidate.stems, weight: candidate.weight })
  }
  let minted = 0
  for (const candidate of candidates) {
    if (chosen.length >= maxTags || minted >= options.maxNew || candidate.weight < top * thresholds.mint) break
    if (!candidate.inTitle && candidate.count < thresholds.mintCount) continue
    if (lookup(options.vocabulary, candidate.tag, candidate.stems) !== undefined) continue
    if (overlaps(candidate.stems) || MintRules.refusal(candidate.tag, options.site) !== undefined) continue
    chosen.push(candidate)
    minted++
  }
  return chosen.sort((a, b) => b.weight - a.weight).map((c) => c.tag)
}
