/**
 * An extractive summary: 2–3 sentences of the page quoted verbatim (original case and punctuation), in page order,
 * at most 500 characters. Only sentences of prose qualify: a whole sentence (capital or digit first, sentence
 * punctuation last) in a paragraph, not a heading, caption, code, player control or widget text. Among them, the
 * combination covering most of the page's recurring keywords wins (title words count more), with a bonus for the
 * opening: a strong one for news, whose lead states the story, a mild one for other pages.
 */
import { detect, type Language, unspaced } from "./Language.js"
import * as Sentences from "./Sentences.js"
import { isStopWord } from "./StopWords.js"
import { stem, words } from "./Words.js"

export const maxLength = 500
/** Candidates compared for the best combination: enough for quality, few enough to try every triple. */
const shortlist = 12
/** The paragraphs of a news story's lead that its summary is drawn from. */
const newsLead = 3

/** Sentences of consent banners, prompts, players, forms and bylines: of the page's furniture, not its content. */
const boilerplate = new RegExp(
  [
    "\\bcookies?\\b",
    "\\bconsent\\b",
    "\\bsubscri(?:be|bed|ber|bers|ption|ptions)\\b",
    "\\bunsubscribe\\b",
    "\\bnewsletters?\\b",
    "\\bsign (?:up|in)\\b",
    "\\blog ?in\\b",
    "\\binbox\\b",
    "all rights reserved",
    "\\bcopyright\\b",
    "privacy policy",
    "terms of (?:use|service)",
    "\\bclick (?:here|below)\\b",
    "\\bjavascript\\b",
    "\\badvertisement\\b",
    "\\bshare this\\b",
    "\\bread more\\b",
    "\\bfollow us\\b",
    "\\bposted (?:by|on)\\b",
    "\\baccept all\\b",
    "free articles?",
    "free trial",
    "affiliate links?",
    "disclosure policy",
    "modal window",
    "dialog window",
    "escape will cancel",
    "was this .{0,20}helpful",
    "leave a (?:reply|comment)",
    "will not be published",
    "tried this recipe",
    "mention us",
    "\\bdownload (?:it|the app|our app)\\b",
    "app store",
    "google play",
    "you need to enable",
    "not the answer you're looking for",
    "browse other questions",
    "add a comment",
    "our partners",
    "personal data",
    "last (?:modified|edited|updated) on",
    "creative commons",
    "licensed under",
    "retrieved \\d",
    "jump to (?:recipe|content)",
    "skip to (?:main )?content",
    "\\bwe value your privacy\\b",
    "\\bshow more\\b",
    "\\bread (?:the )?full (?:story|article)\\b",
    "©"
  ].join("|"),
  "iu"
)

