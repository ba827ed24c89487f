/**
 * Use case: the client an authorization or token request names. A registered client (DCR) is read from storage; a
 * client id that is an https URL is a Client ID Metadata Document, fetched through the guarded fetcher (address
 * policy, 5 KiB and 5 s caps) and kept as its `Cache-Control` allows (docs/oauth.md, "Clients").
 */
import { Clock, Effect, Option, Schema } from "effect"
import { OAuthRefused } from "../../Errors.js"
import * as OAuth from "../../OAuth.js"
import { OAuthStore } from "../../ports/OAuthStore.js"
import { PageFetcher } from "../../ports/PageFetcher.js"

export const metadataMaxBytes = 5 * 1024
export const metadataTimeout = 5_000
/** Kept at most this long, and at least this long when the document says nothing (or `no-store`: still one flow). */
const maxKeep = 24 * 60 * 60_000
const defaultKeep = 5 * 60_000

const Document = Schema.Struct({
  client_id: Schema.String,
  client_name: Schema.optionalKey(Schema.String),
  redirect_uris: Schema.Array(Schema.String),
  token_endpoint_auth_method: Schema.optionalKey(Schema.String)
})

const refused = (description: string) => new OAuthRefused({ error: "invalid_client", description })

/** A client id that names a metadata document: https, a path, no fragment or credentials. */
export const isMetadataUrl = (id: string): boolean => {
  try {
    const url = new URL(id)
    return url.protocol === "https:" && url.pathname !== "/" && url.hash === "" && url.username === "" &&
      url.password === ""
  } catch {
    return false
  }
}

const keepFor = (cacheControl: string | undefined): number => {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? "")
  return maxAge === null ? defaultKeep : Math.min(maxKeep, Math.max(defaultKeep, Number(maxAge[1]) * 1000))
}

const fetchDocument = Effect.fn("OAuth.fetchClientMetadata")(function*(id: string) {
  const fetcher = yield* PageFetcher
  const page = yield* fetcher.fetch(id, { maxBytes: metadataMaxBytes + 1, totalTimeout: metadataTimeout }).pipe(
    Effect.mapError((e) =>
      refused(
        e.reason === "blocked"
          ? `The client metadata document's address is not allowed (${e.detail})`
          : e.reason === "timeout"
          ? `The client metadata document took longer than ${metadataTimeout / 1000} s to fetch`
          : `The client metadata document could not be fetched (${e.reason})`
      )
    )
  )
  if (page.truncated || page.body.length > metadataMaxBytes) {
    return yield* refused(`The client metadata document is larger than ${metadataMaxBytes} bytes`)
  }
  if (page.status !== 200) return yield* refused(`The client metadata document answered HTTP ${page.status}`)
  if (page.url !== id) return yield* refused("The client metadata document was served from another address")
  const parsed = yield* Effect.try({
    try: () => JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(page.body)) as unknown,
    catch: () => refused("The client metadata document is not JSON")
  })
  const document = yield* Schema.decodeUnknownEffect(Document)(parsed).pipe(
    Effect.mapError(() => refused("The client metadata document lacks client_id or redirect_uris"))
  )
  if (document.client_id !== id) return yield* refused("The client metadata document names another client_id")
  if (document.token_endpoint_auth_method !== undefined && document.token_endpoint_auth_method !== "none") {
    return yield* refused("Only public clients (token_endpoint_auth_method none) are supported")
  }
  if (document.redirect_uris.length === 0 || !document.redirect_uris.every(OAuth.isAcceptableRedirect)) {
    return yield* refused("The client metadata document's redirect_uris must be https or loopback http URLs")
  }
  const client: OAuth.Client = {
    id,
    name: (document.client_name ?? new URL(id).host).slice(0, 100),
    redirectUris: document.redirect_uris,
    kind: "metadata",
    createdAt: yield* Clock.currentTimeMillis
  }
  return { client, keep: keepFor(page.cacheControl) }
})

/** A resolver with its own cache of metadata documents; made once per process by the face. */
export const makeClientResolver = () => {
  const cache = new Map<string, { readonly client: OAuth.Client; readonly until: number }>()
  return Effect.fn("OAuth.resolveClient")(function*(id: string) {
    if (isMetadataUrl(id)) {
      const now = yield* Clock.currentTimeMillis
      const hit = cache.get(id)
      if (hit !== undefined && hit.until > now) return hit.client
      const { client, keep } = yield* fetchDocument(id)
      if (cache.size >= 1000) cache.clear()
      cache.set(id, { client, until: now + keep })
      return client
    }
    const store = yield* OAuthStore
    const found = id.startsWith(OAuth.clientPrefix) && id.length <= 100 ? yield* store.findClient(id) : Option.none()
    if (Option.isNone(found)) return yield* refused("Unknown client_id")
    return found.value
  })
}
export type ClientResolver = ReturnType<typeof makeClientResolver>
