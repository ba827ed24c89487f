/** What a reader must see for the enrichment cases that run in both modes (embedded and scaled). */
import * as jpeg from "jpeg-js"
import { expect } from "vitest"
import { ready, type ReadyBookmark, type Setup } from "./EnrichmentService.js"
import * as FixturePages from "./FixturePages.js"

export const articleCallerTags = ["Maritime History", "reading-list"] as const

/** The article: declared metadata, absolute URLs, a quoted summary, caller tags then generated ones. */
export const expectArticle = (setup: Setup, bookmark: ReadyBookmark, screenshots: boolean) => {
  const { article } = FixturePages
  const text = FixturePages.visibleText(article.paragraphs)
  expect(bookmark.status).toBe("ready")
  expect(bookmark.processingError).toBe("")
  expect(bookmark.url).toBe(setup.fixtures.url(article.path))
  expect(bookmark.title).toBe(article.title)
  expect(bookmark.description).toBe(article.description)
  expect(bookmark.type).toBe("article")
  expect(bookmark.image).toBe(setup.fixtures.url(article.image))
  // The largest declared icon (192 px) wins over the 32 px one.
  expect(bookmark.favicon).toBe(setup.fixtures.url(article.icon))
  expectSummaryFrom(bookmark.summary, text)
  expect(bookmark.tags.slice(0, articleCallerTags.length)).toEqual([...articleCallerTags])
  const generated = bookmark.tags.slice(articleCallerTags.length)
  expect(generated.length).toBeGreaterThanOrEqual(1)
  expect(generated.length).toBeLessThanOrEqual(5)
  expectTagsFrom(generated, text)
  // What the page is about makes a tag.
  expect(generated).toContain("keepers")
  if (screenshots) expect(bookmark.screenshot).toMatch(new RegExp(`^${setup.service.api}/assets/[0-9a-f]{32}$`))
  else expect(bookmark.screenshot).toBe("")
}

/** The screenshot link answers without a key: an immutable JPEG that decodes; returns the decoded image. */
export const expectScreenshotServed = async (setup: Setup, url: string) => {
  expect(url).toMatch(new RegExp(`^${setup.service.api}/assets/[0-9a-f]{32}$`))
  const response = await fetch(url)
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("image/jpeg")
  expect(response.headers.get("cache-control")).toContain("immutable")
  return jpeg.decode(new Uint8Array(await response.arrayBuffer()), { useTArray: true })
}

/** `q` finds the article by a word only its body has, and nothing else by it. */
export const expectBodySearch = async (setup: Setup, articleId: string) => {
  const article = await ready(setup, articleId)
  const word = FixturePages.bodyOnlyWord
  for (const field of [article.title, article.description, article.url, article.summary, ...article.tags]) {
    expect(field.toLowerCase()).not.toContain(word)
  }
  const found = await setup.service.client.api("GET", `/bookmarks?q=${word}`, setup.key)
  expect(found.status, found.text).toBe(200)
  expect(found.body.bookmarks.map((b: { id: string }) => b.id)).toEqual([articleId])
  const none = await setup.service.client.api("GET", "/bookmarks?q=zanzibarquokka", setup.key)
  expect(none.body.bookmarks).toEqual([])
}

/** A URL the policy refuses: finished anyway, nothing derived from the target, the reason named. */
export const expectBlocked = (bookmark: ReadyBookmark) => {
  expect(bookmark.status).toBe("ready")
  expect(bookmark.processingError).toBe("blocked by address policy (ALLOW_HOSTS can allow a host on your own network)")
  expect(bookmark.title).toBe("")
  expect(bookmark.summary).toBe("")
  expect(bookmark.screenshot).toBe("")
}

/** Every summary sentence is quoted from `text`; there are at most three and at most 500 characters. */
export const expectSummaryFrom = (summary: string, text: string) => {
  expect(summary).not.toBe("")
  expect(summary.length).toBeLessThanOrEqual(500)
  const sentences = summary.split(/(?<=[.!?])\s+/)
  expect(sentences.length).toBeGreaterThanOrEqual(1)
  expect(sentences.length).toBeLessThanOrEqual(3)
  for (const sentence of sentences) expect(text, `summary sentence not in the page: ${sentence}`).toContain(sentence)
}

/** Every generated tag is lowercase and occurs in the page text (the text compared in lower case). */
export const expectTagsFrom = (tags: ReadonlyArray<string>, text: string) => {
  const lower = text.toLowerCase()
  for (const tag of tags) {
    expect(tag).toBe(tag.toLowerCase())
    expect(lower, `tag not in the page: ${tag}`).toContain(tag)
  }
}
