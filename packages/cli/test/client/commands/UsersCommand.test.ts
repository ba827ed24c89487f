/** `bookmarks users create`: the password from standard input, never a flag; the person can then sign in. */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../../support/Harness.js"

const bin = fileURLToPath(new URL("../../../bin/bookmarks.mjs", import.meta.url))

const run = (service: Harness.Started, args: ReadonlyArray<string>, stdin: string) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const url = new URL(service.baseUrl)
    const child = spawn(process.execPath, [bin, ...args], {
      env: {
        PATH: process.env["PATH"] ?? "",
        HOST: url.hostname,
        PORT: url.port,
        ADMIN_TOKEN: service.adminToken,
        DATA_DIR: service.storage.dataDir
      },
      stdio: ["pipe", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()))
    child.on("close", (code) => resolve({ code, out, err }))
    child.stdin.end(stdin)
  })

describe("bookmarks users create", () => {
  let service: Harness.Started | undefined
  beforeAll(async () => {
    service = await Harness.start({ roles: "api" })
  })
  afterAll(async () => {
    await service?.stop()
    await service?.storage.cleanup()
  })

  it("reads the password from stdin; the person signs in with it; a taken email fails with one line", async () => {
    if (service === undefined) throw new Error("not started")
    const account = await service.client.admin<{ id: string }>("POST", "/accounts", { plan: "free" })
    const created = await run(service, [
      "users",
      "create",
      "--account",
      account.body.id,
      "--email",
      "Lin@Example.com",
      "--password-stdin",
      "--json"
    ], "a long passphrase\n")
    expect(created.code).toBe(0)
    expect(JSON.parse(created.out)).toMatchObject({ email: "lin@example.com", accountId: account.body.id })
    expect(created.out + created.err).not.toContain("a long passphrase")
    const signIn = await fetch(`${service.baseUrl}/sign-in`, {
      method: "POST",
      redirect: "manual",
      body: "email=lin%40example.com&password=a+long+passphrase",
      headers: { "content-type": "application/x-www-form-urlencoded" }
    })
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get("set-cookie")).toMatch(/^bookmarks_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax/)
    const again = await run(service, [
      "users",
      "create",
      "--account",
      account.body.id,
      "--email",
      "lin@example.com",
      "--password-stdin"
    ], "another one\n")
    expect(again.code).toBe(1)
    expect(again.err).toContain("already used")
  }, 60_000)
})
