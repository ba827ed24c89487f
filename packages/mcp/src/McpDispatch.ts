/**
 * The MCP SDK's side of `/mcp`: one stateless handler per request, serving the 2026-07-28 revision and the
 * 2025 ones from one server definition made for the caller. McpEndpoint loads this module on the first `/mcp`
 * request, so a server nobody asks over MCP does not carry the SDK (about 25 MB).
 */
import type { Principal } from "@bookmark-library/domain"
import { createMcpHandler } from "@modelcontextprotocol/server"
import type { Context } from "effect"
import * as BookmarksServer from "./BookmarksServer.js"
import type { Services } from "./Tool.js"

export interface Exchange {
  readonly request: Request
  /** The body, already read and parsed by the endpoint (undefined when it was not JSON). */
  readonly parsed: unknown
  readonly maxBodyBytes: number
  /** Messages the SDK refused or failed on, for the endpoint to log. */
  readonly onerror: (error: Error) => void
}

export const dispatch = (
  services: Context.Context<Services>,
  principal: Principal,
  exchange: Exchange
): Promise<Response> =>
  createMcpHandler(() => BookmarksServer.make(services, principal), {
    legacy: "stateless",
    maxRequestBodySize: exchange.maxBodyBytes,
    onerror: exchange.onerror
  }).fetch(exchange.request, exchange.parsed === undefined ? {} : { parsedBody: exchange.parsed })
