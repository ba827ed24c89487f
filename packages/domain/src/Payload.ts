/**
 * How every payload schema reads a body: an unknown member is refused (400 naming it) rather than silently
 * dropped, so a caller who sends `title` learns that it cannot be written, and the OpenAPI document's
 * `additionalProperties: false` is what the server does (docs/decisions.md, "Unknown body fields").
 */
import type { SchemaAST } from "effect"

/**
 * The parse options a payload is decoded with. Effect 4 schemas carry no parse options of their own: whoever
 * decodes a body passes these (the HTTP layer sets them for every payload).
 */
export const parseOptions: SchemaAST.ParseOptions = { onExcessProperty: "error" }

/**
 * Spread into a payload schema's annotations: records there that the payload is read with `parseOptions`, and
 * words the refusal of an unknown member as Effect 3 did ("is unexpected").
 */
export const strict = { parseOptions, messageUnexpectedKey: "is unexpected" } as const
