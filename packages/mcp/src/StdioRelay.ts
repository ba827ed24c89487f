/**
 * The relay behind `bookmarks mcp` (StdioBridge): JSON-RPC from stdin to the service's `/mcp` and back, with the
 * MCP SDK's own transports on both sides. Loaded only when the command runs.
 */
import {
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  SdkHttpError,
  StreamableHTTPClientTransport
} from "@modelcontextprotocol/client"
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio"
import { Effect, Redacted } from "effect"
import type { Options } from "./StdioBridge.js"

/** `/mcp` of the service, unless the URL names a path already. */
export const endpoint = (url: string): URL => {
  const parsed = new URL(url)
  return parsed.pathname === "/" || parsed.pathname === "" ? new URL("/mcp", parsed) : parsed
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The server's JSON-RPC error when its HTTP answer carried one (a 429 names the window and the wait). */
const serverError = (error: SdkHttpError): Record<string, unknown> | undefined => {
  const text = error.data["text"]
  if (typeof text !== "string") return undefined
  try {
    const body: unknown = JSON.parse(text)
    return isRecord(body) && isRecord(body["error"]) ? body["error"] : undefined
  } catch {
    return undefined
  }
}

const describe = (error: unknown): { readonly code: number; readonly message: string; readonly data?: unknown } => {
  if (error instanceof SdkHttpError) {
    const fromServer = serverError(error)
    const said = typeof fromServer?.["message"] === "string" ? fromServer["message"] : error.message
    return {
      code: typeof fromServer?.["code"] === "number" ? fromServer["code"] : -32000,
      message: error.status === 401 ? `The server refused the API key (HTTP 401): ${said}` : said,
      ...(fromServer?.["data"] === undefined ? {} : { data: fromServer["data"] })
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return /unauthori[sz]ed/i.test(message)
    ? { code: -32000, message: "The server refused the API key (HTTP 401): check --key or BOOKMARKS_API_KEY" }
    : { code: -32000, message: `The bookmark service could not be reached: ${message}` }
}

/** The answer to a request the server did not answer, so the local client never waits forever. */
const failed = (id: string | number, error: unknown): JSONRPCMessage => ({ jsonrpc: "2.0", id, error: describe(error) })

/** Relays until the local side closes stdin; interrupting it closes both sides. */
export const run = (options: Options): Effect.Effect<void> =>
  Effect.flatMap(Effect.context<never>(), (context) => relay(options, Effect.runForkWith(context)))

const relay = (options: Options, fork: (effect: Effect.Effect<void>) => unknown) =>
  Effect.callback<void>((resume) => {
    const remote = new StreamableHTTPClientTransport(endpoint(options.url), {
      requestInit: { headers: { authorization: `Bearer ${Redacted.value(options.key)}` } }
    })
    const local = new StdioServerTransport(options.stdin, options.stdout)
    const handshakes = new Set<string | number>()
    let closed = false
    const close = async () => {
      if (closed) return
      closed = true
      await Promise.allSettled([remote.close(), local.close()])
    }

    local.onmessage = (message) => {
      if (isJSONRPCRequest(message) && message.method === "initialize") handshakes.add(message.id)
      remote.send(message).catch((error: unknown) => {
        if (isJSONRPCRequest(message)) void local.send(failed(message.id, error))
      })
    }
    remote.onmessage = (message) => {
      // The 2025 revisions name the negotiated version in a header on every later request.
      if (isJSONRPCResultResponse(message) && handshakes.delete(message.id)) {
        const version = message.result["protocolVersion"]
        if (typeof version === "string") remote.setProtocolVersion(version)
      }
      void local.send(message)
    }
    local.onclose = () => void close().then(() => resume(Effect.void))
    // Errors of the relay itself (a stream that failed to open, a line that is not JSON-RPC). The command logs
    // to stderr: stdout carries the protocol.
    remote.onerror = (error) => void fork(Effect.logWarning("MCP relay: the server side failed", error.message))
    local.onerror = (error) => void fork(Effect.logWarning("MCP relay: the local side failed", error.message))

    void remote.start().then(() => local.start())
    return Effect.promise(close)
  })
