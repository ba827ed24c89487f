/** The JSON API calls the extension makes with its key; every answer decoded, every failure a `Failure`. */
import { isSuccess } from "effect/Result"
import * as Schema from "effect/Schema"
import type { Failure } from "./Failure.js"
import * as Failures from "./Failure.js"
import * as Responses from "./Responses.js"
import * as States from "./States.js"
import { apiUrl } from "./Urls.js"

export type Result<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly failure: Failure }

export interface Connection {
  readonly server: string
  readonly key: string
}

/** The one thing the client needs from the browser (tests pass their own). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>

const problemDetail = async (response: Response): Promise<string> => {
  try {
    const decoded = Schema.decodeUnknownResult(Responses.Problem)(await response.json())
    return isSuccess(decoded) ? decoded.success.detail ?? "" : ""
  } catch {
    return ""
  }
}

export const call = async <A>(
  fetcher: Fetch,
  connection: Connection,
  path: string,
  schema: Schema.Decoder<A>,
  init: { readonly method?: string; readonly body?: unknown } = {}
): Promise<Result<A>> => {
  let response: Response
  try {
    response = await fetcher(apiUrl(connection.server, path), {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${connection.key}`,
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" })
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      credentials: "omit"
    })
  } catch {
    return { ok: false, failure: { kind: "unreachable", server: connection.server } }
  }
  if (!response.ok) {
    return {
      ok: false,
      failure: Failures.fromStatus(response.status, response.headers, await problemDetail(response), Date.now())
    }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return { ok: false, failure: { kind: "server", status: response.status } }
  }
  const decoded = Schema.decodeUnknownResult(schema)(body)
  return isSuccess(decoded)
    ? { ok: true, value: decoded.success }
    : { ok: false, failure: { kind: "server", status: response.status } }
}

export interface SaveInput {
  readonly url: string
  readonly tags: ReadonlyArray<string>
  readonly note: string
}

export const save = (fetcher: Fetch, connection: Connection, input: SaveInput) =>
  call(fetcher, connection, "/bookmarks", Responses.Ack, {
    method: "POST",
    body: {
      url: input.url,
      ...(input.tags.length === 0 ? {} : { tags: input.tags }),
      ...(input.note === "" ? {} : { note: input.note })
    }
  })

/** A save with the page's copy (`POST /bookmarks/with-copy`, docs/preservation.md "Copies from the browser"). */
export const saveWithCopy = (fetcher: Fetch, connection: Connection, input: SaveInput, html: string) =>
  call(fetcher, connection, "/bookmarks/with-copy", Responses.Ack, {
    method: "POST",
    body: {
      url: input.url,
      ...(input.tags.length === 0 ? {} : { tags: input.tags }),
      ...(input.note === "" ? {} : { note: input.note }),
      html
    }
  })

/** The account's lists, depth first (a parent before its sublists). */
export const lists = async (
  fetcher: Fetch,
  connection: Connection
): Promise<Result<ReadonlyArray<Responses.ListRow>>> => {
  const read = await call(fetcher, connection, "/lists", Responses.ListList)
  return read.ok ? { ok: true, value: read.value.lists } : read
}

/** Adds one bookmark to one list. */
export const addToList = (fetcher: Fetch, connection: Connection, listId: string, bookmarkId: string) =>
  call(fetcher, connection, `/lists/${encodeURIComponent(listId)}/bookmarks`, Responses.Changed, {
    method: "POST",
    body: { bookmarkIds: [bookmarkId] }
  })

/**
 * The newest bookmark of the same page as this URL, if the library has one: the additive `same=` filter compares
 * canonical forms (docs/search.md, "Duplicates"), so a page saved with tracking parameters, `www.` or the other
 * scheme counts as saved.
 */
export const lookup = async (
  fetcher: Fetch,
  connection: Connection,
  url: string
): Promise<Result<string | undefined>> => {
  const page = await call(
    fetcher,
    connection,
    `/bookmarks?${new URLSearchParams({ same: url, limit: "1" }).toString()}`,
    Responses.Page
  )
  return page.ok ? { ok: true, value: page.value.bookmarks[0]?.id } : page
}

/**
 * Turns one state of one bookmark on or off through the batch endpoint with that one id (docs/extension.md,
 * "States"): the answer is a success whatever became of the bookmark, so its item's result decides.
 */
export const setState = async (
  fetcher: Fetch,
  connection: Connection,
  id: string,
  state: States.State,
  on: boolean
): Promise<Result<void>> => {
  const answer = await call(fetcher, connection, "/bookmarks/batch", Responses.Batch, {
    method: "POST",
    body: { action: States.action(state, on), ids: [id] }
  })
  return answer.ok ? States.itemOutcome(answer.value.results, id, 200) : answer
}

export const bookmark = (fetcher: Fetch, connection: Connection, id: string) =>
  call(fetcher, connection, `/bookmarks/${encodeURIComponent(id)}`, Responses.Bookmark)

export const tags = async (fetcher: Fetch, connection: Connection): Promise<Result<ReadonlyArray<string>>> => {
  const list = await call(fetcher, connection, "/tags", Responses.TagList)
  return list.ok ? { ok: true, value: list.value.tags.map((t) => t.tag) } : list
}

/** Checks a pasted key: the plan it belongs to. */
export const usage = (fetcher: Fetch, connection: Connection) => call(fetcher, connection, "/usage", Responses.Usage)

/**
 * Checks a key and reads its plan. The key the connect flow mints has only the bookmark scopes (docs/oauth.md,
 * "Scopes"), so `/usage` answers 403 for it: then the key is checked by reading the tags, and the plan is not known.
 */
export const check = async (fetcher: Fetch, connection: Connection): Promise<Result<string>> => {
  const read = await usage(fetcher, connection)
  if (read.ok) return { ok: true, value: read.value.tier }
  if (read.failure.kind !== "rejected" || read.failure.status !== 403) return read
  const listed = await tags(fetcher, connection)
  return listed.ok ? { ok: true, value: "not shown to this key" } : listed
}
