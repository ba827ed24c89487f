/** The context menu: "Save link to Bookmarks" on links, "Save page to Bookmarks" on pages. */
import type { Outcome } from "./Saver.js"
import * as Saver from "./Saver.js"

export const saveLink = "save-link"
export const savePage = "save-page"

export const create = () => {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: saveLink, title: "Save link to Bookmarks", contexts: ["link"] })
    chrome.contextMenus.create({ id: savePage, title: "Save page to Bookmarks", contexts: ["page"] })
  })
}

/** What a menu click saves: the link's address, or the page's; undefined for a menu item that is not ours. */
export interface Click {
  readonly menuItemId: string | number
  readonly linkUrl?: string | undefined
  readonly pageUrl?: string | undefined
}

export const target = (info: Click, tabUrl: string | undefined) =>
  info.menuItemId === saveLink ? info.linkUrl : info.menuItemId === savePage ? (info.pageUrl ?? tabUrl) : undefined

/** Saves what was clicked; the outcome shows on the tab's toolbar icon (a ✓, or ! with the reason as its tooltip). */
export const onClicked = async (
  info: Click,
  tab: { readonly id?: number | undefined; readonly url?: string | undefined } | undefined
): Promise<Outcome | undefined> => {
  const url = target(info, tab?.url)
  if (url === undefined) return undefined
  const outcome = await Saver.handle({
    _tag: "save",
    url,
    tags: [],
    note: "",
    ...(tab?.id === undefined ? {} : { tabId: tab.id })
  })
  // A saved link is not the tab's page: its badge says nothing about the page, so only a failure is shown.
  if (outcome.ok && info.menuItemId === saveLink) await Saver.badge(tab?.id, "none", "Link saved to your library")
  return outcome
}
