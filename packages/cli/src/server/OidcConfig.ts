/**
 * How people sign in (docs/people.md, "Sign in with your provider (OIDC)"; docs/operations.md): with a password
 * (PASSWORD_SIGNIN, on by default) and/or through the team's OpenID Connect provider (OIDC_*). Read with the rest of
 * the configuration; a half-configured provider stops the process at start with one line naming the variable.
 */
import { Config, Effect, Option, type Redacted } from "effect"
import { invalidAt } from "../ConfigIssue.js"

export interface ProviderSettings {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted<string>
  readonly scopes: string
  /** The provider's name on the button ("Sign in with …"). */
  readonly name: string
  /** The sign-in page sends people straight to the provider. */
  readonly autoRedirect: boolean
  /** A first sign-in with no matching person creates an account (else a refusal page). */
  readonly createAccounts: boolean
}

export interface SignInSettings {
  readonly password: boolean
  readonly provider: Option.Option<ProviderSettings>
}

const onOff = (name: string, fallback: "on" | "off") =>
  Config.map(Config.withDefault(Config.Literals(["on", "off"], name), fallback), (v) => v === "on")

const loopbackHosts = ["127.0.0.1", "[::1]", "localhost"]

/** An https URL; plain http only on loopback (a provider started beside the server, as in tests). */
export const checkIssuer = (value: string): string | undefined => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `must be the provider's https URL, got '${value}'`
  }
  if (url.search !== "" || url.hash !== "") return "must be the issuer URL, without a query or a fragment"
  if (url.protocol === "https:") return undefined
  if (url.protocol === "http:" && loopbackHosts.includes(url.hostname)) return undefined
  return "must be an https URL (plain http only for a loopback address)"
}

const raw = Config.all({
  password: onOff("PASSWORD_SIGNIN", "on"),
  issuer: Config.option(Config.String("OIDC_ISSUER")),
  clientId: Config.option(Config.String("OIDC_CLIENT_ID")),
  clientSecret: Config.option(Config.Redacted("OIDC_CLIENT_SECRET")),
  scopes: Config.withDefault(Config.String("OIDC_SCOPES"), "openid email profile"),
  name: Config.option(Config.String("OIDC_NAME")),
  autoRedirect: onOff("OIDC_AUTO_REDIRECT", "off"),
  createAccounts: onOff("OIDC_CREATE_ACCOUNTS", "off")
})

const check = (c: Config.Success<typeof raw>): Effect.Effect<SignInSettings, Config.ConfigError> => {
  const issuer = Option.filter(c.issuer, (value) => value.trim() !== "")
  if (Option.isNone(issuer)) {
    return c.password
      ? Effect.succeed({ password: true, provider: Option.none() })
      : Effect.fail(invalidAt(["PASSWORD_SIGNIN"], "off needs OIDC_ISSUER: nobody could sign in"))
  }
  const problem = checkIssuer(issuer.value)
  if (problem !== undefined) return Effect.fail(invalidAt(["OIDC_ISSUER"], problem))
  if (Option.isNone(c.clientId) || c.clientId.value.trim() === "") {
    return Effect.fail(
      invalidAt(["OIDC_CLIENT_ID"], "OIDC_ISSUER needs OIDC_CLIENT_ID (the client id the provider gave)")
    )
  }
  if (Option.isNone(c.clientSecret)) {
    return Effect.fail(invalidAt(["OIDC_CLIENT_SECRET"], "OIDC_ISSUER needs OIDC_CLIENT_SECRET"))
  }
  if (!c.scopes.split(/\s+/).every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]*$/.test(scope))) {
    return Effect.fail(invalidAt(["OIDC_SCOPES"], "must be scope names separated by spaces, like 'openid email'"))
  }
  const url = issuer.value.replace(/\/+$/, "")
  return Effect.succeed({
    password: c.password,
    provider: Option.some({
      issuer: url,
      clientId: c.clientId.value.trim(),
      clientSecret: c.clientSecret.value,
      scopes: c.scopes,
      name: Option.getOrElse(Option.filter(c.name, (n) => n.trim() !== ""), () => new URL(url).host),
      autoRedirect: c.autoRedirect,
      createAccounts: c.createAccounts
    })
  })
}

export const settings: Config.Config<SignInSettings> = Config.mapEffect(raw, check)
