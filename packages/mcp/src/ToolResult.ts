/** What a tool answers: structured content with its JSON as text, or an error result with a one-line reason. */
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/server"

/** A success: `structuredContent` for clients that read it, the same JSON as text for those that do not. */
export const success = (structured: object, more: ReadonlyArray<ContentBlock> = []): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(structured) }, ...more],
  structuredContent: { ...structured }
})

/** A failure the assistant can read and act on; never a stack or an internal detail. */
export const failure = (reason: string): CallToolResult => ({
  content: [{ type: "text", text: reason.replace(/\s+/g, " ").trim() }],
  isError: true
})
