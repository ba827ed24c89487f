/** Every tool, in the order `tools/list` shows them. None edits or deletes: the API writes only at creation. */
import type { AnyTool } from "../Tool.js"
import * as GetBookmarkContentTool from "./GetBookmarkContentTool.js"
import * as GetBookmarkTool from "./GetBookmarkTool.js"
import * as GetUsageTool from "./GetUsageTool.js"
import * as ListTagsTool from "./ListTagsTool.js"
import * as SaveBookmarkTool from "./SaveBookmarkTool.js"
import * as SearchBookmarksTool from "./SearchBookmarksTool.js"

export const all: ReadonlyArray<AnyTool> = [
  SaveBookmarkTool.tool,
  SearchBookmarksTool.tool,
  GetBookmarkTool.tool,
  GetBookmarkContentTool.tool,
  ListTagsTool.tool,
  GetUsageTool.tool
]
