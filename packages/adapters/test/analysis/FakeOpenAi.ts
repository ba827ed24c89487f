/** A loopback stand-in for an OpenAI-compatible `/chat/completions` endpoint, scripted per test. */
import { Effect } from "effect"
import { createServer, type IncomingHttpHeaders } from "node:http"

export interface Received {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** What the server answers: a status and a raw body, or `"hang"` to never answer. */
export type Reply = { readonly status: number; readonly body: string } | "hang"

export interface FakeOpenAi {
  readonly baseUrl: string
  readonly received: ReadonlyArray<Received>
  /** Resolves when the first request has arrived. */
  readonly firstRequest: Promise<void>
}

/** A chat completion whose message content is `content`. */
export const completion = (content: string): Reply => ({
  status: 200,
  body: JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content } }]
  })
})

export const start = (reply: (request: Received) => Reply) =>
  Effect.acquireRelease(
    Effect.callback<{ server: ReturnType<typeof createServer>; fake: FakeOpenAi }>((resume) => {
      const received: Array<Received> = []
      let arrived: () => void = () => {}
      const firstRequest = new Promise<void>((resolve) => {
        arrived = resolve
      })
      const server = createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (chunk: Buffer) => chunks.push(chunk))
        req.on("end", () => {
          const request: Received = {
            method: req.method ?? "",
            path: req.url ?? "",
            headers: req.headers,
            body: Buffer.concat(chunks).toString("utf8")
          }
          received.push(request)
          arrived()
          const answer = reply(request)
          if (answer === "hang") return
          res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body)
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({ server, fake: { baseUrl: `http://127.0.0.1:${port}/v1`, received, firstRequest } }))
      })
    }),
    ({ server }) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ fake }) => fake))
