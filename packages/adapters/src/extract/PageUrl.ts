/** Resolving page references (images, icons, `<base href>`) to absolute http(s) URLs. */

/** Absolute http(s) URL for `reference` against `base`, or "" when it is not one (data:, javascript:, garbage). */
export const resolve = (reference: string, base: string): string => {
  const trimmed = reference.trim()
  if (trimmed === "") return ""
  try {
    const url = new URL(trimmed, base)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : ""
  } catch {
    return ""
  }
}

/** The last path segment, decoded ("report.pdf"), else the host name. */
export const fileName = (pageUrl: string): string => {
  try {
    const url = new URL(pageUrl)
    const segment = url.pathname.split("/").reverse().find((part) => part !== "") ?? ""
    let decoded = segment
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      // A malformed escape is shown as written.
    }
    return decoded.trim() || url.hostname
  } catch {
    return ""
  }
}
