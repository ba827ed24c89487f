/** The MCP face on the embedded default: PGlite and SQL counters in one process. */
import { describeMcp } from "./McpFace.js"

describeMcp("embedded")
