/** `bookmarks save|list|search`: a user's own library through the JSON API, with the key in BOOKMARKS_API_KEY. */
import type { Bookmark } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import * as ApiClient from "../ApiClient.js"
import { print } from "../Output.js"
import { json, url } from "./Flags.js"

const optional = <A>(name: string, value: Option.Option<A>) =>
  Option.match(value, { onNone: () => ({}), onSome: (v) => ({ [name]: String(v) }) })

const save = Command.make(
  "save",
  {
    json,
    url,
    target: Argument.String("url").pipe(Argument.withDescription("The page to save (http or https)")),
    tags: Flag.String("tags").pipe(
      Flag.withDescription("Comma-separated tags, e.g. --tags 'reading, later'"),
      Flag.optional
    ),
    note: Flag.String("note").pipe(Flag.withDescription("A note to keep with the bookmark"), Flag.optional)
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
  limit: Flag.Int("limit").pipe(Flag.withDescription("Bookmarks per page (1-100, default 50)"), Flag.optional),
  tag: Flag.String("tag").pipe(Flag.withDescription("Only bookmarks with this tag"), Flag.optional),
  type: Flag.String("type").pipe(
    Flag.withDescription("Only this type: website, article, image, pdf, video, textNote"),
    Flag.optional
  ),
  before: Flag.String("before").pipe(
    Flag.withDescription("Only older than this time (the 'nextBefore' of a page)"),
    Flag.optional
  )
}

/** A word as the shell reads it back: bare when it is safe, else in single quotes. */
const quoted = (word: string) => /^[\w.,:/@%+=-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`

/** The command that shows the next page: the same filters and page size, from where this page ended. */
export const nextPage = (command: string, options: {
  readonly limit: Option.Option<number>
  readonly tag: Option.Option<string>
  readonly type: Option.Option<string>
}, before: string) =>
  [
    `bookmarks ${command}`,
    ...Option.match(options.tag, { onNone: () => [], onSome: (tag) => [`--tag ${quoted(tag)}`] }),
    ...Option.match(options.type, { onNone: () => [], onSome: (type) => [`--type ${quoted(type)}`] }),
    ...Option.match(options.limit, { onNone: () => [], onSome: (limit) => [`--limit ${limit}`] }),
    `--before ${quoted(before)}`
  ].join(" ")

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
      query: {
        ...optional("limit", options.limit),
        ...optional("tag", options.tag),
        ...optional("type", options.type),
        ...optional("before", options.before),
        ...optional("q", options.q)
      }
    }))
    yield* print(options.json, page, () => [
      ...(page.bookmarks.length === 0 ? ["No bookmarks."] : page.bookmarks.map(row)),
      ...(page.nextBefore === null ? [] : [`More: ${nextPage(command, options, page.nextBefore)}`])
    ])
  })

const list = Command.make("list", filters, (options) => listing("list", { ...options, q: Option.none() })).pipe(
  Command.withDescription("List your bookmarks, newest first (key: BOOKMARKS_API_KEY)")
)

const search = Command.make(
  "search",
  { ...filters, q: Argument.String("query").pipe(Argument.withDescription("Words to find, e.g. 'effect typescript'")) },
  (options) => {
    const command = `search ${quoted(options.q)}`
    return listing(command, { ...options, q: Option.some(options.q) })
  }
).pipe(Command.withDescription("Search your bookmarks' text, newest first (key: BOOKMARKS_API_KEY)"))

export const commands = [save, list, search] as const
