/**
 * A real OpenID Connect provider for tests: `oidc-provider` (a certified implementation) on a loopback port, with
 * its development login and consent pages (any password), a few accounts, and one confidential client. `tamper`
 * rewrites the next ID token the token endpoint answers, re-signed with the provider's key (a wrong nonce, an
 * expired token) or with a key the provider does not publish (a forged token), as an attacker in the middle would.
 */
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Provider } from "oidc-provider"

export interface TestAccount {
  readonly email: string
  readonly email_verified: boolean
}

export type Tamper = "nonce" | "expired" | "forged" | undefined

export interface StartedProvider {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
  /** The next ID token is rewritten this way (once). */
  tamper: Tamper
  readonly stop: () => Promise<void>
}

const sign = (header: object, payload: object, key: KeyObject) => {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url")
  const input = `${encode(header)}.${encode(payload)}`
  return `${input}.${createSign("RSA-SHA256").update(input).sign(key).toString("base64url")}`
}

const rewrite = (idToken: string, tamper: Exclude<Tamper, undefined>, key: KeyObject, stranger: KeyObject) => {
  const [header, payload] = idToken.split(".").slice(0, 2).map((part) =>
    JSON.parse(Buffer.from(part, "base64url").toString())
  )
  const now = Math.floor(Date.now() / 1000)
  if (tamper === "nonce") return sign(header, { ...payload, nonce: "not-the-nonce-we-sent" }, key)
  if (tamper === "expired") return sign(header, { ...payload, iat: now - 7_200, exp: now - 3_600 }, key)
  return sign(header, payload, stranger)
}

export const start = async (
  accounts: Readonly<Record<string, TestAccount>>,
  redirectUris: ReadonlyArray<string>
): Promise<StartedProvider> => {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = "bookmarks-test"
  const clientSecret = "a-client-secret-for-tests-only-0123456789"
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [...redirectUris],
      response_types: ["code"],
      grant_types: ["authorization_code"]
    }],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    findAccount: (_ctx, id) => {
      const account = accounts[id]
      return account === undefined ? undefined : { accountId: id, claims: () => ({ sub: id, ...account }) }
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // The email in the ID token itself, so the tampered tokens carry it as the real one does.
    conformIdTokenClaims: false,
    cookies: { keys: ["cookie-key-for-tests-only"] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } }
  })
  const started: StartedProvider = {
    issuer,
    clientId,
    clientSecret,
    tamper: undefined,
    stop: () => new Promise((resolve) => server.close(() => resolve()))
  }
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: unknown } | undefined
    const tamper = started.tamper
    if (ctx.path === "/token" && tamper !== undefined && typeof body?.id_token === "string") {
      started.tamper = undefined
      body.id_token = rewrite(body.id_token, tamper, privateKey, stranger)
    }
  })
  server.on("request", provider.callback())
  return started
}
