/** The JSON API calls the extension makes with its key; every answer decoded, every failure a `Failure`. */
import { Either, Schema } from "effect"
import type { Failure } from "./Failure.js"
import * as Failures from "./Failure.js"
import * as Responses from "./Responses.js"
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
    const decoded = Schema.decodeUnknownEither(Responses.Problem)(await response.json())
    return Either.isRight(decoded) ? decoded.right.detail ?? "" : ""
  } catch {
    return ""
  }
}

export const call = async <A, I>(
  fetcher: Fetch,
  connection: Connection,
  path: string,
  schema: Schema.Schema<A, I>,
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
    return { ok: false, failure: Failures.fromStatus(response.status, response.headers, await problemDetail(response), Date.now()) }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return { ok: false, failure: { kind: "server", status: response.status } }
  }
  const decoded = Schema.decodeUnknownEither(schema)(body)
  return Either.isRight(decoded) ? { ok: true, value: decoded.right } : { ok: false, failure: { kind: "server", status: response.status } }
}

export interface SaveInput {
  readonly url: string
  readonly tags: ReadonlyArray<string>
  readonly note: string
}

export const save = (fetcher: Fetch, connection: Connection, input: SaveInput) =>
  call(fetcher, connection, "/bookmarks", Responses.Ack, {
    method: "POST",
    body: { url: input.url, ...(input.tags.length === 0 ? {} : { tags: input.tags }), ...(input.note === "" ? {} : { note: input.note }) }
  })

/** The newest bookmark of this exact URL (the additive `url=` filter), if the library has one. */
export const lookup = async (fetcher: Fetch, connection: Connection, url: string): Promise<Result<string | undefined>> => {
  const page = await call(fetcher, connection, `/bookmarks?${new URLSearchParams({ url, limit: "1" }).toString()}`, Responses.Page)
  return page.ok ? { ok: true, value: page.value.bookmarks[0]?.id } : page
}

export const bookmark = (fetcher: Fetch, connection: Connection, id: string) =>
  call(fetcher, connection, `/bookmarks/${encodeURIComponent(id)}`, Responses.Bookmark)

export const tags = async (fetcher: Fetch, connection: Connection): Promise<Result<ReadonlyArray<string>>> => {
  const list = await call(fetcher, connection, "/tags", Responses.TagList)
  return list.ok ? { ok: true, value: list.value.tags.map((t) => t.tag) } : list
}

/** Checks a pasted key: the plan it belongs to. */
export const usage = (fetcher: Fetch, connection: Connection) => call(fetcher, connection, "/usage", Responses.Usage)
