/** Errors that exist only at the HTTP edge: body format and size, the admin token, unexpected failures. */
import { Schema } from "effect"

/** The request body is larger than the limit (bytes). */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()("PayloadTooLarge", {
  limit: Schema.Number
}) {
  override get message() {
    return `The request body exceeds the limit of ${this.limit} bytes`
  }
}

/** The request body is not JSON. */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()("UnsupportedMediaType", {
  contentType: Schema.String
}) {
  override get message() {
    return `Request bodies must be JSON (Content-Type: application/json), not '${this.contentType.slice(0, 100)}'`
  }
}

/** The request body claims to be JSON but does not parse (or is only whitespace, which is no JSON value). */
export class MalformedJson extends Schema.TaggedError<MalformedJson>()("MalformedJson", {
  blank: Schema.optional(Schema.Boolean)
}) {
  override get message() {
    return this.blank === true
      ? "The request body is only whitespace, which is not JSON: send a JSON object, or no body at all"
      : "The request body is not valid JSON"
  }
}

/** The request body nests arrays and objects deeper than the limit; no payload of this API needs more than 3. */
export class JsonTooDeep extends Schema.TaggedError<JsonTooDeep>()("JsonTooDeep", {
  limit: Schema.Number
}) {
  override get message() {
    return `The request body nests arrays and objects more than ${this.limit} levels deep`
  }
}

/** The admin API was called without the operator's token, or with a wrong one. */
export class InvalidAdminToken extends Schema.TaggedError<InvalidAdminToken>()("InvalidAdminToken", {}) {
  override get message() {
    return "Missing or invalid admin token: send 'Authorization: Bearer <ADMIN_TOKEN>'"
  }
}

/** A defect: the cause is logged, never sent. */
export class InternalError extends Schema.TaggedError<InternalError>()("InternalError", {}) {
  override get message() {
    return "An unexpected error occurred; it has been logged. Retry with backoff"
  }
}
