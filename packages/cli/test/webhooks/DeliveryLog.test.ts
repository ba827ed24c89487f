/**
 * The delivery log over the JSON API, the admin API and the CLI (embedded mode, a real receiver on loopback): every
 * attempt listed newest first with its status, paged; a redelivery arrives with the same delivery id and a valid,
 * fresh signature.
 */
import { Waiting } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Cli from "../support/Cli.js"
import * as Harness from "../support/Harness.js"
import { articlePage, Receiver } from "../support/WebhookReceiver.js"
import { verifyDelivery } from "../support/WebhookSignatures.js"
import { register } from "../support/WebhookWatch.js"

interface Attempt {
  readonly id: string
  readonly deliveryId: string
  readonly trigger: string
  readonly at: string
  readonly status: number | null
  readonly error: string | null
  readonly durationMs: number
  readonly responseSnippet: string
}
interface Page {
  readonly attempts: ReadonlyArray<Attempt>
  readonly next: string | null
}

let receiver: Receiver
let service: Harness.Started

beforeAll(async () => {
  receiver = await Receiver.start()
  service = await Harness.start({
    mode: "embedded",
    env: { SCREENSHOTS: "false", ALLOW_HTTP_WEBHOOKS: "true", WEBHOOK_RETRY_SCHEDULE: "200ms,200ms" },
    overrides: { guard: { allowlist: [receiver.allowlistEntry] } }
  })
})

afterAll(async () => {
  await service?.stop()
  await service?.storage.cleanup()
  await receiver?.close()
})

/** An account whose webhook answers 500 to the first delivery and 200 afterwards, and one delivery made. */
const deliveredAfterARetry = async (name: string) => {
  const { client } = service
  const account = await client.account("ultra")
  const hook = await register(client, account.key, {
    url: receiver.respond(
      `/${name}`,
      (request) => request.nth === 1 ? { status: 500, body: "try later" } : { status: 200, body: "thanks" }
    )
  })
  const saved = await client.api("POST", "/bookmarks", account.key, {
    url: receiver.page(`/${name}/page`, () => articlePage(name))
  })
  expect(saved.status).toBe(201)
  await receiver.waitFor(`/${name}`, 2)
  // The second attempt is logged in the transaction that finishes it: wait until the log shows it.
  let last = ""
  const log = await Waiting.pollUntil(() => `the log to show two attempts: ${last}`, async () => {
    const answer = await client.api<Page>("GET", `/webhooks/${hook.id}/deliveries`, account.key)
    last = answer.text
    return answer.body.attempts.length === 2 && answer.body
  })
  return { account, hook, log }
}

describe("GET /v1/api/webhooks/:id/deliveries", () => {
  it("lists every attempt newest first, with statuses and answers, a page at a time", async () => {
    const { client } = service
    const { account, hook, log } = await deliveredAfterARetry("paged")
    expect(log.attempts.map((a) => [a.trigger, a.status, a.error, a.responseSnippet])).toEqual([
      ["delivery", 200, null, "thanks"],
      ["delivery", 500, null, "try later"]
    ])
    expect(log.next).toBeNull()
    const [second, first] = log.attempts
    expect(second?.deliveryId).toBe(first?.deliveryId)
    expect(Date.parse(second?.at ?? "")).toBeGreaterThanOrEqual(Date.parse(first?.at ?? ""))
    expect(receiver.received("/paged").map((r) => r.headers["webhook-id"])).toEqual([
      first?.deliveryId,
      first?.deliveryId
    ])

    const page1 = await client.api<Page>("GET", `/webhooks/${hook.id}/deliveries?limit=1`, account.key)
    expect(page1.status).toBe(200)
    expect(page1.body.attempts.map((a) => a.id)).toEqual([second?.id])
    expect(page1.body.next).not.toBeNull()
    const page2 = await client.api<Page>(
      "GET",
      `/webhooks/${hook.id}/deliveries?limit=1&before=${page1.body.next}`,
      account.key
    )
    expect(page2.body).toEqual({ attempts: [first], next: null })
    // Counted like any API call.
    expect(page2.headers.get("x-ratelimit-limit")).not.toBeNull()
  })

  it("refuses another account's webhook, an unknown one and a cursor it did not give", async () => {
    const { client } = service
    const { hook } = await deliveredAfterARetry("guarded")
    const stranger = await client.account("free")
    const other = await client.api("GET", `/webhooks/${hook.id}/deliveries`, stranger.key)
    expect([other.status, other.body.code]).toEqual([403, "forbidden"])
    const unknown = await client.api("GET", "/webhooks/whk_nothing/deliveries", stranger.key)
    expect([unknown.status, unknown.body.code]).toEqual([404, "not_found"])
    const mine = await client.account("free")
    const own = await register(client, mine.key, { url: receiver.url("/unused") })
    for (const before of ["yesterday", "1.", ".att_x", "1.att x"]) {
      const bad = await client.api(
        "GET",
        `/webhooks/${own.id}/deliveries?before=${encodeURIComponent(before)}`,
        mine.key
      )
      expect([bad.status, bad.body.code, bad.body.field], before).toEqual([400, "invalid_input", "before"])
    }
    const empty = await client.api<Page>("GET", `/webhooks/${own.id}/deliveries`, mine.key)
    expect(empty.body).toEqual({ attempts: [], next: null })
  })
})

