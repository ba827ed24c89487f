/**
 * How deep JSON text nests arrays and objects, measured on the text without recursion, so a body of 30,000
 * opening brackets is refused cheaply before anything walks it recursively (decoding, or formatting the
 * decode error: both overflow the stack on such a value).
 */

/** Whether `text` (JSON, or what claims to be) opens more than `limit` arrays or objects inside each other. */
export const exceeds = (text: string, limit: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true
    } else if (c === 0x5d || c === 0x7d) {
      depth--
    }
  }
  return false
}
