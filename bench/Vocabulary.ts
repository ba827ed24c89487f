/**
 * Made-up words for seeded text, ranked by frequency: word `rank` is drawn with a power law (a few words in most
 * bookmarks, most words in few), so a search can be for a common, a middling or a rare word. Deterministic.
 */
const consonants = "bdfgklmnprstvz"
const vowels = "aiou"

export const size = 20_000
/** P(rank ≤ k) = (k / size)^(1 / exponent): rank 1 is in most rows of 30 words, rank 20,000 in about 0.04 %. */
export const exponent = 4

/** Three syllables (consonant + vowel), unique per rank. */
export const word = (rank: number): string => {
  let n = rank
  let out = ""
  for (let i = 0; i < 3; i++) {
    const syllable = n % (consonants.length * vowels.length)
    n = Math.floor(n / (consonants.length * vowels.length))
    out += consonants[syllable % consonants.length]! + vowels[Math.floor(syllable / consonants.length)]!
  }
  // 56^3 = 175,616 ≥ size: the three syllables alone are unique; a fourth only for the unlikely overflow.
  return n === 0 ? out : out + consonants[n % consonants.length]!
}

export const words: ReadonlyArray<string> = Array.from({ length: size }, (_, i) => word(i))

/** A random word by the power law. */
export const draw = (random: () => number = Math.random): string =>
  words[Math.floor(size * Math.pow(random(), exponent))]!

export const sentence = (n: number, random: () => number = Math.random) =>
  Array.from({ length: n }, () => draw(random)).join(" ")

/** Query words by class: common (ranks 0–49), middling (200–1,999), rare (10,000–19,999). */
export const queryWords = (count: number, random: () => number = Math.random) => {
  const pick = (from: number, to: number) => words[from + Math.floor(random() * (to - from))]!
  return Array.from({ length: count }, (_, i) => {
    const kind = i % 3 === 0 ? "common" : i % 3 === 1 ? "middling" : "rare"
    const q = kind === "common" ? pick(0, 50) : kind === "middling" ? pick(200, 2_000) : pick(10_000, 20_000)
    return { kind, q } as const
  })
}

/** A seeded generator (mulberry32), so two runs search for the same words. */
export const seeded = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
