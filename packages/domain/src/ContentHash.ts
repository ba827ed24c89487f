/**
 * The same content under different URLs (docs/search.md, "Duplicates by content"): a SHA-256 of a bookmark's readable
 * text (the page text enrichment extracted), after folding what differs between copies of one article without
 * changing it (Unicode compatibility forms, case, runs of whitespace). Texts too short to tell pages apart (a sign-in
 * wall, an error page, an empty extraction) have no hash, so they never make duplicates.
 */
import * as Sha256 from "./Sha256.js"

/** Folded text shorter than this has no content hash. */
export const minLength = 200

/** The hex SHA-256 of the folded text; "" when the text is too short. */
export const of = (pageText: string): string => {
  const folded = pageText.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim()
  return folded.length < minLength ? "" : Sha256.toHex(Sha256.sha256(folded))
}
