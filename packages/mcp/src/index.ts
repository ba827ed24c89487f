/**
 * The MCP face: the Streamable HTTP endpoint at `/mcp` over the domain's use cases, and the stdio bridge. The MCP
 * SDK itself loads on first use (McpDispatch, StdioRelay).
 */
export * as McpEndpoint from "./McpEndpoint.js"
export * as McpMount from "./McpMount.js"
export * as OriginPolicy from "./OriginPolicy.js"
export * as StdioBridge from "./StdioBridge.js"
export * as Tool from "./Tool.js"
export * as Tools from "./tools/index.js"
export * as ToolSchema from "./ToolSchema.js"
