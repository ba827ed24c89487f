/**
 * The generators the property tests use, as Effect 4 Arbitraries. Effect 4 no longer ships fast-check: an
 * Arbitrary is derived from a schema (its checks bound the values) and composed with `Arbitrary`'s combinators.
 */
import { Arbitrary, Schema } from "effect"

/** Integers from `min` to `max`, both included. */
export const integer = (range: { readonly min: number; readonly max: number }): Arbitrary.Arbitrary<number> =>
  Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum: range.min, maximum: range.max })))

/** Integers from 0 to `max` (a 32-bit integer by default). */
export const nat = (max = 2_147_483_647): Arbitrary.Arbitrary<number> => integer({ min: 0, max })

/** Finite numbers in `[min, max)`. */
export const double = (range: { readonly min: number; readonly maxExcluded: number }): Arbitrary.Arbitrary<number> =>
  Arbitrary.schema(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(range.min), Schema.isLessThan(range.maxExcluded)))

export const boolean: Arbitrary.Arbitrary<boolean> = Arbitrary.schema(Schema.Boolean)

/** One of `values`, each place as likely (a value given twice is twice as likely); shrinks towards the first. */
export const constantFrom = <const A extends readonly [unknown, ...Array<unknown>]>(
  ...values: A
): Arbitrary.Arbitrary<A[number]> =>
  Arbitrary.map(integer({ min: 0, max: values.length - 1 }), (index): A[number] => values[index] ?? values[0])

/** Any string (code units of the whole range, as the schema's arbitrary draws them). */
export const string = (options: { readonly minLength?: number } = {}): Arbitrary.Arbitrary<string> =>
  Arbitrary.schema(Schema.String.check(Schema.isMinLength(options.minLength ?? 0)))

/** Strings of up to `maxLength` Unicode code points, astral ones included, never a lone surrogate. */
export const fullUnicodeString = (maxLength: number): Arbitrary.Arbitrary<string> =>
  Arbitrary.schema(Schema.String.check(Schema.isPattern(new RegExp(`^[\\s\\S]{0,${maxLength}}$`, "u"))))

/** Strings matching `pattern`. */
export const stringMatching = (pattern: RegExp): Arbitrary.Arbitrary<string> =>
  Arbitrary.schema(Schema.String.check(Schema.isPattern(pattern)))

/** Strings made of `chars` only, at most `maxLength` of them. */
export const stringOf = (
  chars: Arbitrary.Arbitrary<string>,
  options: { readonly maxLength: number }
): Arbitrary.Arbitrary<string> =>
  Arbitrary.map(Arbitrary.array(chars, { maxLength: options.maxLength }), (parts) => parts.join(""))

/** Byte arrays with a length in `[minLength, maxLength]` (up to 64 bytes by default). */
export const uint8Array = (
  options: { readonly minLength?: number; readonly maxLength?: number } = {}
): Arbitrary.Arbitrary<Uint8Array> =>
  Arbitrary.schema(Schema.Uint8Array.check(Schema.isBetweenLength(options.minLength ?? 0, options.maxLength ?? 64)))

export const array = Arbitrary.array

/** A value of one of `arbitraries`, each as likely. */
export const oneof = <A>(
  ...arbitraries: readonly [Arbitrary.Arbitrary<A>, ...Array<Arbitrary.Arbitrary<A>>]
): Arbitrary.Arbitrary<A> =>
  Arbitrary.flatMap(integer({ min: 0, max: arbitraries.length - 1 }), (index) => arbitraries[index] ?? arbitraries[0])

/** `nil` or a value of `arbitrary`. */
export const option = <A, const N>(arbitrary: Arbitrary.Arbitrary<A>, nil: N): Arbitrary.Arbitrary<A | N> =>
  Arbitrary.flatMap(boolean, (none): Arbitrary.Arbitrary<A | N> => (none ? Arbitrary.Constant(nil) : arbitrary))

/** A tuple or a record of values of `arbitraries`. */
export const all = Arbitrary.all

/** Web URLs as fast-check's `webUrl()` made them: http or https, a domain name, a path of encoded segments. */
export const webUrl: Arbitrary.Arbitrary<string> = stringMatching(
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?\.){1,3}[a-z]{2,8}(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2}){0,20}){0,5}$/
)
