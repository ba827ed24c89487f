/** In-memory OAuth records (clients, codes, tokens); a token's grant and account are read from `Accounts`. */
import {
  type AccessTokenOwner,
  AccountId,
  Accounts,
  type OAuth,
  OAuthStore,
  type Taken
} from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"

interface Use {
  usedAt: number | null
  keyId: string | null
}

export const make = (accounts: Accounts["Service"]) => {
  const clients = new Map<string, OAuth.Client>()
  const codes = new Map<string, { readonly code: OAuth.StoredCode; readonly use: Use }>()
  const tokens = new Map<string, { readonly token: OAuth.StoredToken; readonly use: Use }>()
  return OAuthStore.of({
    addClient: (client) => Effect.sync(() => void clients.set(client.id, client)),
    findClient: (id) => Effect.sync(() => Option.fromNullishOr(clients.get(id))),
    addCode: (code) => Effect.sync(() => void codes.set(code.hash, { code, use: { usedAt: null, keyId: null } })),
    takeCode: (hash, at) =>
      Effect.sync(() => {
        const found = codes.get(hash)
        if (found === undefined) return Option.none()
        const taken: Taken<OAuth.StoredCode> = {
          record: found.code,
          firstUse: found.use.usedAt === null,
          keyId: found.use.keyId
        }
        found.use.usedAt ??= at
        return Option.some(taken)
      }),
    codeExchanged: (hash, keyId) =>
      Effect.sync(() => {
        const found = codes.get(hash)
        if (found !== undefined) found.use.keyId = keyId
      }),
    addToken: (token) => Effect.sync(() => void tokens.set(token.hash, { token, use: { usedAt: null, keyId: null } })),
    takeRefreshToken: (hash, at) =>
      Effect.sync(() => {
        const found = tokens.get(hash)
        if (found === undefined || found.token.kind !== "refresh") return Option.none()
        const taken: Taken<OAuth.StoredToken> = {
          record: found.token,
          firstUse: found.use.usedAt === null,
          keyId: found.token.keyId
        }
        found.use.usedAt ??= at
        return Option.some(taken)
      }),
    findAccessToken: (hash) =>
      Effect.gen(function*() {
        const found = tokens.get(hash)
        if (found === undefined || found.token.kind !== "access") return Option.none()
        const { token } = found
        const accountId = AccountId.make(token.accountId, { disableChecks: true })
        const account = yield* accounts.get(accountId)
        const key = (yield* accounts.listKeys(accountId)).find((k) => k.id === token.keyId)
        if (Option.isNone(account) || key === undefined) return Option.none()
        const owner: AccessTokenOwner = {
          owner: { account: account.value, key },
          clientId: token.clientId,
          resource: token.resource,
          expiresAt: token.expiresAt
        }
        return Option.some(owner)
      })
  })
}

export const layer = Layer.effect(OAuthStore, Effect.map(Accounts, make))
