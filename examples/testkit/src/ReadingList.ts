/**
 * The other team's code under test: a reading list on top of the bookmark library's JSON API, with plain `fetch`
 * (injected, so a test can hand it the testkit's in-memory service instead of the network).
 */
export interface ReadingListOptions {
  readonly baseUrl: string
  readonly apiKey: string
  readonly fetch?: (input: string, init?: RequestInit) => Promise<Response>
}

export interface Entry {
  readonly id: string
  readonly url: string
  readonly title: string
  readonly ready: boolean
}

export const readingList = (options: ReadingListOptions) => {
  const send = options.fetch ?? fetch
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await send(`${options.baseUrl}/v1/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" }
    })
    if (!response.ok) throw new Error(`bookmark service answered ${response.status}: ${await response.text()}`)
    return response.json() as Promise<unknown>
  }
  return {
    /** Saves `url` tagged `to-read`; the id of the bookmark. */
    add: async (url: string): Promise<string> => {
      const ack = await call("/bookmarks", { method: "POST", body: JSON.stringify({ url, tags: ["to-read"] }) })
      return (ack as { id: string }).id
    },
    /** Everything tagged `to-read`, newest first. */
    entries: async (): Promise<Array<Entry>> => {
      const page = await call("/bookmarks?tag=to-read") as {
        bookmarks: Array<{ id: string; url: string; title: string; status: string }>
      }
      return page.bookmarks.map((b) => ({ id: b.id, url: b.url, title: b.title, ready: b.status === "ready" }))
    }
  }
}
