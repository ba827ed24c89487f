/**
 * What a new tag may never be (docs/enrichment.md, "Tags"): only a number or a date ("2024", "3.5", "12/05",
 * "may 2024"), the site's own name (a label of its host: "nytimes" on www.nytimes.com), or boilerplate a page's
 * furniture repeats on every page ("newsletter", "privacy policy", "sign in", "read more").
 */
import { words } from "./Words.js"

const boilerplate = new Set([
  "account",
  "advertisement",
  "advertising",
  "ads",
  "archive",
  "archives",
  "article",
  "articles",
  "blog",
  "bookmark",
  "browser",
  "click",
  "comment",
  "comments",
  "contact",
  "content",
  "copyright",
  "download",
  "email",
  "faq",
  "feed",
  "follow",
  "footer",
  "header",
  "help",
  "home",
  "homepage",
  "javascript enabled",
  "link",
  "links",
  "loading",
  "login",
  "logout",
  "menu",
  "more",
  "navigation",
  "newsletter",
  "newsletters",
  "page",
  "pages",
  "password",
  "policy",
  "post",
  "posts",
  "privacy",
  "read",
  "register",
  "related",
  "reply",
  "replies",
  "reserved",
  "rights",
  "rss",
  "search",
  "share",
  "sidebar",
  "sign",
  "signup",
  "site",
  "skip",
  "sponsored",
  "subscribe",
  "subscriber",
  "subscribers",
  "subscription",
  "terms",
  "toggle",
  "website",
  "welcome"
])

const months = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/

/** Digits and their punctuation only, or a date written with month names. */
const numberOrDate = (tag: string): boolean => {
  if (/^[\p{N}\s.,:/+\-–%°]+$/u.test(tag)) return true
  const parts = tag.toLowerCase().split(/[\s,./-]+/).filter((p) => p !== "")
  const numeral = (p: string) => /^\p{N}+(?:st|nd|rd|th|s)?$/u.test(p)
  return parts.length > 0 && parts.every((p) => numeral(p) || months.test(p)) && parts.some(numeral)
}

const squashed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")

/** The labels of a host that may name a site ("nytimes", "bbc"), without `www` and the public suffix. */
const siteLabels = (host: string): ReadonlyArray<string> => {
  const labels = host.toLowerCase().replace(/^www\d*\./, "").split(".").filter((l) => l !== "")
  return labels.slice(0, Math.max(1, labels.length - 1)).map(squashed).filter((l) => l.length >= 2)
}

/** Why a new tag may not be minted; undefined when it may. */
export const refusal = (tag: string, site: string | undefined): string | undefined => {
  if (numberOrDate(tag)) return "a number or a date"
  const parts = words(tag)
  if (parts.every((w) => boilerplate.has(w)) || boilerplate.has(tag.toLowerCase())) {
    return "boilerplate"
  }
  if (site !== undefined && site !== "") {
    const name = squashed(tag)
    if (siteLabels(site).some((label) => label === name || label === `${name}s` || `${label}s` === name)) {
      return "the site's name"
    }
  }
  return undefined
}