describe("POST /v1/api/webhooks/:id/deliveries/:deliveryId/redeliver", () => {
  it("sends the same delivery again: same id and body, a fresh timestamp and a valid signature, logged", async () => {
    const { client } = service
    const { account, hook, log } = await deliveredAfterARetry("again")
    const deliveryId = log.attempts[0]?.deliveryId ?? ""
    // Later than the original: its timestamp must be the time of sending, not of the first attempt.
    service.clock.advance(90_000)
    const done = await client.api("POST", `/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, account.key)
    expect(done.status, done.text).toBe(200)
    expect(done.body).toMatchObject({
      ok: true,
      status: 200,
      attempt: { deliveryId, trigger: "redelivery", status: 200 }
    })

    const [original, , again] = receiver.received("/again")
    expect(again).toBeDefined()
    if (original === undefined || again === undefined) return
    const first = verifyDelivery(hook.secret, original)
    const second = verifyDelivery(hook.secret, again)
    expect(second.id).toBe(deliveryId)
    expect(again.raw.equals(original.raw)).toBe(true)
    expect(second).toEqual(first)
    expect(Number(again.headers["webhook-timestamp"]) - Number(original.headers["webhook-timestamp"]))
      .toBeGreaterThanOrEqual(90)
    expect(again.headers["webhook-signature"]).not.toBe(original.headers["webhook-signature"])

    const logged = await client.api<Page>("GET", `/webhooks/${hook.id}/deliveries`, account.key)
    expect(logged.body.attempts.map((a) => [a.trigger, a.status])).toEqual([["redelivery", 200], ["delivery", 200], [
      "delivery",
      500
    ]])
  })

  it("answers 404 for a delivery of another webhook or none, 403 for another account's webhook", async () => {
    const { client } = service
    const a = await deliveredAfterARetry("owner-a")
    const b = await deliveredAfterARetry("owner-b")
    const foreign = b.log.attempts[0]?.deliveryId ?? ""
    const wrongHook = await client.api("POST", `/webhooks/${a.hook.id}/deliveries/${foreign}/redeliver`, a.account.key)
    expect([wrongHook.status, wrongHook.body.code]).toEqual([404, "not_found"])
    const impossible = await client.api("POST", `/webhooks/${a.hook.id}/deliveries/x%00y/redeliver`, a.account.key)
    expect(impossible.status).toBe(404)
    const notYours = await client.api("POST", `/webhooks/${b.hook.id}/deliveries/${foreign}/redeliver`, a.account.key)
    expect([notYours.status, notYours.body.code]).toEqual([403, "forbidden"])
    expect(receiver.received("/owner-a").length + receiver.received("/owner-b").length).toBe(4)
  })
})

describe("the operator's delivery log: admin API and bookmarks deliveries", () => {
  it("lists any webhook's attempts and redelivers, over the admin API and from the command line", async () => {
    const { client } = service
    const { hook, log } = await deliveredAfterARetry("operator")
    const listed = await client.admin<Page>("GET", `/webhooks/${hook.id}/deliveries`)
    expect(listed.body).toEqual(log)
    expect((await client.admin("GET", "/webhooks/whk_nothing/deliveries")).status).toBe(404)

    const env = { BOOKMARKS_URL: service.baseUrl, ADMIN_TOKEN: service.adminToken }
    const text = await Cli.run(["deliveries", "list", hook.id], env)
    expect(text.code, text.stderr).toBe(0)
    expect(text.lines).toHaveLength(2)
    expect(text.lines[0]).toContain(`${log.attempts[0]?.deliveryId}  delivery    HTTP 200`)
    expect(text.lines[1]).toContain("HTTP 500")
    const paged = await Cli.run(["deliveries", "list", hook.id, "--limit", "1"], env)
    expect(paged.lines.at(-1)).toMatch(
      new RegExp(`^More: bookmarks deliveries list ${hook.id} --before \\S+   \\(or --all\\)$`)
    )
    const all = Cli.json<Page>(await Cli.run(["deliveries", "list", hook.id, "--limit", "1", "--all", "--json"], env))
    expect(all.attempts.map((a) => a.id)).toEqual(log.attempts.map((a) => a.id))

    const deliveryId = log.attempts[0]?.deliveryId ?? ""
    const resent = await Cli.run(["deliveries", "redeliver", hook.id, deliveryId], env)
    expect(resent.code, resent.stderr).toBe(0)
    expect(resent.lines[0]).toMatch(new RegExp(`^Delivered ${deliveryId} again: HTTP 200 in \\d+ ms\\.$`))
    expect(receiver.received("/operator").length).toBe(3)
    const unknown = await Cli.run(["deliveries", "redeliver", hook.id, "dlv_nothing"], env)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1)
    const usage = await Cli.run(["deliveries", "list"], env)
    expect(usage.code).toBe(2)
    expect(usage.stderr.trim()).toMatch(
      /^bookmarks: Missing argument <webhook-id> \(see: bookmarks deliveries list --help\)$/
    )
  })
})
