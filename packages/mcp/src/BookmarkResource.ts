/**
 * The `bookmark://{id}` resource: one bookmark of the caller's account as JSON. Unknown ids are "resource not
 * found"; another account's id and other failures are protocol errors with the same one-line reasons as tools.
 */
import { getBookmark, type Principal, Text } from "@bookmark-library/domain"
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  ResourceNotFoundError,
  ResourceTemplate
} from "@modelcontextprotocol/server"
import { Cause, type Context, Effect, Exit, Option, Result } from "effect"
import * as BookmarkUri from "./BookmarkUri.js"
import type { Services } from "./Tool.js"
import { internalReason } from "./ToolRunner.js"

const read = (services: Context.Context<Services>, principal: Principal, uri: URL, id: string) =>
  Effect.runPromiseExitWith(services)(getBookmark(principal.account.id, id)).then(
    async (exit): Promise<ReadResourceResult> => {
      if (Exit.isSuccess(exit)) {
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(exit.value) }] }
      }
      const failure = Cause.findErrorOption(exit.cause)
      if (Option.isNone(failure)) {
        await Effect.runPromiseWith(services)(Effect.logError("MCP resource read failed", exit.cause))
        throw new ProtocolError(ProtocolErrorCode.InternalError, internalReason)
      }
      const error = failure.value
      if (error._tag === "NotFound") throw new ResourceNotFoundError(uri.href, error.message)
      throw new ProtocolError(
        error._tag === "StorageUnavailable" ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams,
        error.message
      )
    }
  )

/** The id in the address, decoded and held to the text rule like any string we accept. */
const idOf = (uri: URL, raw: unknown): string => {
  const text = typeof raw === "string" ? raw : ""
  const decoded = Result.getOrElse(Result.try(() => decodeURIComponent(text)), () => text)
  const checked = Text.check("id", decoded)
  if (Result.isFailure(checked)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, checked.failure.message)
  if (decoded === "") throw new ResourceNotFoundError(uri.href, "The address names no bookmark id")
  return decoded
}

export const register = (server: McpServer, services: Context.Context<Services>, principal: Principal) =>
  server.registerResource(
    "bookmark",
    // No listing: `search_bookmarks` pages through the library and links each row here.
    new ResourceTemplate(BookmarkUri.template, { list: undefined }),
    {
      title: "Bookmark",
      description: "One saved bookmark as JSON, as get_bookmark answers it.",
      mimeType: "application/json"
    },
    (uri, variables) => read(services, principal, uri, idOf(uri, variables["id"]))
  )
