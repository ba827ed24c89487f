/** The MCP face: the Streamable HTTP endpoint at `/mcp` over the domain's use cases, and the stdio bridge. */
export * as BookmarksServer from "./BookmarksServer.js"
export * as McpEndpoint from "./McpEndpoint.js"
export * as McpMount from "./McpMount.js"
export * as StdioBridge from "./StdioBridge.js"
export * as OriginPolicy from "./OriginPolicy.js"
export * as Tool from "./Tool.js"
export * as ToolSchema from "./ToolSchema.js"
export * as Tools from "./tools/index.js"
