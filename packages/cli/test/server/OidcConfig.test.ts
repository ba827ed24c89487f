/** PASSWORD_SIGNIN and the OIDC_* settings: read with the configuration, each mistake one line naming its variable. */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Option, Redacted } from "effect"
import * as AppConfig from "../../src/server/AppConfig.js"

const parse = (env: Record<string, string>) => AppConfig.config.parse(ConfigProvider.fromEnv({ env }))
const mistake = (env: Record<string, string>) =>
  Effect.map(Effect.flip(parse(env)), (error) => AppConfig.describeError(error))

const oidc = {
  OIDC_ISSUER: "https://sso.example.com/realms/team/",
  OIDC_CLIENT_ID: "bookmarks",
  OIDC_CLIENT_SECRET: "s"
}

describe("sign-in settings", () => {
  it.effect("by default passwords only; OIDC_* configure the provider with its defaults", () =>
    Effect.gen(function*() {
      expect((yield* parse({})).signIn).toEqual({ password: true, provider: Option.none() })
      const { signIn } = yield* parse(oidc)
      const provider = Option.getOrThrow(signIn.provider)
      expect(signIn.password).toBe(true)
      expect({ ...provider, clientSecret: Redacted.value(provider.clientSecret) }).toEqual({
        issuer: "https://sso.example.com/realms/team",
        clientId: "bookmarks",
        clientSecret: "s",
        scopes: "openid email profile",
        name: "sso.example.com",
        autoRedirect: false,
        createAccounts: false
      })
      const chosen = yield* parse({
        ...oidc,
        PASSWORD_SIGNIN: "off",
        OIDC_AUTO_REDIRECT: "on",
        OIDC_CREATE_ACCOUNTS: "on",
        OIDC_NAME: "Team SSO",
        OIDC_SCOPES: "openid email"
      })
      expect(chosen.signIn.password).toBe(false)
      const p = Option.getOrThrow(chosen.signIn.provider)
      expect([p.autoRedirect, p.createAccounts, p.name, p.scopes]).toEqual([true, true, "Team SSO", "openid email"])
      // A provider on loopback may be plain http (one started beside the server).
      expect(Option.isSome((yield* parse({ ...oidc, OIDC_ISSUER: "http://127.0.0.1:9000" })).signIn.provider)).toBe(
        true
      )
    }))

  it.effect("each mistake is one line naming its variable", () =>
    Effect.gen(function*() {
      expect(yield* mistake({ PASSWORD_SIGNIN: "off" })).toBe(
        "Invalid configuration: PASSWORD_SIGNIN: off needs OIDC_ISSUER: nobody could sign in"
      )
      expect(yield* mistake({ ...oidc, OIDC_ISSUER: "http://sso.example.com" })).toBe(
        "Invalid configuration: OIDC_ISSUER: must be an https URL (plain http only for a loopback address)"
      )
      expect(yield* mistake({ ...oidc, OIDC_ISSUER: "sso.example.com" })).toBe(
        "Invalid configuration: OIDC_ISSUER: must be the provider's https URL, got 'sso.example.com'"
      )
      expect(yield* mistake({ ...oidc, OIDC_ISSUER: "https://sso.example.com/?realm=team" })).toBe(
        "Invalid configuration: OIDC_ISSUER: must be the issuer URL, without a query or a fragment"
      )
      expect(yield* mistake({ OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_CLIENT_SECRET: "s" })).toBe(
        "Invalid configuration: OIDC_CLIENT_ID: OIDC_ISSUER needs OIDC_CLIENT_ID (the client id the provider gave)"
      )
      expect(yield* mistake({ OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_CLIENT_ID: "bookmarks" })).toBe(
        "Invalid configuration: OIDC_CLIENT_SECRET: OIDC_ISSUER needs OIDC_CLIENT_SECRET"
      )
      expect(yield* mistake({ ...oidc, OIDC_SCOPES: "openid \"email\"" })).toBe(
        "Invalid configuration: OIDC_SCOPES: must be scope names separated by spaces, like 'openid email'"
      )
      expect(yield* mistake({ ...oidc, OIDC_AUTO_REDIRECT: "yes" })).toMatch(
        /^Invalid configuration: OIDC_AUTO_REDIRECT: /
      )
    }))
})
