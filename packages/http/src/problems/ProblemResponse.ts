/**
 * An error answered as a problem, derived from its one declaration (ErrorResponses.ts): the schema an endpoint's
 * `error` takes. It sends the error as an `application/problem+json` body with its status, documents that body under
 * the error's name in the OpenAPI documents, and turns the body back into the error in the typed client.
 */
import { Schema, SchemaTransformation, Struct } from "effect"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as ProblemDetails from "./ProblemDetails.js"

/** Plain data: no service is needed to encode or decode it. */
type Plain = Schema.Top & { readonly "DecodingServices": never; readonly "EncodingServices": never }

/** A tagged error class: the body is documented under its name and carries its message as `detail`. */
export type ErrorClass = Plain & { readonly identifier: string; readonly "Type": { readonly message: string } }

/** Members of a problem body. */
export type Fields = { readonly [key: string]: Plain }

/** A problem body with the extension members `Members`. */
export type Body<Members extends Fields> = ProblemDetails.Problem & Schema.Struct.Type<Members>

/** How one error is answered. */
export type Declaration<
  E extends ErrorClass,
  Codes extends Readonly<Record<string, string>>,
  Members extends Fields
> =
  & {
    readonly status: number
    /** Each problem `code` the error is answered with, and that code's title. */
    readonly codes: Codes
    /** Which code an error is answered with; needed when there are several. */
    readonly codeOf?: ((error: E["Type"]) => keyof Codes & string) | undefined
    /** What the OpenAPI documents say of the problem. */
    readonly description: string
    /** The members this problem adds to those of every problem. */
    readonly members: Members
  }
  // The members sent for an error: by default its fields of the same names, when their types agree.
  & ([E["Type"]] extends [Schema.Struct.Type<Members>]
    ? { readonly encode?: ((error: E["Type"]) => Schema.Struct.Type<Members>) | undefined }
    : { readonly encode: (error: E["Type"]) => Schema.Struct.Type<Members> })
  // The error the typed client makes of a problem: by default the error made of the members, when they suffice.
  & ([Schema.Struct.Type<Members>] extends [E["~type.make.in"]]
    ? { readonly decode?: ((problem: Body<Members>) => E["Type"]) | undefined }
    : { readonly decode: (problem: Body<Members>) => E["Type"] })

/** The members of every problem, the status and the codes pinned so the OpenAPI documents show them. */
const standardMembers = (status: number, code: string, more: ReadonlyArray<string>) => ({
  type: ProblemDetails.Problem.fields.type,
  title: ProblemDetails.Problem.fields.title,
  status: Schema.Literal(status).annotate({ description: "The HTTP status of the response" }),
  detail: ProblemDetails.Problem.fields.detail,
  // One code is one literal: `Literals` of one would be documented as a union of one.
  code: (more.length === 0 ? Schema.Literal(code) : Schema.Literals([code, ...more])).annotate({
    description: "The stable, machine-readable problem code"
  }),
  requestId: ProblemDetails.requestId
})

/** The members of `value` named in `keys`. */
const pick = (value: object, keys: ReadonlyArray<string>) =>
  Object.fromEntries(keys.map((key): [string, unknown] => [key, Reflect.get(value, key)]))

/** `error` answered as `declaration` says. */
export const make = <
  E extends ErrorClass,
  const Codes extends Readonly<Record<string, string>>,
  const Members extends Fields
>(error: E, declaration: Declaration<E, Codes, Members>) => {
  const [first, ...more] = Struct.keys(declaration.codes)
  if (first === undefined || (more.length > 0 && declaration.codeOf === undefined)) {
    throw new Error(`${error.identifier}: declare one problem code, or several and codeOf`)
  }
  const codeOf = declaration.codeOf ?? (() => first)
  const memberKeys = Object.keys(declaration.members)
  const fields: Fields = { ...standardMembers(declaration.status, first, more), ...declaration.members }
  return Schema.Struct(fields).annotate({ identifier: error.identifier, description: declaration.description }).pipe(
    Schema.decodeTo(
      Schema.toType(error),
      SchemaTransformation.transform({
        // What it gets was decoded by a schema of these very members.
        decode: (problem) => declaration.decode?.(problem as Body<Members>) ?? error.make(pick(problem, memberKeys)),
        encode: (e) => {
          const code = codeOf(e)
          return {
            ...ProblemDetails.make(declaration.status, code, declaration.codes[code] ?? code, e.message),
            ...(declaration.encode?.(e) ?? pick(e, memberKeys))
          }
        }
      })
    ),
    HttpApiSchema.status(declaration.status),
    HttpApiSchema.asJson({ contentType: ProblemDetails.contentType })
  )
}
