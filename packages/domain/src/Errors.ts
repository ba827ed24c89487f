/** Domain errors. They carry no HTTP status; the HTTP layer maps them. */
import { Schema } from "effect"

/**
 * An input broke a rule; `field` names it and `reason` says why. `code` is `invalid_text` when the value is not
 * text the service accepts (Text.ts); otherwise the rule is any other (`invalid_input`).
 */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  field: Schema.String,
  reason: Schema.String,
  code: Schema.optional(Schema.Literal("invalid_text"))
}) {
  override get message() {
    return `${this.field}: ${this.reason}`
  }
}

/** No usable credentials: missing, malformed, unknown or revoked key. */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  reason: Schema.Literal("missing", "malformed", "unknown", "revoked")
}) {
  override get message() {
    return reasonText[this.reason]
  }
}

const reasonText = {
  missing: "Missing bearer token: send 'Authorization: Bearer <API key>'",
  malformed: "The API key is malformed",
  unknown: "The API key is not known",
  revoked: "The API key has been revoked"
} as const

/** The resource exists but belongs to another account. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  resource: Schema.String,
  id: Schema.String
}) {
  override get message() {
    return `This ${this.resource} belongs to another account`
  }
}

/** No resource with that id. */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  resource: Schema.String,
  id: Schema.String
}) {
  override get message() {
    return `No ${this.resource} with id '${this.id.length > 100 ? `${this.id.slice(0, 100)}…` : this.id}'`
  }
}

/** The allowance of a window is used up; `retryAfter` is in seconds. */
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  window: Schema.Literal("minute", "month"),
  limit: Schema.Number,
  resetAt: Schema.Number,
  retryAfter: Schema.Number
}) {
  override get message() {
    return this.window === "minute"
      ? `Per-minute limit of ${this.limit} requests reached; retry in ${this.retryAfter} s`
      : `Monthly allowance of ${this.limit} requests used up; it renews at ${new Date(this.resetAt).toISOString()}`
  }
}

/** Storage could not be reached; the request may be retried. */
export class StorageUnavailable extends Schema.TaggedError<StorageUnavailable>()("StorageUnavailable", {
  reason: Schema.String
}) {
  override get message() {
    return "Storage is temporarily unavailable; retry with backoff"
  }
}

/** Email and password do not match a user (which of the two is wrong is not told). */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()("InvalidCredentials", {}) {
  override get message() {
    return "The email or the password is not right"
  }
}

/** Too many failed sign-ins for this email or from this address; `retryAfter` is in seconds. */
export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()("TooManyAttempts", {
  retryAfter: Schema.Number
}) {
  override get message() {
    return `Too many failed sign-ins; try again in ${Math.ceil(this.retryAfter / 60)} min`
  }
}

/** Accounts cannot be created here: the first one exists already and sign-up is closed. */
export class SignUpClosed extends Schema.TaggedError<SignUpClosed>()("SignUpClosed", {}) {
  override get message() {
    return "New accounts are created by the operator of this server"
  }
}
