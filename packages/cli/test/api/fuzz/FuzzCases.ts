/**
 * The fuzz test's requests, derived from the contract: `Arbitrary` over the endpoint schemas (the payloads, the
 * list parameters, the path id) gives well-typed starting points; mutations then break them the ways a hostile
 * or careless client does (wrong types, unknown and missing members, huge strings, control characters, NUL,
 * unpaired surrogates, deep nesting, numbers out of range, repeated parameters, wrong or missing content types,
 * bodies that are not objects). A case is pure data, sampled from a seed, so a failing run can be replayed.
 */
import { Bookmark, BookmarkType, Pagination, Webhook } from "@bookmark-library/domain"
import { Paths } from "@bookmark-library/http"
import * as fc from "./Gen.js"

/** How a request names an id: one of the fuzz accounts' resources (resolved while running), or any text. */
export type IdChoice =
  | { readonly kind: "ownBookmark" | "otherBookmark" | "ownWebhook" | "otherWebhook"; readonly index: number }
  | { readonly kind: "text"; readonly text: string }
  /** Already percent-encoded: what a client that does not encode (or encodes wrongly) sends. */
  | { readonly kind: "raw"; readonly path: string }

export type Body =
  | { readonly kind: "none" }
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "raw"; readonly text: string }

export type Operation = "create" | "register" | "list" | "get" | "delete" | "test"

export interface Case {
  readonly operation: Operation
  readonly body: Body
  /** undefined: `application/json`; null: no Content-Type header at all. */
  readonly contentType: string | null | undefined
  /** The raw query string of a list, without `?`. */
  readonly query: string
  readonly id: IdChoice
  readonly auth: "key" | "none" | "malformed" | "revoked"
  /** The mutations applied, for the failure message. */
  readonly mutations: ReadonlyArray<string>
}

// Strings a client should never have sent, and the characters that broke the service before.
const hostileChar = fc.constantFrom(
  "\u0000",
  "\ud800",
  "\udc00",
  "\udbff\udbff",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ufeff",
  "\ufffe",
  "\u00a0",
  "\n",
  "\r\n",
  "\t",
  "😀",
  "é",
  "\u0301",
  "\\",
  "\"",
  "%00",
  "%",
  "'",
  ",",
  " "
)
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string16bits({ maxLength: 20 }),
  fc.fullUnicodeString({ maxLength: 20 }),
  hostileChar
)

/** A text with something hostile put somewhere in it. */
const spoil = (text: string) =>
  fc.tuple(hostileChar, fc.nat()).map(([bad, at]) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1)
    return text.slice(0, i) + bad + text.slice(i)
  })

const hugeString = fc.tuple(fc.constantFrom(2_049, 10_001, 30_000, 70_000), fc.constantFrom("a", "é", "😀", " ,"))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)))

const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 })
)

const unknownKey = fc.oneof(
  fc.constantFrom("title", "status", "id", "createdAt", "URL", "__proto__", "constructor", "secret", "active", ""),
  fc.string({ maxLength: 12 })
)

/** URLs a save might be given: mostly well-formed ones, many that no rule accepts. */
const pageUrl = fc.oneof(
  { weight: 6, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "https://example.com",
      "HTTP://EXAMPLE.com:80/a/../b",
      " https://example.com/x ",
      "https://例え.jp/",
      "https://xn--r8jz45g.jp/"
    )
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      "   ",
      "example.com",
      "ftp://example.com/",
      "javascript:alert(1)",
      "https://user:pw@example.com/",
      "http://",
      "https://[::1",
      "//example.com/a",
      "mailto:a@b.c",
      "https://exa mple.com/"
    )
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) }
)

type Json = Record<string, unknown>

/** One mutation of a JSON object body; `keys` are the members the endpoint knows. */
const mutateObject = (keys: ReadonlyArray<string>) => (value: Json): fc.Arbitrary<[Json, string]> => {
  const key = fc.constantFrom(...keys)
  return fc.oneof(
    key.chain((k) => wrongValue.map((v): [Json, string] => [{ ...value, [k]: v }, `wrong type of ${k}`])),
    fc.tuple(unknownKey, wrongValue).map((
      [k, v]
    ): [Json, string] => [{ ...value, [k]: v }, `unknown member ${JSON.stringify(k)}`]),
    key.map((k): [Json, string] => {
      const { [k]: _, ...rest } = value
      return [rest, `missing ${k}`]
    }),
    fc.tuple(key, hugeString).map(([k, v]): [Json, string] => [{ ...value, [k]: v }, `huge ${k}`]),
    key.chain((k) =>
      spoil(typeof value[k] === "string" ? value[k] : "x").map((
        v
      ): [Json, string] => [{ ...value, [k]: v }, `hostile text in ${k}`])
    ),
    key.chain((k) =>
      spoil("tag").map((v): [Json, string] => [{ ...value, [k]: ["ok", v] }, `hostile text in a list in ${k}`])
    ),
    fc.tuple(key, fc.integer({ min: 2, max: 3_000 })).map(([k, depth]): [Json, string] => {
      let nested: unknown = "x"
      for (let i = 0; i < depth; i++) nested = i % 2 === 0 ? [nested] : { a: nested }
      return [{ ...value, [k]: nested }, `${k} nested ${depth} deep`]
    })
  )
}