/** Code and markup: too many symbols for prose. */
const symbols = /[{}()<>=;$#@[\]|*_\\`^~]/g

interface Parsed {
  readonly sentence: Sentences.Sentence
  /** Content words, stemmed, with repetitions. */
  readonly stems: ReadonlyArray<string>
  readonly candidate: boolean
}

const isProse = (sentence: Sentences.Sentence, tokenCount: number, language: Language): boolean => {
  const { text } = sentence
  if (!sentence.blockIsProse || text.length > 400 || boilerplate.test(text)) return false
  if (!/^[\p{Lu}\p{Lo}\d"“'‘«¿¡(]/u.test(text)) return false
  if (!/[.!?。！？؟]["'”’)\]»」』）]*$|\p{Script=Thai}$/u.test(text) || /(?:\.\.\.|…)["'”’)\]»]*$/u.test(text)) {
    return false
  }
  if ((text.match(symbols) ?? []).length > text.length * 0.04) return false
  return unspaced(language) ? text.length >= 12 : text.length >= 25 && tokenCount >= 5 && tokenCount <= 80
}

interface Scored {
  readonly sentence: Sentences.Sentence
  readonly stems: ReadonlySet<string>
  /** The sentence's own worth, to shortlist candidates. */
  readonly score: number
  readonly position: number
}

/** A keyword weighs by how often it recurs (a word said once is no keyword), more when the title says it too. */
const keywordWeights = (
  sentences: ReadonlyArray<Parsed>,
  titleStems: ReadonlySet<string>
): ReadonlyMap<string, number> => {
  const frequency = new Map<string, number>()
  for (const { stems } of sentences) {
    for (const word of stems) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  }
  const weights = new Map<string, number>()
  for (const [word, count] of frequency) weights.set(word, Math.sqrt(count - 1) + (titleStems.has(word) ? 1 : 0))
  return weights
}

/** The opening's bonus by rank among the prose sentences: strong for news, mild for the rest. */
const positionBonus = (rank: number, news: boolean): number =>
  news ? [2, 1.25, 0.75, 0.4, 0.2][rank] ?? 0 : [0.75, 0.4, 0.25, 0.1][rank] ?? 0

/**
 * Keywords covered by the chosen sentences, a repeated keyword worth less each time (so three sentences saying
 * the same thing lose to three that say more), plus the opening bonus, minus a little per character.
 */
const value = (picked: ReadonlyArray<Scored>, weights: ReadonlyMap<string, number>): number => {
  const seen = new Map<string, number>()
  let total = 0
  for (const { position, sentence, stems } of picked) {
    for (const word of stems) {
      const times = seen.get(word) ?? 0
      total += (weights.get(word) ?? 0) / 2 ** times
      seen.set(word, times + 1)
    }
    total += position - sentence.text.length * 0.004
  }
  return total
}

const totalLength = (picked: ReadonlyArray<Scored>) =>
  picked.reduce((sum, { sentence }) => sum + sentence.text.length, 0) + Math.max(picked.length - 1, 0)

/** Every combination of one to three shortlisted sentences that fits; more sentences first, then the most value. */
const best = (candidates: ReadonlyArray<Scored>, weights: ReadonlyMap<string, number>): ReadonlyArray<Scored> => {
  const top = [...candidates].sort((a, b) => b.score - a.score).slice(0, shortlist)
  let chosen: ReadonlyArray<Scored> = []
  let chosenValue = Number.NEGATIVE_INFINITY
  const consider = (picked: ReadonlyArray<Scored>) => {
    if (totalLength(picked) > maxLength) return
    const worth = value(picked, weights)
    if (picked.length > chosen.length || (picked.length === chosen.length && worth > chosenValue)) {
      chosen = picked
      chosenValue = worth
    }
  }
  top.forEach((a, i) => {
    consider([a])
    top.slice(i + 1).forEach((b, j) => {
      consider([a, b])
      for (const c of top.slice(i + j + 2)) consider([a, b, c])
    })
  })
  return chosen
}

/** Sentences of scripts without spaces follow each other without one. */
const join = (sentences: ReadonlyArray<string>): string =>
  sentences.reduce(
    (out, sentence) => (out === "" ? sentence : /[。！？」』）]$/u.test(out) ? out + sentence : `${out} ${sentence}`),
    ""
  )

export const summarise = (
  text: string,
  title: string,
  options: { readonly news?: boolean; readonly language?: Language } = {}
): string => {
  const language = options.language ?? detect(text)
  const contentStems = (value: string) =>
    words(value, language).filter((word) =>
      (unspaced(language) ? word.length >= 2 : word.length >= 3) && !isStopWord(word, language)
    ).map((word) => stem(word, language))
  const parsed: ReadonlyArray<Parsed> = Sentences.split(text).map((sentence) => {
    const tokens = words(sentence.text, language)
    return { sentence, stems: contentStems(sentence.text), candidate: isProse(sentence, tokens.length, language) }
  })
  const candidates = parsed.filter((p) => p.candidate)
  if (candidates.length === 0) return ""
  const weights = keywordWeights(candidates, new Set(contentStems(title)))
  const scored = candidates.map(({ sentence, stems: all }, rank): Scored => {
    const stems = new Set(all)
    let sum = 0
    for (const word of stems) sum += weights.get(word) ?? 0
    const position = positionBonus(rank, options.news === true)
    return { sentence, stems, position, score: sum / Math.max(stems.size, 1) ** 0.3 + position }
  })
  // News states its story in its first paragraphs: the summary is drawn from them.
  const leadBlocks = [...new Set(scored.map(({ sentence }) => sentence.block))].slice(0, newsLead)
  const pool = options.news === true ? scored.filter(({ sentence }) => leadBlocks.includes(sentence.block)) : scored
  const picked = best(pool, weights)
  return join([...picked].sort((a, b) => a.sentence.index - b.sentence.index).map(({ sentence }) => sentence.text))
}
