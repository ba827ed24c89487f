/**
 * Raw HTTP for the fuzz test: node:http sends the method, path, headers and body bytes exactly as given (fetch
 * would add a content type, normalise the path and refuse some bytes), over one kept-alive connection. Also the
 * loopback endpoint that fuzzed webhooks point at.
 */
import { Agent, createServer, request as httpRequest } from "node:http"
import type { AddressInfo } from "node:net"

export interface Sent {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | Array<string> | undefined>>
  readonly text: string
  /** The parsed body when it is JSON, else undefined. */
  readonly json: unknown
}

export const client = (baseUrl: string) => {
  const url = new URL(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const send = (sent: Sent): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...sent.headers }
      if (sent.body !== undefined) headers["content-length"] = String(Buffer.byteLength(sent.body))
      const req = httpRequest(
        { agent, host: url.hostname, port: url.port, method: sent.method, path: sent.path, headers },
        (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8")
            let json: unknown = undefined
            if ((response.headers["content-type"] ?? "").includes("json")) {
              try {
                json = JSON.parse(text)
              } catch {
                json = undefined
              }
            }
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json })
          })
          response.on("error", reject)
        }
      )
      req.on("error", reject)
      req.end(sent.body)
    })
  return { send, close: () => agent.destroy() }
}

export interface Receiver {
  readonly origin: string
  readonly host: string
  readonly close: () => Promise<void>
}

/** Answers 204 to anything: the webhook test endpoint's deliveries land here. */
export const receiver = async (): Promise<Receiver> => {
  const server = createServer((request, response) => {
    request.resume()
    request.on("end", () => response.writeHead(204).end())
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
