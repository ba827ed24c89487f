/**
 * Runs a tool's use case on the service's runtime and turns the outcome into a tool result: a domain failure
 * becomes an error result with its one-line message; a defect is logged and answered with a generic reason.
 */
import type { Principal } from "@bookmark-library/domain"
import type { CallToolResult } from "@modelcontextprotocol/server"
import { Cause, type Context, Effect, Exit, Option, Schema } from "effect"
import type { AnyTool, Services } from "./Tool.js"
import * as ToolResult from "./ToolResult.js"

export const internalReason = "Internal error while running the tool; the server logged the cause"

const outcome = (tool: AnyTool, principal: Principal, input: unknown) =>
  Effect.gen(function*() {
    const output = yield* tool.run(principal, input)
    // The views are plain JSON already; encoding is what keeps `structuredContent` equal to the schema's wire form.
    const encoded = yield* Effect.orDie(Schema.encodeEffect(tool.output)(output))
    return ToolResult.success(encoded, tool.links?.(output) ?? [])
  })

export const run = (services: Context.Context<Services>, tool: AnyTool, principal: Principal, input: unknown) =>
  Effect.runPromiseExitWith(services)(outcome(tool, principal, input)).then((
    exit
  ): Promise<CallToolResult> | CallToolResult =>
    Exit.match(exit, {
      onSuccess: (result) => result,
      onFailure: (cause) => {
        const failure = Cause.findErrorOption(cause)
        if (Option.isSome(failure)) return ToolResult.failure(failure.value.message)
        return Effect.runPromiseWith(services)(
          Effect.logError("MCP tool failed", cause).pipe(Effect.annotateLogs({ tool: tool.name }))
        ).then(() => ToolResult.failure(internalReason))
      }
    })
  )
