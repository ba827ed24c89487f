/** Import files made up for tests and benchmarks: Netscape HTML with `n` links, and a loopback page server for them. */
import * as http from "node:http"

/** Netscape bookmark HTML of `urls`, one folder per 1,000 links, dated a second apart. */
export const netscape = (urls: ReadonlyArray<string>): string =>
  [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=UTF-8\">",
    "<TITLE>Bookmarks</TITLE>",
    "<H1>Bookmarks</H1>",
    "<DL><p>",
    ...urls.flatMap((url, i) => [
      ...(i % 1_000 === 0 ? [i === 0 ? "" : "</DL><p>", `<DT><H3>Folder ${i / 1_000}</H3>`, "<DL><p>"] : []),
      `<DT><A HREF="${url}" ADD_DATE="${1_500_000_000 + i}" TAGS="imported,n${i % 10}">Imported page ${i}</A>`
    ]),
    "</DL><p>",
    "</DL><p>"
  ].join("\n")

export interface PageServer {
  readonly origin: string
  /** Paths requested, in order, with the time each request arrived. */
  readonly hits: ReadonlyArray<{ readonly path: string; readonly at: number }>
  readonly close: () => Promise<void>
}

/** Answers every `/page/<name>` with a small HTML page after `delayMs`, on 127.0.0.1 only. */
export const pageServer = (delayMs: number): Promise<PageServer> =>
  new Promise((resolve) => {
    const hits: Array<{ path: string; at: number }> = []
    const server = http.createServer((req, res) => {
      const path = req.url ?? "/"
      hits.push({ path, at: Date.now() })
      const body =
        `<!doctype html><html><head><title>Page ${path}</title><meta name="description" content="About ${path}">` +
        `</head><body><p>A page for imports and saves: ${path}. It is short and answers slowly on purpose.</p></body></html>`
      setTimeout(() => {
        res.writeHead(path.startsWith("/page/") ? 200 : 404, { "content-type": "text/html; charset=utf-8" })
        res.end(body)
      }, delayMs)
    })
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      resolve({
        origin: `http://127.0.0.1:${port}`,
        hits,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })
