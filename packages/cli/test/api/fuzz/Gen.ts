/**
 * The generators the fuzz cases are written with, named as fast-check names them, over Effect's own `Arbitrary`
 * (Effect 4 no longer bundles fast-check): seeded sampling, schema-derived values, and the few text, number, URL
 * and choice generators a hostile client's requests are made of.
 */
import { Arbitrary as Arb, Effect, Schema } from "effect"

/** A generator of `A`, with fast-check's `map` and `chain` as methods. */
export class Arbitrary<A> {
  constructor(readonly arbitrary: Arb.Arbitrary<A>) {}
  map<B>(f: (value: A) => B): Arbitrary<B> {
    return new Arbitrary(Arb.map(this.arbitrary, f))
  }
  chain<B>(f: (value: A) => Arbitrary<B>): Arbitrary<B> {
    return new Arbitrary(Arb.flatMap(this.arbitrary, (value) => f(value).arbitrary))
  }
}

type ValueOf<G> = G extends Arbitrary<infer A> ? A : G extends Weighted<infer A> ? A : never

export interface Weighted<A> {
  readonly weight: number
  readonly arbitrary: Arbitrary<A>
}

/** Values of a schema's decoded type. */
export const schema = <S extends Schema.Constraint>(s: S): Arbitrary<S["Type"]> => new Arbitrary(Arb.schema(s))

export const constant = <const A>(value: A): Arbitrary<A> => new Arbitrary(Arb.Constant(value))

/** An integer in [min, max]; fast-check's default range is the 32-bit integers. */
export const integer = (options: { readonly min?: number; readonly max?: number } = {}): Arbitrary<number> =>
  schema(
    Schema.Int.check(Schema.isBetween({ minimum: options.min ?? -2147483648, maximum: options.max ?? 2147483647 }))
  )

export const nat = (options: { readonly max?: number } = {}): Arbitrary<number> =>
  integer({ min: 0, max: options.max ?? 2147483647 })

/** Any number, NaN and the infinities included. */
export const double = (): Arbitrary<number> => schema(Schema.Number)

export const boolean = (): Arbitrary<boolean> => schema(Schema.Boolean)

export const constantFrom = <const A>(...values: ReadonlyArray<A>): Arbitrary<A> => {
  if (values.length === 0) throw new Error("constantFrom: no values")
  return integer({ min: 0, max: values.length - 1 }).map((i) => {
    if (!(i in values)) throw new Error(`constantFrom: no value at ${i}`)
    return values[i] as A
  })
}

/** One of the members, each chosen in proportion to its weight (1 when given bare). */
export const oneof = <const Members extends ReadonlyArray<Arbitrary<unknown> | Weighted<unknown>>>(
  ...members: Members
): Arbitrary<ValueOf<Members[number]>> => {
  const weighted = members.map((m): Weighted<unknown> => (m instanceof Arbitrary ? { weight: 1, arbitrary: m } : m))
  const total = weighted.reduce((sum, m) => sum + m.weight, 0)
  const chosen = integer({ min: 0, max: total - 1 }).chain((drawn) => {
    let left = drawn
    for (const member of weighted) {
      if (left < member.weight) return member.arbitrary
      left -= member.weight
    }
    throw new Error("oneof: no member drawn")
  })
  return chosen as Arbitrary<ValueOf<Members[number]>>
}

export const array = <A>(
  item: Arbitrary<A>,
  options: { readonly minLength?: number; readonly maxLength?: number } = {}
) => new Arbitrary(Arb.array(item.arbitrary, options))

export const tuple = <const Items extends ReadonlyArray<Arbitrary<unknown>>>(
  ...items: Items
): Arbitrary<{ -readonly [K in keyof Items]: ValueOf<Items[K]> }> =>
  new Arbitrary(
    Arb.map(
      Arb.all(items.map((item) => item.arbitrary)),
      (values) => values as { -readonly [K in keyof Items]: ValueOf<Items[K]> }
    )
  )

export const record = <const Fields extends Record<string, Arbitrary<unknown>>>(
  fields: Fields
): Arbitrary<{ -readonly [K in keyof Fields]: ValueOf<Fields[K]> }> => {
  const arbitraries: Record<string, Arb.Arbitrary<unknown>> = {}
  for (const [key, field] of Object.entries(fields)) arbitraries[key] = field.arbitrary
  return new Arbitrary(
    Arb.map(Arb.all(arbitraries), (values) => values as { -readonly [K in keyof Fields]: ValueOf<Fields[K]> })
  )
}

