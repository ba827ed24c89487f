/**
 * MCP sessions with the official SDK clients of both generations, behind one small interface: the 1.x
 * `@modelcontextprotocol/sdk` Client over Streamable HTTP (protocol 2025-11-25, initialize handshake) and the
 * 2.x `@modelcontextprotocol/client` pinned to the 2026-07-28 revision (server/discover, per-request `_meta`).
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from "@modelcontextprotocol/client"
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport as HttpTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js"

export type Generation = "sdk 1.x, 2025-11-25" | "client 2.x, 2026-07-28"
export const generations: ReadonlyArray<Generation> = ["sdk 1.x, 2025-11-25", "client 2.x, 2026-07-28"]

export interface ListedTool {
  readonly name: string
  readonly title?: string | undefined
  readonly description?: string | undefined
  readonly inputSchema: Record<string, unknown>
  readonly outputSchema?: Record<string, unknown> | undefined
  readonly annotations?: Record<string, unknown> | undefined
}

export interface ToolAnswer {
  readonly content: ReadonlyArray<Record<string, unknown>>
  readonly structuredContent?: Record<string, unknown> | undefined
  readonly isError?: boolean | undefined
}

export interface Session {
  readonly generation: Generation
  readonly protocolVersion: string | undefined
  readonly capabilities: Record<string, unknown> | undefined
  readonly listTools: () => Promise<ReadonlyArray<ListedTool>>
  readonly call: (name: string, args?: Record<string, unknown>) => Promise<ToolAnswer>
  readonly readResource: (uri: string) => Promise<ReadonlyArray<Record<string, unknown>>>
  readonly listResourceTemplates: () => Promise<ReadonlyArray<Record<string, unknown>>>
  /** The 2025 revisions' ping; the 2026-07-28 revision has none (its client refuses to send one). */
  readonly ping?: () => Promise<void>
  readonly close: () => Promise<void>
}

export interface ConnectOptions {
  readonly key?: string
  readonly headers?: Record<string, string>
}

const requestInit = (options: ConnectOptions) => ({
  headers: { ...(options.key === undefined ? {} : { authorization: `Bearer ${options.key}` }), ...options.headers }
})

const answer = (result: unknown): ToolAnswer => result as ToolAnswer

const v1 = async (url: URL, options: ConnectOptions): Promise<Session> => {
  const client = new ClientV1({ name: "bookmarks-test", version: "1.0.0" })
  const transport = new HttpTransportV1(url, { requestInit: requestInit(options) })
  await client.connect(transport)
  return {
    generation: "sdk 1.x, 2025-11-25",
    protocolVersion: transport.protocolVersion,
    capabilities: client.getServerCapabilities(),
    listTools: async () => (await client.listTools()).tools,
    call: async (name, args = {}) => answer(await client.callTool({ name, arguments: args })),
    readResource: async (uri) => (await client.readResource({ uri })).contents,
    listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates,
    ping: async () => void await client.ping(),
    close: () => client.close()
  }
}

const v2 = async (url: URL, options: ConnectOptions): Promise<Session> => {
  const client = new ClientV2(
    { name: "bookmarks-test", version: "2.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } }
  )
  await client.connect(new HttpTransportV2(url, { requestInit: requestInit(options) }))
  return {
    generation: "client 2.x, 2026-07-28",
    protocolVersion: client.getNegotiatedProtocolVersion(),
    capabilities: client.getServerCapabilities(),
    listTools: async () => (await client.listTools()).tools,
    call: async (name, args = {}) => answer(await client.callTool({ name, arguments: args })),
    readResource: async (uri) => (await client.readResource({ uri })).contents,
    listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates,
    close: () => client.close()
  }
}

/** A connected session to `<baseUrl>/mcp`. */
export const connect = (generation: Generation, baseUrl: string, options: ConnectOptions = {}): Promise<Session> =>
  (generation === "sdk 1.x, 2025-11-25" ? v1 : v2)(new URL("/mcp", baseUrl), options)

/** Runs `f` with a session and closes it afterwards. */
export const withSession = async <A>(
  generation: Generation,
  baseUrl: string,
  options: ConnectOptions,
  f: (session: Session) => Promise<A>
): Promise<A> => {
  const session = await connect(generation, baseUrl, options)
  try {
    return await f(session)
  } finally {
    await session.close()
  }
}

/** The text of a tool answer's first text block. */
export const textOf = (result: ToolAnswer): string => {
  const block = result.content.find((c) => c["type"] === "text")
  return typeof block?.["text"] === "string" ? block["text"] : ""
}

/** A raw JSON-RPC POST to `/mcp`, as a client without an SDK (or a browser page) would send it. */
export const post = (baseUrl: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL("/mcp", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body)
  })
