/** The MCP face's end-to-end suites, written once and instantiated per storage mode over one shared service. */
import { describe } from "vitest"
import { useService } from "../support/ApiService.js"
import type { Mode } from "../support/Harness.js"
import { generations } from "../support/McpClients.js"
import * as AllowanceSuite from "./AllowanceSuite.js"
import * as EdgeSuite from "./EdgeSuite.js"
import * as ToolsSuite from "./ToolsSuite.js"

export const describeMcp = (mode: Mode) =>
  describe(`MCP at /mcp (${mode})`, () => {
    const context = useService(mode)
    for (const generation of generations) {
      describe(`tools (${generation})`, () => ToolsSuite.register(context, generation))
      describe(`allowance (${generation})`, () => AllowanceSuite.register(context, generation))
    }
    describe("HTTP edge", () => EdgeSuite.register(context))
  })
