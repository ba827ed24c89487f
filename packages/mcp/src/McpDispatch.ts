/**
 * The MCP SDK's side of `/mcp`: one stateless handler per process, serving the 2026-07-28 revision and the 2025
 * ones from one server definition. The SDK asks the factory for a fresh server instance per request (an instance
 * serves one exchange); the caller rides along with the request as its `authInfo`, so nothing is built per
 * caller. McpEndpoint loads this module on the first `/mcp` request, so a server nobody asks over MCP does not
 * carry the SDK (about 25 MB).
 */
import type { Principal } from "@bookmark-library/domain"
import { type AuthInfo, createMcpHandler, type McpRequestContext } from "@modelcontextprotocol/server"
import type { Context } from "effect"
import * as BookmarksServer from "./BookmarksServer.js"
import type { Services } from "./Tool.js"

export interface Exchange {
  readonly request: Request
  readonly principal: Principal
  /** The token as presented (the SDK's `AuthInfo` needs one; nothing reads it). */
  readonly token: string
  /** The body, already read and parsed by the endpoint (undefined when it was not JSON). */
  readonly parsed: unknown
}

export interface Options {
  readonly maxBodyBytes: number
  /** Messages the SDK refused or failed on, for the endpoint to log. */
  readonly onerror: (error: Error) => void
}

const principalKey = "bookmarks.principal"

const authInfoOf = (exchange: Exchange): AuthInfo => ({
  token: exchange.token,
  clientId: exchange.principal.key.id,
  scopes: [...exchange.principal.key.scopes],
  extra: { [principalKey]: exchange.principal }
})

/** The caller the endpoint authenticated; the SDK hands back what `dispatch` gave it, unchanged. */
const principalOf = (context: McpRequestContext): Principal => {
  const principal = context.authInfo?.extra?.[principalKey]
  if (principal === undefined) throw new Error("MCP request without the caller the endpoint authenticated")
  return principal as Principal
}

/** The handler, made once: `dispatch` serves one request with it. */
export const make = (services: Context.Context<Services>, options: Options) => {
  const handler = createMcpHandler((context) => BookmarksServer.make(services, principalOf(context)), {
    legacy: "stateless",
    maxRequestBodySize: options.maxBodyBytes,
    onerror: options.onerror
  })
  const dispatch = (exchange: Exchange): Promise<Response> =>
    handler.fetch(exchange.request, {
      authInfo: authInfoOf(exchange),
      ...(exchange.parsed === undefined ? {} : { parsedBody: exchange.parsed })
    })
  return { dispatch, close: handler.close }
}
