/**
 * How every payload schema reads a body: an unknown member is refused (400 naming it) rather than silently
 * dropped, so a caller who sends `title` learns that it cannot be written, and the OpenAPI document's
 * `additionalProperties: false` is what the server does (docs/decisions.md, "Unknown body fields").
 */
export const strict = { parseOptions: { onExcessProperty: "error" } } as const
