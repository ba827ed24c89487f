/**
 * Type-checked as a browser app would be (the DOM library, no Node types): the client entry's declarations need
 * nothing of Node.
 */
import { ApiClient } from "@bookmark-library/http/client"
import { Effect } from "effect"

export const recent = Effect.gen(function*() {
  const client = yield* ApiClient.make({ baseUrl: location.origin, apiKey: "bk_from_the_settings_page" })
  const page = yield* client.bookmarks.list({ query: { limit: "10" } })
  document.title = `${page.bookmarks.length} recent bookmarks`
}).pipe(Effect.provide(ApiClient.fetchLayer))
