/** Where the APIs live: the public API under its versioned base `/v1/api`, the operator's API apart. */
import { Ids } from "@bookmark-library/domain"
import { Schema } from "effect"

export const publicBase = "/v1/api"
export const adminBase = "/admin"
export const openApiPath = `${publicBase}/openapi.json` as const
export const docsPath = `${publicBase}/docs` as const
export const adminOpenApiPath = `${adminBase}/openapi.json` as const

/**
 * What an id looks like, for the OpenAPI document only: the check accepts every string, because an id that cannot
 * exist (Ids.isWellFormed) is answered 404 by the use case, like an unknown one, not 400.
 */
const idShape = Schema.makeFilter<string>(() => true, {
  toJsonSchema: () => ({ minLength: 1, maxLength: Ids.maxIdLength, pattern: "^[A-Za-z0-9_-]+$" })
})

/** The `:id` segment of a resource path. Any string decodes (see `idShape`). */
export const IdPath = Schema.Struct({
  id: Schema.String.check(idShape).annotate({
    description: "The resource's id. Ids are ASCII letters, digits, `_` and `-`; any other value answers 404."
  })
})

/** `:id` and `:deliveryId` of a delivery of a webhook; an impossible id answers 404, as in `IdPath`. */
export const DeliveryPath = Schema.Struct({
  id: IdPath.fields.id,
  deliveryId: IdPath.fields.id.annotate({
    description: "The delivery's id (`deliveryId` of an attempt); any other value answers 404."
  })
})
