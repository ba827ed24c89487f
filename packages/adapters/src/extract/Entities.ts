/**
 * Decodes character references left in values the HTML parser does not decode (JSON-LD strings) or that a
 * site escaped twice (`&amp;amp;`). Only references ending in ";" are decoded, so "AT&T" stays as written.
 */

const named: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: "\u00A0", ensp: "\u2002", emsp: "\u2003",
  thinsp: "\u2009", shy: "\u00AD", zwnj: "\u200C", zwj: "\u200D",
  ndash: "\u2013", mdash: "\u2014", hellip: "\u2026", bull: "\u2022", middot: "\u00B7", prime: "\u2032",
  lsquo: "\u2018", rsquo: "\u2019", sbquo: "\u201A", ldquo: "\u201C", rdquo: "\u201D", bdquo: "\u201E",
  laquo: "\u00AB", raquo: "\u00BB", lsaquo: "\u2039", rsaquo: "\u203A",
  copy: "\u00A9", reg: "\u00AE", trade: "\u2122", deg: "\u00B0", plusmn: "\u00B1", times: "\u00D7",
  divide: "\u00F7", frac12: "\u00BD", frac14: "\u00BC", frac34: "\u00BE", micro: "\u00B5", para: "\u00B6",
  sect: "\u00A7", euro: "\u20AC", pound: "\u00A3", yen: "\u00A5", cent: "\u00A2", iexcl: "\u00A1",
  iquest: "\u00BF", dagger: "\u2020", Dagger: "\u2021", larr: "\u2190", rarr: "\u2192", uarr: "\u2191",
  darr: "\u2193", hearts: "\u2665", check: "\u2713", star: "\u2606",
  Agrave: "\u00C0", Aacute: "\u00C1", Acirc: "\u00C2", Atilde: "\u00C3", Auml: "\u00C4", Aring: "\u00C5",
  AElig: "\u00C6", Ccedil: "\u00C7", Egrave: "\u00C8", Eacute: "\u00C9", Ecirc: "\u00CA", Euml: "\u00CB",
  Igrave: "\u00CC", Iacute: "\u00CD", Icirc: "\u00CE", Iuml: "\u00CF", ETH: "\u00D0", Ntilde: "\u00D1",
  Ograve: "\u00D2", Oacute: "\u00D3", Ocirc: "\u00D4", Otilde: "\u00D5", Ouml: "\u00D6", Oslash: "\u00D8",
  Ugrave: "\u00D9", Uacute: "\u00DA", Ucirc: "\u00DB", Uuml: "\u00DC", Yacute: "\u00DD", THORN: "\u00DE",
  szlig: "\u00DF", agrave: "\u00E0", aacute: "\u00E1", acirc: "\u00E2", atilde: "\u00E3", auml: "\u00E4",
  aring: "\u00E5", aelig: "\u00E6", ccedil: "\u00E7", egrave: "\u00E8", eacute: "\u00E9", ecirc: "\u00EA",
  euml: "\u00EB", igrave: "\u00EC", iacute: "\u00ED", icirc: "\u00EE", iuml: "\u00EF", eth: "\u00F0",
  ntilde: "\u00F1", ograve: "\u00F2", oacute: "\u00F3", ocirc: "\u00F4", otilde: "\u00F5", ouml: "\u00F6",
  oslash: "\u00F8", ugrave: "\u00F9", uacute: "\u00FA", ucirc: "\u00FB", uuml: "\u00FC", yacute: "\u00FD",
  thorn: "\u00FE", yuml: "\u00FF", OElig: "\u0152", oelig: "\u0153", Scaron: "\u0160", scaron: "\u0161",
  Yuml: "\u0178", Zcaron: "\u017D", zcaron: "\u017E", fnof: "\u0192", circ: "\u02C6", tilde: "\u02DC",
  alpha: "\u03B1", beta: "\u03B2", gamma: "\u03B3", delta: "\u03B4", pi: "\u03C0", mu: "\u03BC",
  sigma: "\u03C3", omega: "\u03C9", Omega: "\u03A9", Delta: "\u0394"
}

const fromCodePoint = (code: number): string | undefined =>
  code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : undefined

const reference = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g

export const decode = (value: string): string =>
  value.includes("&")
    ? value.replace(reference, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
      (dec !== undefined
        ? fromCodePoint(Number.parseInt(dec, 10))
        : hex !== undefined
        ? fromCodePoint(Number.parseInt(hex, 16))
        : name !== undefined && Object.hasOwn(named, name)
        ? named[name]
        : undefined) ?? whole)
    : value
