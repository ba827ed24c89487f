/**
 * The MCP server of one request, for one caller: every tool and the bookmark resource over the domain's use
 * cases. The process's one handler (McpDispatch) asks for an instance per HTTP request (an instance serves one
 * exchange), with the caller the endpoint authenticated, so the caller is fixed when it is made.
 */
import { type Principal, Scope } from "@bookmark-library/domain"
import { McpServer } from "@modelcontextprotocol/server"
import type { Context } from "effect"
import * as BookmarkResource from "./BookmarkResource.js"
import type { AnyTool, Services } from "./Tool.js"
import * as ToolRunner from "./ToolRunner.js"
import * as Tools from "./tools/index.js"
import * as ToolSchema from "./ToolSchema.js"

export const info = { name: "bookmarks", title: "Bookmark library", version: "0.1.0" }

const instructions = "A personal bookmark library. Save pages with save_bookmark, find them with " +
  "search_bookmarks and list_tags, read one with get_bookmark and its page text with get_bookmark_content. " +
  "Every tool call and resource read counts as one request against the account's allowance (get_usage)."

/** Tool schemas are built once: the SDK converts them to JSON Schema on every `tools/list`. */
const schemas = new Map(Tools.all.map((tool) => [tool.name, {
  input: ToolSchema.make(tool.input),
  output: ToolSchema.make(tool.output)
}]))

const register = (server: McpServer, services: Context.Context<Services>, principal: Principal, tool: AnyTool) => {
  const schema = schemas.get(tool.name)
  if (schema === undefined) return
  server.registerTool(tool.name, {
    title: tool.title,
    description: tool.description,
    inputSchema: schema.input,
    outputSchema: schema.output,
    annotations: tool.annotations
  }, (input) => ToolRunner.run(services, tool, principal, input))
}

export const make = (services: Context.Context<Services>, principal: Principal): McpServer => {
  // Truthful capabilities: the tools and the resource template never change, so there is nothing to listen for.
  const server = new McpServer(info, {
    instructions,
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }
  })
  // Only what the key or token may do is listed (docs/oauth.md, "Scopes"); the edge refuses the rest with a 403.
  for (const tool of Tools.all) {
    if (Scope.allows(principal.key.scopes, tool.scope)) register(server, services, principal, tool)
  }
  if (Scope.allows(principal.key.scopes, "bookmarks:read")) BookmarkResource.register(server, services, principal)
  return server
}
