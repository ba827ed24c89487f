/**
 * Undecodable input (path, query or body) is answered like any other invalid input: a 400 naming the field,
 * `invalid_text` when a value breaks the text rule (Text.ts). Every part of the answer is bounded: a field path
 * or message built from a hostile request is cut, never echoed whole. A response that cannot be encoded stays a
 * defect (500).
 */
import { Errors, Text } from "@bookmark-library/domain"
import { Effect, Formatter, SchemaAST, SchemaIssue } from "effect"
import type { HttpApiSchemaError } from "effect/http-api/HttpApiError"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import { CommonErrors } from "../api/CommonErrors.js"

/** Messages quote the offending value; a long one is cut so the answer stays small. */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text)

/**
 * One failure at one place of the input: where, what happened there, and the message to show. `Alternatives`: the
 * value is none of a union's members (`tags`: a list or a string; `plan`: free, plus or ultra).
 */
interface Leaf {
  readonly path: ReadonlyArray<PropertyKey>
  readonly tag: SchemaIssue.Leaf["_tag"] | "Alternatives"
  readonly message: string
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** The members an object accepts, as Effect 3 listed them: `"url" | "tags" | "note"`. */
const expectedKeys = (ast: SchemaAST.AST) =>
  SchemaAST.isObjects(ast) && ast.propertySignatures.length > 0
    ? `, expected: ${ast.propertySignatures.map((property) => JSON.stringify(String(property.name))).join(" | ")}`
    : ""

/**
 * The message Effect gives a leaf, in the words the API has always used (Effect 3's): a missing member "is
 * missing", an unknown one "is unexpected" (with the members expected), a value of the wrong type is quoted as
 * "actual".
 */
const messageOf = (issue: SchemaIssue.Issue): string => {
  if (issue._tag === "MissingKey") return issue.annotations?.messageMissingKey ?? "is missing"
  if (issue._tag === "UnexpectedKey") return `is unexpected${expectedKeys(issue.ast)}`
  const message = formatter(issue).issues[0]?.message ?? "is invalid"
  if (issue._tag !== "InvalidType" || !SchemaIssue.hasInput(issue)) return message
  const input = Formatter.format(issue.input)
  const got = `, got ${input}`
  return message.endsWith(got) ? `${message.slice(0, -got.length)}, actual ${input}` : message
}

/** The issue tree as its leaves, each with its path; a filter's own message (the domain's wording) wins. */
const leaves = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>, override?: string): Array<Leaf> => {
  switch (issue._tag) {
    case "Filter": {
      // As Effect's formatter does: the filter's message, else its expectation when the value itself was refused.
      const own = SchemaIssue.defaultCheckHook(issue) ??
        (issue.issue._tag === "InvalidValue" ? formatter(issue).issues[0]?.message : undefined)
      return leaves(issue.issue, path, override ?? own)
    }
    case "Encoding":
      return leaves(issue.issue, path, override)
    case "Pointer":
      return leaves(issue.issue, [...path, ...issue.path], override)
    case "Composite":
      return issue.issues.flatMap((inner) => leaves(inner, path, override))
    case "AnyOf":
      return issue.issues.length > 0
        ? issue.issues.flatMap((inner) => leaves(inner, path, override))
        : [{ path, tag: "Alternatives", message: override ?? messageOf(issue) }]
    default:
      return [{ path, tag: issue._tag, message: override ?? messageOf(issue) }]
  }
}

/** `tags.0`; the whole body when the path is empty (the body itself is not an object). */
const fieldOf = (leaf: Leaf) => (leaf.path.length === 0 ? "body" : clip(leaf.path.map(String).join(".")))

export const toInvalidInput = (error: HttpApiSchemaError): Errors.InvalidInput => {
  const found = leaves(error.cause.issue, [])
  // A text refusal wins: among a union's alternatives it is the one that names what is wrong with the value.
  const text = found.find((leaf) => Text.isReason(leaf.message))
  if (text !== undefined) {
    return new Errors.InvalidInput({ field: fieldOf(text), reason: text.message, code: "invalid_text" })
  }
  const leaf = found[0]
  if (leaf === undefined) return new Errors.InvalidInput({ field: "request", reason: clip(error.message) })
  if (leaf.path.length === 0 && (leaf.tag === "InvalidType" || leaf.tag === "Alternatives")) {
    return new Errors.InvalidInput({ field: "body", reason: "must be a JSON object" })
  }
  // A value that is none of a union's alternatives: say so once, rather than list each alternative's type.
  if (leaf.tag === "Alternatives") {
    return new Errors.InvalidInput({
      field: fieldOf(leaf),
      reason: "has none of the accepted types (see the OpenAPI document)"
    })
  }
  return new Errors.InvalidInput({ field: fieldOf(leaf), reason: clip(leaf.message) })
}

/** Request parts only: a response the server cannot encode is its own fault, not the client's. */
const isRequestPart = (error: HttpApiSchemaError) => error.kind !== "Body" && error.kind !== "ResponseHeaders"

/** Runs inside the endpoint's error encoding, so the problem is encoded by `ErrorResponses.InvalidInput`. */
export const layer = HttpApiMiddleware.layerSchemaErrorTransform(
  CommonErrors,
  (error) => Effect.fail(isRequestPart(error) ? toInvalidInput(error) : error)
)
