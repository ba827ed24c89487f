/** A plain fetch client for end-to-end tests: what a curl user does, with JSON helpers. */
import { Waiting } from "@bookmark-library/testkit"

/** A JSON body as `JSON.parse` types it: the suites read answers loosely and assert their shape with `expect`. */
// oxlint-disable-next-line typescript/no-explicit-any -- JSON.parse's own type; each test asserts what it reads
export type Json = any

export interface Answer<A = Json> {
  readonly status: number
  readonly headers: Headers
  readonly body: A
  readonly text: string
}

export class Client {
  constructor(readonly baseUrl: string, readonly adminToken: string) {}

  async request<A = Json>(
    method: string,
    path: string,
    init: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}
  ): Promise<Answer<A>> {
    const headers: Record<string, string> = { ...init.headers }
    if (init.key !== undefined) headers["authorization"] = `Bearer ${init.key}`
    let body: string | undefined
    if (init.raw !== undefined) body = init.raw
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers["content-type"] ??= "application/json"
    }
    const response = await fetch(this.baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) })
    const text = await response.text()
    let parsed: unknown = undefined
    try {
      parsed = text === "" ? undefined : JSON.parse(text)
    } catch {
      parsed = undefined
    }
    return { status: response.status, headers: response.headers, body: parsed as A, text }
  }

  api<A = Json>(method: string, path: string, key: string, body?: unknown) {
    return this.request<A>(method, `/v1/api${path}`, { key, ...(body === undefined ? {} : { body }) })
  }

  admin<A = Json>(method: string, path: string, body?: unknown) {
    return this.request<A>(method, `/admin${path}`, { key: this.adminToken, ...(body === undefined ? {} : { body }) })
  }

  /** A new account on `plan` with `keys` API keys. */
  async account(plan: "free" | "plus" | "ultra" = "free", keys = 1) {
    const account = await this.admin<{ id: string }>("POST", "/accounts", { plan })
    if (account.status !== 201) throw new Error(`account: ${account.status} ${account.text}`)
    const made: Array<string> = []
    for (let i = 0; i < keys; i++) {
      const key = await this.admin<{ key: string }>("POST", `/accounts/${account.body.id}/keys`, { label: `k${i}` })
      if (key.status !== 201) throw new Error(`key: ${key.status} ${key.text}`)
      made.push(key.body.key)
    }
    return { id: account.body.id, key: made[0] ?? "", keys: made }
  }

  /** Polls until the bookmark is `ready` (or the time is up). */
  async ready(key: string, id: string, timeoutMs = 30_000) {
    let last = ""
    return Waiting.pollUntil(() => `bookmark ${id} to be ready: ${last}`, async () => {
      const got = await this.api("GET", `/bookmarks/${id}`, key)
      last = got.text
      return got.body?.status === "ready" && got.body
    }, { timeoutMs, intervalMs: 100 })
  }
}
