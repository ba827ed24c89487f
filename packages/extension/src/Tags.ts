/** The Tags field: comma-separated, and the suggestions that complete it. */

/** Tags as the person typed them: split on commas, trimmed, empty ones dropped (the server normalises the rest). */
export const parse = (text: string): ReadonlyArray<string> =>
  text.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "")

/**
 * Up to `limit` of the account's tags (most used first) not yet in the field, starting with what is being typed
 * after the last comma, ignoring case.
 */
export const suggestions = (known: ReadonlyArray<string>, field: string, limit = 8): ReadonlyArray<string> => {
  const parts = field.split(",")
  const typing = (parts[parts.length - 1] ?? "").trim().toLowerCase()
  const chosen = new Set(parts.slice(0, -1).map((p) => p.trim().toLowerCase()))
  return known.filter((tag) => !chosen.has(tag.toLowerCase()) && tag.toLowerCase().startsWith(typing)).slice(0, limit)
}

/** The field after choosing `tag`: it replaces the part being typed, followed by ", ". */
export const choose = (field: string, tag: string): string => {
  const parts = field.split(",").slice(0, -1).map((p) => p.trim()).filter((p) => p !== "")
  return [...parts, tag].join(", ") + ", "
}
