/**
 * The language of a text, enough to pick its stop words, stemmer and word segmentation: Japanese and Chinese by
 * their scripts, European languages by which language's function words the text is made of. English otherwise.
 */
import { createRequire } from "node:module"
import { Either, Schema } from "effect"

export type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "ja" | "zh"

export const european: ReadonlyArray<Language> = ["en", "de", "fr", "es", "it", "nl", "pt"]

/** Stop word lists of stopwords-iso (MIT), decoded at the edge like any outside data. */
const StopLists = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) })
const isoLists: Readonly<Record<string, ReadonlyArray<string>>> = Either.getOrElse(
  Schema.decodeUnknownEither(StopLists)(createRequire(import.meta.url)("stopwords-iso")),
  () => ({})
)

export const isoStopWords = (language: Language): ReadonlyArray<string> => isoLists[language] ?? []

/** The most frequent function words of each language: a text of that language is full of them. */
const markers: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(["the", "and", "of", "to", "in", "is", "that", "it", "was", "for", "with", "on", "are", "as", "this", "by"]),
  de: new Set(["der", "die", "und", "das", "ist", "nicht", "ein", "eine", "zu", "den", "von", "mit", "sich", "des", "auf", "für"]),
  fr: new Set(["le", "la", "les", "et", "des", "est", "une", "un", "du", "que", "dans", "pour", "pas", "sur", "au", "avec"]),
  es: new Set(["el", "la", "los", "las", "y", "que", "de", "en", "un", "una", "es", "por", "con", "para", "del", "se"]),
  it: new Set(["il", "la", "di", "che", "e", "è", "un", "una", "per", "non", "del", "della", "nel", "con", "sono", "gli"]),
  nl: new Set(["de", "het", "een", "en", "van", "is", "dat", "op", "te", "niet", "met", "voor", "zijn", "ook", "je", "ik"]),
  pt: new Set(["o", "a", "os", "as", "e", "de", "que", "do", "da", "em", "um", "uma", "não", "para", "com", "por"])
}

const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu
const han = /\p{Script=Han}/gu

export const detect = (text: string): Language => {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text
  const letters = (sample.match(/\p{L}/gu) ?? []).length
  const kanaCount = (sample.match(kana) ?? []).length
  const hanCount = (sample.match(han) ?? []).length
  if (letters > 0 && (kanaCount + hanCount) / letters > 0.3) return kanaCount > 0 ? "ja" : "zh"
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
export const unspaced = (language: Language) => language === "ja" || language === "zh"
