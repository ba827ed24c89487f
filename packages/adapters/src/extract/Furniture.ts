/**
 * Removes a page's furniture before its text is read: consent banners, newsletter and subscription prompts,
 * player controls, share bars, related links, comments, bylines, menus, dialogs, and an encyclopaedia's citation
 * markers, edit links and infoboxes. Recognised by role, by hidden state and by the words of class and id names,
 * never when the element holds the page's heading or most of its text (a wrapper named "has-cookie-banner").
 */
import * as Dom from "./Dom.js"

/** Elements that are never content, whatever they are called. */
const alwaysSelectors = [
  "form",
  "dialog",
  "[role=dialog]",
  "[role=alertdialog]",
  "[role=navigation]",
  "[role=search]",
  "[role=contentinfo]",
  "[role=complementary]",
  "[role=toolbar]",
  "[role=menu]",
  "[role=menubar]",
  "[aria-hidden=true]",
  "[hidden]",
  "sup.reference",
  ".mw-editsection",
  ".mw-jump-link",
  "#siteSub",
  ".shortdescription",
  ".catlinks",
  "#toc",
  ".vjs-control-bar",
  ".vjs-modal-dialog"
].join(", ")

/** Words in class or id names that mark furniture ("cookie-banner", "newsletterSignup", "share_bar"). */
const furnitureWords = new Set([
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "cmp",
  "newsletter",
  "subscribe",
  "subscription",
  "signup",
  "paywall",
  "offer",
  "promo",
  "modal",
  "overlay",
  "popup",
  "share",
  "sharing",
  "social",
  "related",
  "recommended",
  "recommendations",
  "comment",
  "comments",
  "breadcrumb",
  "breadcrumbs",
  "byline",
  "meta",
  "toolbar",
  "menu",
  "sidebar",
  "widget",
  "ad",
  "ads",
  "advert",
  "advertisement",
  "sponsored",
  "vjs",
  "player",
  "controls",
  "skip",
  "jump",
  "print",
  "rating",
  "ratings",
  "reviews",
  "taglist",
  "tags",
  "footer",
  "masthead",
  "topbar",
  "navbar",
  "nav",
  "navigation",
  "disclosure",
  "banner",
  "download",
  "reflist",
  "references",
  "hatnote",
  "navbox",
  "infobox",
  "noprint",
  "editsection",
  "notecard",
  "metadata",
  "votecell",
  "stats",
  "actions",
  "owner",
  "guide",
  "secondary",
  "upnext",
  "call",
  "cta",
  "wishlist",
  "cart",
  "swatches",
  "options",
  "stock",
  "price",
  "brand",
  "promostrip"
])

/** Vendor prefixes whose elements are consent or paywall furniture ("qc-cmp2-container", "tp-modal"). */
const furniturePrefixes = ["qc-cmp", "onetrust", "ot-sdk", "didomi", "cmp-", "tp-modal", "piano-", "fc-consent"]

const namesOf = (element: Dom.DomElement): ReadonlyArray<string> => {
  const raw = `${Dom.attr(element, "class")} ${Dom.attr(element, "id")}`
  return raw.split(/\s+/).filter((name) => name !== "")
}

/** "cookie-banner" → cookie, banner; "newsletterSignup" → newsletter, signup. */
const wordsOf = (name: string): ReadonlyArray<string> =>
  name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/).filter((word) => word !== "")

const looksLikeFurniture = (element: Dom.DomElement): boolean => {
  const names = namesOf(element)
  if (names.some((name) => furniturePrefixes.some((prefix) => name.toLowerCase().startsWith(prefix)))) return true
  return names.some((name) => wordsOf(name).some((word) => furnitureWords.has(word)))
}

/**
 * Candidates weighed per page: measuring an element's text costs its size, so a hostile page of thousands of nested
 * "menu" wrappers must not make this quadratic. Real pages have a few dozen.
 */
const maxCandidates = 300

/** Never the document's skeleton or main content, nor what holds the page's heading. */
const protectedTags = new Set(["HTML", "BODY", "MAIN", "ARTICLE"])

/** Elements that sit inside a line of text. */
const inlineTags = new Set([
  "A",
  "ABBR",
  "B",
  "CITE",
  "CODE",
  "DFN",
  "EM",
  "I",
  "KBD",
  "MARK",
  "Q",
  "S",
  "SAMP",
  "SMALL",
  "SPAN",
  "STRONG",
  "SUB",
  "TIME",
  "U",
  "VAR"
])

/**
 * A word inside a paragraph's sentence is never furniture, whatever its class says: a place name linked with
 * `class="meta-loc"` taken out would leave "its position on and lift trade sanctions".
 */
const inSentence = (element: Dom.DomElement): boolean =>
  inlineTags.has(element.tagName.toUpperCase()) && element.closest("p") !== null

export const remove = (document: Dom.DomDocument): void => {
  const root = Dom.body(document)
  if (root === null) return
  const total = (root.textContent ?? "").length
  let weighed = 0
  const removable = (element: Dom.DomElement): boolean => {
    if (protectedTags.has(element.tagName.toUpperCase()) || inSentence(element) || ++weighed > maxCandidates) {
      return false
    }
    if (element.querySelector("h1") !== null) return false
    // A wrapper of most of the page is not a widget, whatever its name says.
    return (element.textContent ?? "").length <= Math.max(1_000, total * 0.25)
  }
  const doomed = new Set<Dom.DomElement>()
  // Inside an element already on its way out, nothing needs weighing. Remembered per element: deep nesting stays
  // linear.
  const known = new Map<Dom.DomElement, boolean>()
  const inDoomed = (element: Dom.DomElement): boolean => {
    const chain: Array<Dom.DomElement> = []
    let answer = false
    for (let up = element.parentElement; up !== null; up = up.parentElement) {
      const seen = known.get(up)
      if (seen !== undefined || doomed.has(up)) {
        answer = seen === true || doomed.has(up)
        break
      }
      chain.push(up)
    }
    for (const link of chain) known.set(link, answer)
    return answer
  }
  for (const element of root.querySelectorAll(alwaysSelectors)) {
    if (!inDoomed(element) && (element.tagName.toUpperCase() === "SUP" || removable(element))) doomed.add(element)
  }
  for (const element of root.querySelectorAll("[class], [id]")) {
    if (looksLikeFurniture(element) && !inDoomed(element) && removable(element)) doomed.add(element)
  }
  for (const element of doomed) element.remove()
}
