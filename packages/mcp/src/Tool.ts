/** A tool of the MCP face: its contract (name, schemas, annotations for the assistant) and the use case behind it. */
import type {
  Accounts,
  AllowanceCounter,
  AssetUsage,
  Bookmarks,
  Errors,
  Highlights,
  IdGenerator,
  Jobs,
  Links,
  Lists,
  Principal,
  Scope,
  Settings,
  Transactor
} from "@bookmark-library/domain"
import type { ContentBlock, ToolAnnotations } from "@modelcontextprotocol/server"
import type { Effect, Schema } from "effect"

/** What the tools' use cases need: the domain's ports and settings, provided by the composition root. */
export type Services =
  | Accounts
  | AllowanceCounter
  | AssetUsage
  | Bookmarks
  | Highlights
  | IdGenerator
  | Jobs
  | Links.Links
  | Lists
  | Settings.Settings
  | Transactor

/** The failures a tool reports to the assistant as an error result. */
export type Failure = Errors.InvalidInput | Errors.NotFound | Errors.Forbidden | Errors.StorageUnavailable

export interface Tool<A, I, O, OI> {
  readonly name: string
  /** The scope a key or token needs to see and call it (docs/oauth.md, "Scopes"). */
  readonly scope: Scope.Scope
  readonly title: string
  readonly description: string
  readonly input: Schema.Codec<A, I>
  readonly output: Schema.Codec<O, OI>
  /** Set truthfully: clients decide on them whether to ask the user first. */
  readonly annotations: ToolAnnotations
  readonly run: (principal: Principal, input: A) => Effect.Effect<O, Failure, Services>
  /** Content besides the JSON text, e.g. links to resources. */
  readonly links?: (output: O) => ReadonlyArray<ContentBlock>
}

/** Any tool, for lists of them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any, any, any>

export const make = <A, I, O, OI>(tool: Tool<A, I, O, OI>): Tool<A, I, O, OI> => tool