export const dictionary = <V>(
  key: Arbitrary<string>,
  value: Arbitrary<V>,
  options: { readonly maxKeys?: number } = {}
) => array(tuple(key, value), { maxLength: options.maxKeys ?? 10 }).map((entries) => Object.fromEntries(entries))

/** Printable ASCII, as fast-check's `string`. */
export const string = (options: { readonly maxLength?: number } = {}): Arbitrary<string> =>
  options.maxLength === undefined
    ? schema(Schema.String)
    : schema(Schema.String.check(Schema.isMaxLength(options.maxLength)))

/** Any UTF-16 code units, lone surrogates included. */
export const string16bits = (options: { readonly maxLength?: number } = {}): Arbitrary<string> =>
  array(integer({ min: 0, max: 0xffff }), options).map((units) => String.fromCharCode(...units))

/** Any Unicode code points (never a lone surrogate). */
export const fullUnicodeString = (options: { readonly maxLength?: number } = {}): Arbitrary<string> =>
  array(integer({ min: 0, max: 0x10ffff - 0x800 }), options).map((points) =>
    String.fromCodePoint(...points.map((p) => (p >= 0xd800 ? p + 0x800 : p)))
  )

export const date = (options: { readonly min: Date; readonly max: Date }): Arbitrary<Date> =>
  integer({ min: options.min.getTime(), max: options.max.getTime() }).map((t) => new Date(t))

/** Some of `items` (at least `minLength`), in a random order. */
export const shuffledSubarray = <A>(
  items: ReadonlyArray<A>,
  options: { readonly minLength?: number } = {}
): Arbitrary<Array<A>> =>
  tuple(
    integer({ min: options.minLength ?? 0, max: items.length }),
    array(nat(), { minLength: items.length, maxLength: items.length })
  )
    .map(([length, keys]) =>
      items.map((item, i) => ({ item, key: keys[i] ?? 0 })).sort((a, b) => a.key - b.key).slice(0, length).map((e) =>
        e.item
      )
    )

// URLs as fast-check's `webUrl` makes them (RFC 3986): a domain, a path, and maybe a query and a fragment.
const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".split("")
const percentEncoded = integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`)
const uriText = (extra: ReadonlyArray<string>, maxLength: number) =>
  array(
    oneof({ weight: 9, arbitrary: constantFrom("a", ...unreserved, ...extra) }, {
      weight: 1,
      arbitrary: percentEncoded
    }),
    { maxLength }
  )
    .map((units) => units.join(""))
const label = schema(Schema.String.check(Schema.isPattern(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/)))
const domain = tuple(
  array(label, { minLength: 1, maxLength: 3 }),
  schema(Schema.String.check(Schema.isPattern(/^[a-z]{2,6}$/)))
)
  .map(([labels, tld]) => [...labels, tld].join("."))

export const webPath = (): Arbitrary<string> =>
  array(uriText([], 10), { maxLength: 4 }).map((segments) => segments.map((s) => `/${s}`).join(""))

export const webUrl = (
  options: { readonly withQueryParameters?: boolean; readonly withFragments?: boolean } = {}
): Arbitrary<string> => {
  const optional = (enabled: boolean | undefined, prefix: string) =>
    enabled === true
      ? oneof(constant(""), uriText(["/", "?"], 20).map((text) => `${prefix}${text}`))
      : constant("")
  return tuple(
    constantFrom("http", "https"),
    domain,
    webPath(),
    optional(options.withQueryParameters, "?"),
    optional(options.withFragments, "#")
  )
    .map(([scheme, host, path, query, fragment]) => `${scheme}://${host}${path}${query}${fragment}`)
}

/** `numRuns` values from `seed`: the same seed gives the same values. */
export const sample = <A>(
  generator: Arbitrary<A>,
  options: { readonly seed: number; readonly numRuns: number }
): ReadonlyArray<A> =>
  Effect.runSync(Arb.sampleEffect(generator.arbitrary, { seed: options.seed, count: options.numRuns }))
