/** Where the APIs live: the public API under its versioned base `/v1/api`, the operator's API apart. */
import { Schema } from "effect"

export const publicBase = "/v1/api"
export const adminBase = "/admin"
export const openApiPath = `${publicBase}/openapi.json` as const
export const docsPath = `${publicBase}/docs` as const

/** The `:id` segment of a resource path; ids are opaque strings, checked by the use case. */
export const IdPath = Schema.Struct({ id: Schema.String })