const bodyText = (value: unknown) => JSON.stringify(value)

/** Whole-body mutations: text that is not an object, not JSON, or numbers JSON.stringify cannot write. */
const rawBody = (valid: string) =>
  fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "\n",
      "\r\n\t ",
      "null",
      "[]",
      "[{}]",
      "\"text\"",
      "42",
      "true",
      "{}",
      "{",
      "}",
      "{\"url\":}",
      "\ufeff{}",
      "{'url':'x'}"
    ),
    fc.integer({ min: 33, max: 20_000 }).map((depth) => `{"url":${"[".repeat(depth)}${"]".repeat(depth)}}`),
    fc.integer({ min: 1, max: 32 }).map((depth) => `{"tags":${"[".repeat(depth)}"x"${"]".repeat(depth)}}`),
    fc.constantFrom("1e999", "-1e999", "1e-999", "123456789012345678901234567890", "-0", "0.1").map((n) =>
      `{"url":${n}}`
    ),
    fc.constant(valid.replace(/^\{/, "{\"url\":\"https://example.com/first\",")),
    fc.nat({ max: Math.max(valid.length - 1, 0) }).map((cut) => valid.slice(0, cut))
  )

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant(null) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "Application/JSON",
      "application/json;charset=latin1",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/vnd.api+json",
      "multipart/form-data; boundary=x",
      "application/json, text/plain"
    )
  }
)

/** A body for an endpoint: the schema's arbitrary value, made realistic, then mutated 0–2 times. */
const payload = <A>(arbitrary: fc.Arbitrary<A>, realistic: (a: A) => fc.Arbitrary<Json>, keys: ReadonlyArray<string>) =>
  arbitrary.chain(realistic).chain((base) =>
    fc.oneof(
      { weight: 7, arbitrary: fc.constant<[Body, ReadonlyArray<string>]>([{ kind: "json", value: base }, []]) },
      {
        weight: 5,
        arbitrary: mutateObject(keys)(base).map((
          [value, m]
        ): [Body, ReadonlyArray<string>] => [{ kind: "json", value }, [m]])
      },
      {
        weight: 1,
        arbitrary: mutateObject(keys)(base).chain(([once, m1]) =>
          mutateObject(keys)(once).map((
            [value, m2]
          ): [Body, ReadonlyArray<string>] => [{ kind: "json", value }, [m1, m2]])
        )
      },
      {
        weight: 2,
        arbitrary: rawBody(bodyText(base)).map((
          text
        ): [Body, ReadonlyArray<string>] => [{ kind: "raw", text }, ["raw body"]])
      }
    )
  )

const createBody = payload(
  fc.schema(Bookmark.CreatePayload),
  (p) => fc.tuple(pageUrl, fc.nat({ max: 4 })).map(([url, keep]) => ({ ...p, url: keep === 0 ? p.url : url })),
  ["url", "tags", "note"]
)

const registerBody = (receiver: string) =>
  payload(
    fc.schema(Webhook.RegisterPayload),
    (p) =>
      fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.webPath().map((path) => `${receiver}${path}`) }, {
          weight: 2,
          arbitrary: pageUrl
        }),
        fc.boolean(),
        fc.boolean()
      )
        .map(([url, keepUrl, keepEvents]) => ({
          ...p,
          url: keepUrl ? p.url : url,
          ...(keepEvents || p.events === undefined ? {} : { events: "bookmark.saved" })
        })),
    ["url", "events", "description"]
  )

// List parameters: values a client means (numbers, dates, known types, words, URLs), or odd ones.
const likely = (valid: fc.Arbitrary<string>, odd: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: odd }, { weight: 1, arbitrary: anyText })

// `same` (the canonical same-page filter) answers a different read: it has its own test (SamePage.test.ts).
const paramValue: Record<Exclude<keyof Pagination.ListParams, "same">, fc.Arbitrary<string>> = {
  limit: likely(
    fc.integer({ min: 1, max: 150 }).map(String),
    fc.constantFrom("0", "-3", "2147483647", "2147483648", "99999999999", "1e3", "0x10", " 7 ", "1.5", "", "٣", "+5")
  ),
  before: likely(
    fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)) }).map((d) => d.toISOString()),
    fc.constantFrom(
      "2026-02-30T00:00:00Z",
      "2026-01-01",
      "2026-01-01T00:00:00+05:30",
      "275760-09-13T00:00:00Z",
      "0000-01-01T00:00:00Z",
      "",
      "1767225600000"
    )
  ),
  tag: likely(fc.constantFrom("kept", "KEPT", "a,b", "", "  ", "two words"), fc.constantFrom("t".repeat(65), ",", "%")),
  type: likely(
    fc.constantFrom(...BookmarkType.all, ""),
    fc.constantFrom("Website", "podcast", " article ", "website,article")
  ),
  q: likely(
    fc.constantFrom("c++", "++", "\"open phrase", "-x", "a or", "example", "", ":*", "&|!", "(", "\\", "com", "é"),
    fc.constant("q".repeat(501))
  ),
  health: likely(fc.constantFrom("broken", "gone", "unreachable", "moved", ""), fc.constantFrom("ok", "GONE", "x")),
  url: likely(fc.webUrl(), pageUrl)
}

