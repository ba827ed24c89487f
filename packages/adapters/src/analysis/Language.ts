/**
 * The language of a text, enough to pick its stop words, stemmer and word segmentation: languages with a script of
 * their own by it (Japanese, Chinese, Korean, Thai, Hebrew, Arabic and Persian, Russian for Cyrillic), languages
 * written in Latin letters by which language's function words the text is made of. English otherwise.
 */
import { Result, Schema } from "effect"
import { createRequire } from "node:module"

export type Language =
  | "en"
  | "de"
  | "fr"
  | "es"
  | "it"
  | "nl"
  | "pt"
  | "sv"
  | "cs"
  | "pl"
  | "tr"
  | "ru"
  | "ar"
  | "fa"
  | "he"
  | "ja"
  | "zh"
  | "ko"
  | "th"

/** Languages written in Latin letters, told apart by their function words. */
export const european: ReadonlyArray<Language> = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "cs", "pl", "tr"]

/** Stop word lists of stopwords-iso (MIT), decoded at the edge like any outside data. */
const StopLists = Schema.Record(Schema.String, Schema.Array(Schema.String))
const isoLists: Readonly<Record<string, ReadonlyArray<string>>> = Result.getOrElse(
  Schema.decodeUnknownResult(StopLists)(createRequire(import.meta.url)("stopwords-iso")),
  () => ({})
)

export const isoStopWords = (language: Language): ReadonlyArray<string> => isoLists[language] ?? []

/** The most frequent function words of each language: a text of that language is full of them. */
const markers: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set([
    "the",
    "and",
    "of",
    "to",
    "in",
    "is",
    "that",
    "it",
    "was",
    "for",
    "with",
    "on",
    "are",
    "as",
    "this",
    "by"
  ]),
  de: new Set([
    "der",
    "die",
    "und",
    "das",
    "ist",
    "nicht",
    "ein",
    "eine",
    "zu",
    "den",
    "von",
    "mit",
    "sich",
    "des",
    "auf",
    "für"
  ]),
  fr: new Set([
    "le",
    "la",
    "les",
    "et",
    "des",
    "est",
    "une",
    "un",
    "du",
    "que",
    "dans",
    "pour",
    "pas",
    "sur",
    "au",
    "avec"
  ]),
  es: new Set(["el", "la", "los", "las", "y", "que", "de", "en", "un", "una", "es", "por", "con", "para", "del", "se"]),
  it: new Set([
    "il",
    "la",
    "di",
    "che",
    "e",
    "è",
    "un",
    "una",
    "per",
    "non",
    "del",
    "della",
    "nel",
    "con",
    "sono",
    "gli"
  ]),
  nl: new Set([
    "de",
    "het",
    "een",
    "en",
    "van",
    "is",
    "dat",
    "op",
    "te",
    "niet",
    "met",
    "voor",
    "zijn",
    "ook",
    "je",
    "ik"
  ]),
  pt: new Set(["o", "a", "os", "as", "e", "de", "que", "do", "da", "em", "um", "uma", "não", "para", "com", "por"]),
  sv: new Set([
    "och",
    "att",
    "det",
    "som",
    "en",
    "på",
    "är",
    "av",
    "för",
    "med",
    "till",
    "den",
    "har",
    "inte",
    "om",
    "ett"
  ]),
  cs: new Set([
    "a",
    "je",
    "se",
    "na",
    "že",
    "to",
    "jako",
    "pro",
    "by",
    "ale",
    "jsou",
    "ve",
    "které",
    "který",
    "také",
    "jeho"
  ]),
  pl: new Set(["i", "w", "się", "na", "nie", "z", "do", "że", "jest", "jak", "ale", "po", "co", "przez", "są", "oraz"]),
  tr: new Set([
    "ve",
    "bir",
    "bu",
    "da",
    "için",
    "ile",
    "olarak",
    "çok",
    "daha",
    "gibi",
    "olan",
    "ama",
    "sonra",
    "kadar",
    "değil",
    "veya"
  ])
}

/** Scripts that name their language (Arabic script is Persian when it has Persian's own letters). */
const scripts: ReadonlyArray<readonly [RegExp, Language]> = [
  [/\p{Script=Hangul}/gu, "ko"],
  [/\p{Script=Thai}/gu, "th"],
  [/\p{Script=Hebrew}/gu, "he"],
  [/\p{Script=Arabic}/gu, "ar"],
  [/\p{Script=Cyrillic}/gu, "ru"]
]
const persianLetters = /[پچژگ]/gu

const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu
const han = /\p{Script=Han}/gu

export const detect = (text: string): Language => {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text
  const letters = (sample.match(/\p{L}/gu) ?? []).length
  const kanaCount = (sample.match(kana) ?? []).length
  const hanCount = (sample.match(han) ?? []).length
  // Japanese writes kana between its kanji on every line; a Chinese page may quote a kana emoticon or a brand.
  if (letters > 0 && (kanaCount + hanCount) / letters > 0.3) {
    return kanaCount > (kanaCount + hanCount) * 0.05
      ? "ja"
      : "zh"
  }
  for (const [script, language] of scripts) {
    const count = (sample.match(script) ?? []).length
    if (letters > 0 && count / letters > 0.3) {
      return language === "ar" && (sample.match(persianLetters) ?? []).length > count * 0.005 ? "fa" : language
    }
  }
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? []
  let best: Language = "en"
  let bestHits = 0
  for (const language of european) {
    const set = markers[language]
    if (set === undefined) continue
    let hits = 0
    for (const word of words) if (set.has(word)) hits++
    if (hits > bestHits) {
      best = language
      bestHits = hits
    }
  }
  return best
}

/** Scripts written without spaces between words: they need a dictionary segmenter. */
export const unspaced = (language: Language) => language === "ja" || language === "zh" || language === "th"
