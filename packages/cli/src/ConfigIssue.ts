/**
 * How a configuration that cannot be used is reported, for the servers and the client commands alike: a value
 * refused by our own check, at its variable as the schema-based readers report theirs; any error as one line.
 */
import { Config, Schema, SchemaIssue } from "effect"

export const invalidAt = (path: ReadonlyArray<string>, message: string) =>
  new Config.ConfigError(
    new Schema.SchemaError(new SchemaIssue.Pointer(path, new SchemaIssue.InvalidValue({ message })))
  )

/** One line naming the variable, for a configuration that cannot be used. */
export const describeError = (error: Config.ConfigError): string => {
  if (!Schema.isSchemaError(error.cause)) return `Invalid configuration: ${error.cause.message}`
  const [first] = SchemaIssue.makeFormatterStandardSchemaV1()(error.cause.issue).issues
  if (first === undefined) return `Invalid configuration: ${error.message}`
  const path = first.path?.map((segment) => (typeof segment === "object" ? String(segment.key) : String(segment))) ?? []
  return `Invalid configuration: ${path.length === 0 ? "" : `${path.join(".")}: `}${first.message}`
}
