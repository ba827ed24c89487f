/**
 * The service worker: the context menu, and the saves and lookups the popup asks for. `saveFromMenu` is also
 * reachable from the worker's global scope, which is how the browser tests click a menu item (docs/extension.md).
 */
import * as Menus from "./Menus.js"
import * as Messages from "./Messages.js"
import * as Saver from "./Saver.js"

chrome.runtime.onInstalled.addListener(() => Menus.create())

chrome.contextMenus.onClicked.addListener((info, tab) => {
  void Menus.onClicked(info, tab)
})

chrome.runtime.onMessage.addListener((message, sender, respond) =>
  // Only our own pages may ask (the extension has no content scripts; web pages cannot reach it).
  sender.id === chrome.runtime.id && (sender.url ?? "").startsWith(chrome.runtime.getURL(""))
    ? Messages.route(message, (m) => Saver.handle(m), respond)
    : false
)

Object.assign(globalThis, { saveFromMenu: Menus.onClicked })
