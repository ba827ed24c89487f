/**
 * Decodes character references left in values the HTML parser does not decode (JSON-LD strings) or that a site
 * escaped twice (`&amp;amp;`, `&amp;#x1F62D;`), with the `entities` library's HTML decoder: what a browser shows,
 * U+FFFD for a reference to no character (`&#x0;`, `&#xFFFFFFFF;`, a surrogate), the Windows-1252 meaning of
 * `&#x80;`–`&#x9F;`. Only references ending in ";" are decoded, so "AT&T" and "&copy 2024" stay as written.
 */
import { decodeHTMLStrict } from "entities"

export const decode = (value: string): string => (value.includes("&") ? decodeHTMLStrict(value) : value)
