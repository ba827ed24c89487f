/**
 * The MCP face as a mount of the service's HTTP server: it claims `/mcp` and carries every service it needs.
 * Shaped like `Mounts.Mount` of packages/http, which this package does not import (faces do not depend on
 * each other); the composition root puts it in the list.
 */
import { Effect } from "effect"
import * as McpEndpoint from "./McpEndpoint.js"

export const path = "/mcp"

export interface Mount {
  readonly name: string
  readonly claims: (pathname: string) => boolean
  readonly app: McpEndpoint.App
}

export const make = (options: McpEndpoint.Options) =>
  Effect.map(McpEndpoint.make(options), (app): Mount => ({ name: "mcp", claims: (pathname) => pathname === path, app }))