const hexBytes = (bytes: ReadonlyArray<number>) => bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("")

/**
 * Percent-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) as its three CESU-8 bytes,
 * which are no UTF-8: the server decodes them to U+FFFD, so such text never arrives through a URL.
 */
export const encode = (text: string): string => {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const paired = c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    if (paired) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += hexBytes([0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)])
    } else {
      out += encodeURIComponent(text.charAt(i))
    }
  }
  return out
}

const listQuery = fc.schema(Pagination.ListParams).chain((params) =>
  fc.tuple(
    ...Object.entries(paramValue).map(([name, value]) =>
      fc.oneof(
        { weight: 8, arbitrary: fc.constant<ReadonlyArray<string>>([]) },
        { weight: 5, arbitrary: value.map((v) => [`${name}=${encode(v)}`]) },
        {
          weight: 1,
          arbitrary: fc.constant(params[name as keyof typeof params]).map((
            v
          ) => (v === undefined ? [] : [`${name}=${encode(v)}`]))
        },
        {
          weight: 1,
          arbitrary: fc.tuple(value, value).map(([a, b]) => [`${name}=${encode(a)}`, `${name}=${encode(b)}`])
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom("%00", "a%00b", "%ED%A0%80", "%ff", "%", "%2", "a+b", "%C0%80").map((
            raw
          ) => [`${name}=${raw}`])
        }
      )
    )
  ).chain((parts) =>
    fc.tuple(
      fc.shuffledSubarray(parts.flat(), { minLength: parts.flat().length }),
      fc.constantFrom("", "", "", "", "&foo=1", "&&", "&=x", "&limit")
    )
      .map(([ordered, extra]) => ordered.join("&") + extra)
  )
)

const pathId: fc.Arbitrary<IdChoice> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(
      fc.constantFrom("ownBookmark", "ownBookmark", "otherBookmark", "ownWebhook", "ownWebhook", "otherWebhook"),
      fc.nat()
    ).map(([kind, index]) => ({ kind, index }) as IdChoice)
  },
  { weight: 2, arbitrary: fc.schema(Paths.IdPath).map(({ id }): IdChoice => ({ kind: "text", text: id })) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      anyText,
      fc.constantFrom("bmk_0123456789ABCDEFGHIJKL", "whk_" + "x".repeat(22), "a".repeat(65), "a".repeat(200), "€")
    ).map((text): IdChoice => ({ kind: "text", text }))
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("%00", "bmk_x%00", "%ED%A0%80", "%ff", "%", "a%2Fb", "%E2%82%AC", "%25").map((
      path
    ): IdChoice => ({ kind: "raw", path }))
  }
)

const auth = fc.oneof(
  { weight: 30, arbitrary: fc.constant("key" as const) },
  { weight: 1, arbitrary: fc.constantFrom("none" as const, "malformed" as const, "revoked" as const) }
)

/** Every case of a run, from the receiver's origin (the only webhook host the service may reach). */
export const cases = (receiverOrigin: string): fc.Arbitrary<Case> => {
  const withBody = (
    operation: Operation,
    body: fc.Arbitrary<[Body, ReadonlyArray<string>]>,
    id: fc.Arbitrary<IdChoice>
  ) =>
    fc.record({ body, contentType, id, auth }).map(({ auth, body: [b, mutations], contentType, id }): Case => ({
      operation,
      body: b,
      contentType,
      query: "",
      id,
      auth,
      mutations
    }))
  const noBody = fc.constant<[Body, ReadonlyArray<string>]>([{ kind: "none" }, []])
  const strayBody = fc.oneof(
    { weight: 4, arbitrary: noBody },
    {
      weight: 1,
      arbitrary: rawBody("{}").map((text): [Body, ReadonlyArray<string>] => [{ kind: "raw", text }, ["stray body"]])
    }
  )
  const anyId = fc.constant<IdChoice>({ kind: "text", text: "unused" })
  return fc.oneof(
    { weight: 8, arbitrary: withBody("create", createBody, anyId) },
    { weight: 4, arbitrary: withBody("register", registerBody(receiverOrigin), anyId) },
    {
      weight: 7,
      arbitrary: fc.record({ query: listQuery, auth }).map(({ auth, query }): Case => ({
        operation: "list",
        body: { kind: "none" },
        contentType: undefined,
        query,
        id: { kind: "text", text: "unused" },
        auth,
        mutations: []
      }))
    },
    { weight: 4, arbitrary: withBody("get", noBody, pathId) },
    { weight: 2, arbitrary: withBody("delete", strayBody, pathId) },
    { weight: 2, arbitrary: withBody("test", strayBody, pathId) }
  )
}
