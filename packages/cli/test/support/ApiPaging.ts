/** Walking a library page by page through `nextBefore`, and saving in concurrent bursts. */
import type { Answer, Client } from "./Client.js"

export interface Row {
  readonly id: string
  readonly url: string
  readonly title: string
  readonly type: string
  readonly tags: ReadonlyArray<string>
  readonly createdAt: string
}

export interface Page {
  readonly bookmarks: ReadonlyArray<Row>
  readonly nextBefore: string | null
}

export interface Walk {
  readonly rows: ReadonlyArray<Row>
  readonly pages: ReadonlyArray<Page>
}

/** Follows `nextBefore` until it is null; fails on any non-200 page or after `maxPages`. */
export const walk = async (
  client: Client,
  key: string,
  query: Record<string, string>,
  limit: number,
  maxPages = 200
): Promise<Walk> => {
  const pages: Array<Page> = []
  let before: string | null = null
  do {
    const params: URLSearchParams = new URLSearchParams({
      ...query,
      limit: String(limit),
      ...(before === null ? {} : { before })
    })
    const answer: Answer<Page> = await client.api<Page>("GET", `/bookmarks?${params}`, key)
    if (answer.status !== 200) throw new Error(`page ${pages.length}: ${answer.status} ${answer.text}`)
    pages.push(answer.body)
    before = answer.body.nextBefore
    if (pages.length > maxPages) throw new Error("the walk does not end")
  } while (before !== null)
  return { rows: pages.flatMap((p) => p.bookmarks), pages }
}

/** Runs `make(0..count-1)` in sequential bursts of `size` concurrent calls; results in index order. */
export const bursts = async <A>(count: number, size: number, make: (i: number) => Promise<A>): Promise<Array<A>> => {
  const out: Array<A> = []
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, j) => make(start + j))
    out.push(...await Promise.all(batch))
  }
  return out
}
