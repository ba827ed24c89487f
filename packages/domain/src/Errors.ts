/** Domain errors. They carry no HTTP status; the HTTP layer maps them. */
import { Schema } from "effect"

/**
 * An input broke a rule; `field` names it and `reason` says why. `code` is `invalid_text` when the value is not
 * text the service accepts (Text.ts), `invalid_query` when a search query cannot be read (then `offset` says where,
 * docs/search.md); otherwise the rule is any other (`invalid_input`).
 */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  field: Schema.String,
  reason: Schema.String,
  code: Schema.optional(Schema.Literals(["invalid_text", "invalid_query"])),
  offset: Schema.optional(Schema.Int)
}) {
  override get message() {
    return `${this.field}: ${this.reason}`
  }
}

/** No usable credentials: missing, malformed, unknown or revoked key, or an expired OAuth access token. */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  reason: Schema.Literals(["missing", "malformed", "unknown", "revoked", "expired"])
}) {
  override get message() {
    return reasonText[this.reason]
  }
}

const reasonText = {
  missing: "Missing bearer token: send 'Authorization: Bearer <API key>'",
  malformed: "The API key is malformed",
  unknown: "The API key is not known",
  revoked: "The API key has been revoked",
  expired: "The access token has expired: refresh it or authorize again"
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

/** The key or token is valid but its scopes do not include the one this request needs (docs/oauth.md, "Scopes"). */
export class InsufficientScope extends Schema.TaggedError<InsufficientScope>()("InsufficientScope", {
  required: Schema.String
}) {
  override get message() {
    return `This key or token does not have the '${this.required}' scope this request needs`
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
  window: Schema.Literals(["minute", "month"]),
  limit: Schema.Finite,
  resetAt: Schema.Finite,
  retryAfter: Schema.Finite
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
  retryAfter: Schema.Finite
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

/** An OAuth request refused (docs/oauth.md): `error` is the RFC 6749 code a client reads, `description` says why. */
export class OAuthRefused extends Schema.TaggedError<OAuthRefused>()("OAuthRefused", {
  error: Schema.String,
  description: Schema.String
}) {
  override get message() {
    return this.description
  }
}

/**
 * A sign-in through the team's OpenID Connect provider refused (docs/people.md, "Sign in with your provider (OIDC)"):
 * `reason` says which rule, `description` is the sentence the sign-in page shows.
 */
export class ProviderSignInRefused extends Schema.TaggedError<ProviderSignInRefused>()("ProviderSignInRefused", {
  reason: Schema.Literals(["provider", "unreachable", "unverifiedEmail", "noEmail", "noAccount", "linkedElsewhere"]),
  description: Schema.String
}) {
  override get message() {
    return this.description
  }
}
