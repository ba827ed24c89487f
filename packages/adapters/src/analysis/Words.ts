/** Word tokens of a text, lowercased, with a light stem so "dance" and "dances" count as one keyword. */

/** Letters first, then letters or digits, joined by inner hyphens or apostrophes ("open-source", "don't"). */
const wordPattern = /\p{L}[\p{L}\p{N}]*(?:['’-][\p{L}\p{N}]+)*/gu

export const words = (text: string): ReadonlyArray<string> => text.toLowerCase().match(wordPattern) ?? []

/** Singular-ish form: enough to merge plurals and possessives, never shown to the user. */
export const stem = (word: string): string => {
  const base = word.replace(/['’]s$/, "")
  if (base.length > 4 && base.endsWith("ies")) return `${base.slice(0, -3)}y`
  if (base.length > 3 && base.endsWith("s") && !base.endsWith("ss") && !base.endsWith("us") && !base.endsWith("is")) {
    return base.slice(0, -1)
  }
  return base
}
