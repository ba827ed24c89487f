/**
 * HOT PATH (docs/architecture.md, "Hot paths: where the code leaves the general path on purpose"):
 * `GET /v1/api/bookmarks/:id` and `GET /v1/api/bookmarks` answered before the HttpApi router when the request is the
 * plain happy case: a bearer key or token that authenticates and may read bookmarks, a well-formed id or a query of
 * known parameters, an allowance that admits the request and a read that succeeds. Only the 200 is answered here,
 * with the general path's exact bytes: the same view as JSON and the same allowance headers; the wrappers outside the
 * app (request id, CORS, metrics, request log, span) see it like any request.
 *
 * Everything else goes to the general path. Before the charge (a missing, malformed, unknown or refused key, an
 * unusual request) it goes uncharged and is authenticated again there; after the charge (a 429, an unknown bookmark,
 * a query the use case refuses, a storage error) it goes with the charge's outcome (Admitted.ts), so the general path
 * answers it without charging again. What this path skips: the route lookup, the decoding of path, query and headers
 * through Schema, the handlers' context and the middleware chain (measured in docs/effect4.md,
 * "Hot reads (GET by id, list, search)"). Held to the general path by `http/test/server/HotReads.test.ts`, which
 * sends the same requests both ways.
 */
import {
  type AccountId,
  Accounts,
  AllowanceCounter,
  authenticateBearerWith,
  type Bookmark,
  chargeRequestWith,
  getBookmark,
  Ids,
  listBookmarks,
  OAuthStore,
  type Page,
  Pagination,
  Scope,
  Settings
} from "@bookmark-library/domain"
import { Cause, Context, Effect, Exit, Option, Schema } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { publicBase } from "../api/Paths.js"
import * as Admitted from "../middleware/Admitted.js"
import * as RateLimitHeaders from "../middleware/RateLimitHeaders.js"

const bookmarksPath = `${publicBase}/bookmarks`
const bookmarkPrefix = `${bookmarksPath}/`

/** An id segment that needs no decoding: what `Ids` can make. Anything else (escapes, dots) takes the general path. */
const plainId = new RegExp(`^[A-Za-z0-9_-]{1,${Ids.maxIdLength}}$`)

/** `Bearer <token>` as BearerToken.read takes it; undefined for anything the general path must answer. */
const bearer = /^bearer\s+(\S+)$/i

const listParams = Schema.decodeUnknownOption(Pagination.ListParams)
const listKeys = new Set(Object.keys(Pagination.ListParams.fields))

/**
 * The query as the router hands it to the endpoint's schema, when every parameter is a known one given once;
 * none otherwise.
 */
const queryOf = (search: string): Option.Option<Pagination.ListParams> => {
  const given: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(search)) {
    if (!listKeys.has(name) || Object.hasOwn(given, name)) return Option.none()
    given[name] = value
  }
  return listParams(given)
}

/** Whether the request may carry a body: such a GET takes the general path with its body checks. */
const hasBody = (headers: HttpServerRequest.HttpServerRequest["headers"]) =>
  headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined ||
  headers["content-type"] !== undefined

type ByIdRead = ReturnType<typeof getBookmark>
type ListRead = ReturnType<typeof listBookmarks>

type ReadServices = Effect.Services<ByIdRead> | Effect.Services<ListRead>

/** One of the two reads, for the account of the request. */
type Read = (
  accountId: AccountId
) => Effect.Effect<Bookmark.Bookmark | Page, Effect.Error<ByIdRead> | Effect.Error<ListRead>, ReadServices>

/**
 * Around the general path (`api`): the fast path for the requests above, `api` for the rest. Built once, with the
 * ports resolved then, as the authentication middleware does.
 */
export const make = Effect.gen(function*() {
  const authenticate = authenticateBearerWith(yield* Accounts, yield* OAuthStore)
  const charge = chargeRequestWith(yield* Settings.Settings, yield* AllowanceCounter)
  return <E, R>(
    api: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | ReadServices | HttpServerRequest.HttpServerRequest> =>
    Effect.withFiber((fiber) => {
      const request = Context.getUnsafe(fiber.context, HttpServerRequest.HttpServerRequest)
      if (request.method !== "GET") return api
      const read = readOf(request.url)
      if (read === undefined || hasBody(request.headers)) return api
      const authorization = request.headers.authorization
      const token = authorization === undefined ? undefined : bearer.exec(authorization.trim())?.[1]
      if (token === undefined) return api
      return Effect.matchEffect(authenticate(token), {
        onFailure: () => api,
        onSuccess: (principal) =>
          !Scope.allows(principal.key.scopes, "bookmarks:read")
            ? api
            : Effect.flatMap(Effect.exit(charge(principal)), (charged) => {
              const handOver = Effect.provideService(api, Admitted.Admitted, { principal, charge: charged })
              if (Exit.isFailure(charged)) return handOver
              return Effect.matchCauseEffect(read(principal.account.id), {
                // A refusal, a storage error or a defect: the general path reads again and answers it.
                onFailure: (cause) => Cause.hasInterruptsOnly(cause) ? Effect.interrupt : handOver,
                onSuccess: (view) =>
                  Option.isSome(charged.value)
                    ? Effect.as(RateLimitHeaders.attach(charged.value.value), HttpServerResponse.jsonUnsafe(view))
                    : Effect.succeed(HttpServerResponse.jsonUnsafe(view))
              })
            })
      })
    })
})

/** The read a URL asks for, when it is one this path answers. */
const readOf = (url: string): Read | undefined => {
  const mark = url.indexOf("?")
  const path = mark === -1 ? url : url.slice(0, mark)
  if (path === bookmarksPath) {
    const query = queryOf(mark === -1 ? "" : url.slice(mark + 1))
    if (Option.isNone(query)) return undefined
    return (accountId: AccountId) => listBookmarks(accountId, query.value)
  }
  if (mark !== -1 || !path.startsWith(bookmarkPrefix)) return undefined
  const id = path.slice(bookmarkPrefix.length)
  return plainId.test(id) ? (accountId: AccountId) => getBookmark(accountId, id) : undefined
}
