/** What a context-menu click saves: the link on "Save link", the page on "Save page", nothing for another item. */
import { describe, expect, it } from "vitest"
import * as Menus from "../src/Menus.js"

describe("Menus.target", () => {
  it("saves the link's address from the link item and the page's from the page item", () => {
    const click = { linkUrl: "https://e.example/linked", pageUrl: "https://e.example/page" }
    expect(Menus.target({ menuItemId: Menus.saveLink, ...click }, "https://e.example/tab")).toBe(
      "https://e.example/linked"
    )
    expect(Menus.target({ menuItemId: Menus.savePage, ...click }, "https://e.example/tab")).toBe(
      "https://e.example/page"
    )
    expect(Menus.target({ menuItemId: Menus.savePage }, "https://e.example/tab")).toBe("https://e.example/tab")
    expect(Menus.target({ menuItemId: "someone-else", ...click }, "https://e.example/tab")).toBeUndefined()
  })
})
