/**
 * Every tool, in the order `tools/list` shows them. None edits or deletes what the API saved (it writes only at
 * creation); `add_to_list` files bookmarks in a list (docs/lists.md) and `set_bookmark_state` sets the person's own
 * states, as the web app does.
 */
import type { AnyTool } from "../Tool.js"
import * as AddToListTool from "./AddToListTool.js"
import * as GetBookmarkContentTool from "./GetBookmarkContentTool.js"
import * as GetBookmarkTool from "./GetBookmarkTool.js"
import * as GetUsageTool from "./GetUsageTool.js"
import * as ListHighlightsTool from "./ListHighlightsTool.js"
import * as ListListsTool from "./ListListsTool.js"
import * as ListTagsTool from "./ListTagsTool.js"
import * as SaveBookmarkTool from "./SaveBookmarkTool.js"
import * as SearchBookmarksTool from "./SearchBookmarksTool.js"
import * as SetBookmarkStateTool from "./SetBookmarkStateTool.js"

export const all: ReadonlyArray<AnyTool> = [
  SaveBookmarkTool.tool,
  SearchBookmarksTool.tool,
  GetBookmarkTool.tool,
  GetBookmarkContentTool.tool,
  ListTagsTool.tool,
  GetUsageTool.tool,
  ListListsTool.tool,
  ListHighlightsTool.tool,
  AddToListTool.tool,
  SetBookmarkStateTool.tool
]
