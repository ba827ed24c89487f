/** `bookmarks save|list|search`: a user's own library through the JSON API, with the key in BOOKMARKS_API_KEY. */
import { Args, Command, Options } from "@effect/cli"
import type { Bookmark } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import * as ApiClient from "../ApiClient.js"
import { json, url } from "./Common.js"
import { print } from "./Output.js"

const optional = <A>(name: string, value: Option.Option<A>) =>
  Option.match(value, { onNone: () => ({}), onSome: (v) => ({ [name]: String(v) }) })

const save = Command.make(
  "save",
  {
    json,
    url,
    target: Args.text({ name: "url" }).pipe(Args.withDescription("The page to save (http or https)")),
    tags: Options.text("tags").pipe(Options.withDescription("Comma-separated tags, e.g. --tags 'reading, later'"), Options.optional),
    note: Options.text("note").pipe(Options.withDescription("A note to keep with the bookmark"), Options.optional)
  },
  ({ json, note, tags, target, url }) =>
    Effect.gen(function*() {
      const { call, client } = yield* ApiClient.make(url)
      const ack = yield* call(client.bookmarks.create({
        payload: { url: target, ...optional("tags", tags), ...optional("note", note) }
      }))
      yield* print(json, ack, () => [`Saved ${ack.id}: ${ack.url} (being enriched in the background)`])
    })
).pipe(Command.withDescription("Save a URL to your library (key: BOOKMARKS_API_KEY)"))

const row = (b: Bookmark.ListRow) =>
  `${b.id}  ${b.createdAt.slice(0, 10)}  ${b.title === "" ? b.url : `${b.title} <${b.url}>`}` +
  (b.tags.length === 0 ? "" : `  [${b.tags.join(", ")}]`)

const filters = {
  json,
  url,
  limit: Options.integer("limit").pipe(Options.withDescription("Bookmarks per page (1-100, default 50)"), Options.optional),
  tag: Options.text("tag").pipe(Options.withDescription("Only bookmarks with this tag"), Options.optional),
  type: Options.text("type").pipe(Options.withDescription("Only this type: website, article, image, pdf, video, textNote"), Options.optional),
  before: Options.text("before").pipe(Options.withDescription("Only older than this time (the 'nextBefore' of a page)"), Options.optional)
}

const listing = (command: string, options: {
  readonly json: boolean
  readonly url: Option.Option<string>
  readonly limit: Option.Option<number>
  readonly tag: Option.Option<string>
  readonly type: Option.Option<string>
  readonly before: Option.Option<string>
  readonly q: Option.Option<string>
}) =>
  Effect.gen(function*() {
    const { call, client } = yield* ApiClient.make(options.url)
    const page = yield* call(client.bookmarks.list({
      urlParams: {
        ...optional("limit", options.limit),
        ...optional("tag", options.tag),
        ...optional("type", options.type),
        ...optional("before", options.before),
        ...optional("q", options.q)
      }
    }))
    yield* print(options.json, page, () => [
      ...(page.bookmarks.length === 0 ? ["No bookmarks."] : page.bookmarks.map(row)),
      ...(page.nextBefore === null ? [] : [`More: bookmarks ${command} --before ${page.nextBefore}`])
    ])
  })

const list = Command.make("list", filters, (options) => listing("list", { ...options, q: Option.none() })).pipe(
  Command.withDescription("List your bookmarks, newest first (key: BOOKMARKS_API_KEY)")
)

const search = Command.make(
  "search",
  { ...filters, q: Args.text({ name: "query" }).pipe(Args.withDescription("Words to find, e.g. 'effect typescript'")) },
  (options) => {
    const command = `search ${JSON.stringify(options.q)}`
    return listing(command, { ...options, q: Option.some(options.q) })
  }
).pipe(Command.withDescription("Search your bookmarks' text, newest first (key: BOOKMARKS_API_KEY)"))

export const commands = [save, list, search] as const
