/** Helpers of the OAuth tests: a signed-in person over plain HTTP, PKCE pairs, and the flow's steps by hand. */
import { createHash, randomBytes } from "node:crypto"
import { csrfOf, send } from "../support/FormHttp.js"
import type * as Harness from "../support/Harness.js"

export { type Answer, csrfOf, send } from "../support/FormHttp.js"

/** An account with a person who can sign in, and a key. */
export const person = async (service: Harness.Started, email: string, password = "a long password") => {
  const account = await service.client.admin<{ id: string }>("POST", "/accounts", { plan: "plus" })
  const user = await service.client.admin("POST", `/accounts/${account.body.id}/users`, { email, password })
  if (user.status !== 201) throw new Error(`user: ${user.status} ${user.text}`)
  const key = await service.client.admin<{ key: string }>("POST", `/accounts/${account.body.id}/keys`, { label: "k" })
  const signedIn = await send(service.baseUrl, "POST", "/sign-in", { form: { email, password } })
  if (signedIn.cookie === null) throw new Error(`sign-in: ${signedIn.status}`)
  return { accountId: account.body.id, email, password, cookie: signedIn.cookie, key: key.body.key }
}

export const pkce = () => {
  const verifier = randomBytes(32).toString("base64url")
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") }
}

export const register = async (base: string, redirect: string, name = "Test app") => {
  const response = await fetch(new URL("/oauth/register", base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirect] })
  })
  const body = await response.json() as { client_id: string }
  return { status: response.status, clientId: body.client_id }
}

export const token = async (base: string, params: Record<string, string>) => {
  const response = await fetch(new URL("/oauth/token", base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString()
  })
  return {
    status: response.status,
    body: await response.json() as Record<string, string>,
    cacheControl: response.headers.get("cache-control")
  }
}

/** The consent page for `params`, then its Approve: the Location the browser would follow. */
export const approve = async (
  base: string,
  cookie: string,
  params: Record<string, string>,
  extra: Record<string, string> = {}
) => {
  const page = await send(base, "GET", `/oauth/authorize?${new URLSearchParams(params).toString()}`, { cookie })
  if (page.status !== 200) return { page, answer: page }
  const grants = [...page.text.matchAll(/name="grant" value="([^"]+)"/g)].map((m) => m[1] ?? "")
  const form = new URLSearchParams({ ...params, _csrf: csrfOf(page.text), decision: "approve", ...extra })
  for (const grant of grants) form.append("grant", grant)
  const response = await fetch(new URL("/oauth/authorize", base), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: form.toString()
  })
  return {
    page,
    answer: { status: response.status, location: response.headers.get("location"), cookie: null, text: "" }
  }
}
