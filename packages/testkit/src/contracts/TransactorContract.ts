/**
 * Contract of the Transactor port over the storage ports it spans (Accounts, Bookmarks, Jobs, Webhooks,
 * Deliveries, Imports, and the web app's Users, Sessions, SignInAttempts and DeliveryLog): a block that fails, dies or
 * is interrupted leaves no write behind; a nested block is a savepoint (its failure takes back only its own writes; its
 * writes stay only if the outer block commits); wake-ups of a block are sent when it commits; concurrent blocks keep
 * exactly the writes of those that committed. The asset store and the allowance counter are outside the transaction
 * (files, Redis) and not covered.
 */
import {
  type Account,
  AccountId,
  Accounts,
  ApiKey,
  ApiKeyId,
  Bookmark,
  Bookmarks,
  Deliveries,
  DeliveryLog,
  type Import,
  ImportId,
  Imports,
  JobId,
  Jobs,
  Scope,
  Sessions,
  SignInAttempts,
  Transactor,
  type User,
  Users,
  type WebhookId,
  Webhooks
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, type Layer, Option } from "effect"
import { deliveryRecord } from "./DeliveriesContract.js"
import { attemptRecord } from "./DeliveryLogContract.js"
import type { StoragePorts } from "./StoragePorts.js"
import { insertBookmark, newAccount, newBookmark, uid } from "./Support.js"
import { userRecord } from "./UsersContract.js"
import { webhookRecord } from "./WebhooksContract.js"

/** A failed nested block must not hang the test run: the test fails after this instead. */
const hangLimit = 10_000

const keyFor = (accountId: AccountId) => {
  const key = `bk_${uid("").padEnd(40, "k").slice(0, 40)}`
  const info: ApiKey.Info = {
    id: ApiKeyId.make(uid("key_")),
    accountId,
    label: "",
    masked: ApiKey.mask(key),
    source: "api",
    scopes: Scope.all,
    createdAt: 1,
    revokedAt: null
  }
  return { info, hash: ApiKey.hash(key) }
}

/** A window long enough that a seeded sign-in failure stays counted in every test. */
const throttleWindow = 1e12

const sessionRecord = (userId: User.User["id"], expiresAt: number) => ({
  hash: uid("ses_"),
  userId,
  createdAt: 1,
  expiresAt
})

const importRecord = (accountId: AccountId): Import.Record => ({
  id: ImportId.make(uid("imp_")),
  accountId,
  format: "netscape",
  events: false,
  duplicatePolicy: "skip",
  folders: "tags",
  state: "running",
  total: 10,
  position: 0,
  saved: 0,
  duplicates: 0,
  failed: 0,
  enriched: 0,
  failures: [],
  createdAt: 1,
  finishedAt: null
})

/**
 * One object of every storage port, committed: an account with a key, bookmarks (one processing, one finished,
 * one to delete), a job, a webhook, a delivery about the bookmark, a person with two sessions, sign-in failures
 * and a logged delivery attempt.
 */
const seed = Effect.gen(function*() {
  const accounts = yield* Accounts
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  const webhooks = yield* Webhooks
  const deliveries = yield* Deliveries
  const users = yield* Users
  const sessions = yield* Sessions
  const attempts = yield* SignInAttempts
  const log = yield* DeliveryLog
  const imports = yield* Imports
  const account = yield* newAccount("free", 0)
  const key = keyFor(account.id)
  yield* accounts.addKey(key.info, key.hash)
  // Older than `bookmark`, so the next save at 5,000 still lands at 5,001.
  const finished = yield* insertBookmark(account.id, 3_000)
  yield* bookmarks.complete(finished.id, {
    derived: { ...Bookmark.emptyDerived, title: "Done" },
    processingError: "",
    pageText: ""
  })
  const doomed = yield* insertBookmark(account.id, 4_000)
  const bookmark = yield* insertBookmark(account.id, 5_000)
  const job = JobId.make(uid("job_"))
  yield* jobs.enqueue({ id: job, bookmarkId: bookmark.id, runAt: 0 })
  const hook = webhookRecord(account.id)
  const spare = webhookRecord(account.id, { createdAt: 1 })
  yield* webhooks.insert(hook, 10)
  yield* webhooks.insert(spare, 10)
  const delivery = deliveryRecord(hook.id, account.id, { bookmarkId: bookmark.id })
  yield* deliveries.enqueue([delivery])
  const user = userRecord(account.id)
  yield* users.create(user, "hash-seeded", { onlyIfFirst: false })
  const live = sessionRecord(user.id, 9e15)
  const expired = sessionRecord(user.id, 50)
  yield* sessions.create(live)
  yield* sessions.create(expired)
  const failing = uid("ip:")
  const cleared = uid("email:")
  yield* attempts.recordFailure(failing, 1_000, throttleWindow)
  yield* attempts.recordFailure(cleared, 1_000, throttleWindow)
  const attempt = attemptRecord(hook.id, 5, { accountId: account.id })
  yield* log.record(attempt)
  const started = importRecord(account.id)
  yield* imports.create(started, new Uint8Array([1, 2, 3]))
  return {
    account,
    key,
    bookmark,
    finished,
    doomed,
    job,
    hook,
    spare,
    delivery,
    user,
    live,
    expired,
    failing,
    cleared,
    attempt,
    started
  }
})
type Seeded = Effect.Success<typeof seed>

/** Everything a reader can see of the seeded objects (and of objects a block may have added to them). */
const observe = (
  s: Seeded,
  added: {
    readonly account: AccountId
    readonly keyHash: string
    readonly email?: string
    readonly session?: string
    readonly importId?: ImportId
  }
) =>
  Effect.gen(function*() {
    const accounts = yield* Accounts
    const bookmarks = yield* Bookmarks
    const webhooks = yield* Webhooks
    const deliveries = yield* Deliveries
    return {
      account: yield* accounts.get(s.account.id),
      addedAccount: yield* accounts.get(added.account),
      keys: yield* accounts.listKeys(s.account.id),
      addedKey: yield* accounts.findByKeyHash(added.keyHash),
      bookmark: yield* bookmarks.get(s.bookmark.id),
      library: yield* bookmarks.list(s.account.id, {
        limit: 100,
        before: Option.none(),
        tag: Option.none(),
        type: Option.none(),
        q: Option.none()
      }),
      webhooks: yield* webhooks.list(s.account.id),
      deliveries: yield* deliveries.listForWebhook(s.hook.id),
      pendingJobs: yield* Effect.flatMap(Jobs, (jobs) => jobs.pending),
      started: yield* Effect.flatMap(Imports, (imports) => imports.get(s.started.id)),
      addedImport: added.importId === undefined
        ? Option.none()
        : yield* Effect.flatMap(Imports, (imports) => imports.get(added.importId ?? s.started.id)),
      ...(yield* observePeople(s, added))
    }
  })

/** What a reader can see of the web app's ports: the person, their sessions, sign-in failures, the delivery log. */
const observePeople = (s: Seeded, added: { readonly email?: string; readonly session?: string }) =>
  Effect.gen(function*() {
    const users = yield* Users
    const sessions = yield* Sessions
    const attempts = yield* SignInAttempts
    const log = yield* DeliveryLog
    const session = (hash: string) => Effect.map(sessions.find(hash), Option.map((found) => found.session))
    return {
      user: yield* users.get(s.user.id),
      people: yield* users.listForAccount(s.account.id),
      addedUser: added.email === undefined ? Option.none() : yield* users.findByEmail(added.email),
      live: yield* session(s.live.hash),
      expired: yield* session(s.expired.hash),
      addedSession: added.session === undefined ? Option.none() : yield* session(added.session),
      failing: yield* attempts.failures(s.failing, 2_000, throttleWindow),
      cleared: yield* attempts.failures(s.cleared, 2_000, throttleWindow),
      log: yield* log.listForWebhook(s.hook.id, { limit: 100, before: Option.none() })
    }
  })

const claimDeliveries = (now: number, hook: WebhookId) =>
  Effect.map(
    Effect.flatMap(Deliveries, (d) => d.claim({ now, lease: 1_000, max: 100, maxPerWebhook: 4 })),
    (claimed) => claimed.filter((c) => c.delivery.webhookId === hook)
  )

/** Every write of every port on the seeded objects, as one block would make them. */
const writeEverything = (s: Seeded, added: ReturnType<typeof freshAdded>) =>
  Effect.gen(function*() {
    const accounts = yield* Accounts
    const bookmarks = yield* Bookmarks
    const jobs = yield* Jobs
    const webhooks = yield* Webhooks
    const deliveries = yield* Deliveries
    yield* accounts.create(added.account)
    yield* accounts.setPlan(s.account.id, "ultra", 99)
    yield* accounts.addKey(added.key.info, added.key.hash)
    yield* accounts.revokeKey(s.key.info.id, 99)
    yield* bookmarks.insert(newBookmark(s.account.id, 5_000))
    yield* bookmarks.complete(s.bookmark.id, {
      derived: { ...Bookmark.emptyDerived, title: "T" },
      processingError: "",
      pageText: "x"
    })
    yield* bookmarks.edit(s.bookmark.id, { note: "edited" })
    yield* jobs.enqueue({ id: JobId.make(uid("job_")), bookmarkId: s.bookmark.id, runAt: 0 })
    const claimed = yield* jobs.claim({ now: 0, lease: 1_000, max: 1_000 })
    expect(claimed.map((j) => j.id)).toContain(s.job)
    yield* jobs.retryAt(s.job, 50)
    yield* jobs.complete(s.job)
    yield* webhooks.insert(webhookRecord(s.account.id, { createdAt: 2 }), 10)
    yield* webhooks.recordAttempt(s.hook.id, { at: 10, status: 500, ok: false })
    yield* webhooks.setActive(s.spare.id, false)
    yield* webhooks.delete(s.spare.id)
    yield* deliveries.enqueue([deliveryRecord(s.hook.id, s.account.id, { createdAt: 1 })])
    expect((yield* claimDeliveries(0, s.hook.id)).length).toBeGreaterThan(0)
    yield* deliveries.finish(s.delivery.id, { state: "pending", nextAttemptAt: 70 })
    yield* deliveries.cancelForBookmark(s.bookmark.id)
    yield* deliveries.cancelForWebhook(s.hook.id)
    yield* writePeople(s, added)
    yield* writeImport(s, added)
  })

/** Every write of the web app's ports: a refresh and a delete, people, sessions, sign-in failures, the log. */
const writePeople = (s: Seeded, added: ReturnType<typeof freshAdded>) =>
  Effect.gen(function*() {
    const bookmarks = yield* Bookmarks
    const users = yield* Users
    const sessions = yield* Sessions
    const attempts = yield* SignInAttempts
    const log = yield* DeliveryLog
    expect(Option.isSome(yield* bookmarks.restart(s.finished.id))).toBe(true)
    expect(yield* bookmarks.delete(s.doomed.id)).toBe(true)
    expect(yield* users.create(added.user, "hash-added", { onlyIfFirst: false })).toBe("created")
    expect(yield* users.setPasswordHash(s.user.id, "hash-changed")).toBe(true)
    yield* sessions.create(added.session)
    yield* sessions.extend(s.live.hash, 9e15 + 1)
    expect(yield* sessions.pruneExpired(100)).toBeGreaterThanOrEqual(1)
    expect(yield* sessions.deleteForUser(s.user.id, Option.none())).toBe(1)
    yield* sessions.delete(added.session.hash)
    yield* sessions.create(added.session)
    expect((yield* attempts.recordFailure(s.failing, 2_000, throttleWindow)).count).toBe(2)
    yield* attempts.clear(s.cleared)
    yield* log.record(attemptRecord(s.hook.id, 20, { accountId: s.account.id }))
    expect(yield* log.pruneBefore(10)).toBeGreaterThanOrEqual(1)
  })

/** Every write of an import's batch: the import's record and position, imported bookmarks and their jobs. */
const writeImport = (s: Seeded, added: ReturnType<typeof freshAdded>) =>
  Effect.gen(function*() {
    const bookmarks = yield* Bookmarks
    const jobs = yield* Jobs
    const imports = yield* Imports
    yield* imports.create(added.started, new Uint8Array([4, 5]))
    expect(Option.isSome(yield* imports.claim({ now: 0, lease: 1_000 }))).toBe(true)
    const step = { position: 5, saved: 1, duplicates: 0, failed: 0, enriched: 0, failures: [] }
    expect(yield* imports.advance(s.started.id, 0, step, 2_000)).toBe(true)
    yield* imports.countEnriched(s.started.id)
    yield* imports.finish(s.started.id, 3_000)
    const { now: _now, ...item } = newBookmark(s.account.id, 0, {
      url: "https://example.com/imported",
      source: "import"
    })
    const batch = yield* bookmarks.insertImported(s.account.id, [{ ...item, wantedAt: 100 }], "skip")
    expect(batch.inserted.length).toBe(1)
    yield* jobs.enqueueMany(batch.inserted.map((b) => ({
      id: JobId.make(uid("job_")),
      bookmarkId: b.id,
      runAt: 0,
      lane: "import" as const,
      host: "example.com",
      events: false,
      importId: s.started.id
    })))
  })

/** What is left when no write of the block survived: the seeded state, and the seeded job and delivery due. */
const expectUntouched = (
  s: Seeded,
  added: ReturnType<typeof freshAdded>,
  before: Effect.Success<ReturnType<typeof observe>>
) =>
  Effect.gen(function*() {
    const jobs = yield* Jobs
    const bookmarks = yield* Bookmarks
    expect(yield* observe(s, seen(added))).toEqual(before)
    // The claim, retry and completion of the job were taken back: it is due now, at its first attempt.
    const job = (yield* jobs.claim({ now: 0, lease: 1_000, max: 1_000 })).filter((j) => j.id === s.job)
    expect(job.map((j) => j.attempts)).toEqual([1])
    yield* jobs.complete(s.job)
    // So was the lease of the delivery.
    expect((yield* claimDeliveries(0, s.hook.id)).map((c) => c.delivery.id)).toEqual([s.delivery.id])
    yield* Effect.flatMap(Deliveries, (d) => d.cancelForWebhook(s.hook.id))
    // And the createdAt the rolled-back insert took is free again.
    expect((yield* insertBookmark(s.account.id, 5_000)).createdAt).toBe(5_001)
    expect(Option.isSome(yield* bookmarks.get(s.bookmark.id))).toBe(true)
  })

const freshAdded = () => {
  const account: Account.Account = { id: AccountId.make(uid("acc_")), plan: "plus", createdAt: 3, planChangedAt: 3 }
  const user = userRecord(account.id)
  return {
    account,
    key: keyFor(account.id),
    user,
    session: sessionRecord(user.id, 9e15),
    started: importRecord(account.id)
  }
}

/** What `observe` looks up of the objects a block may add. */
const seen = (added: ReturnType<typeof freshAdded>) => ({
  account: added.account.id,
  keyHash: added.key.hash,
  email: added.user.email,
  session: added.session.hash,
  importId: added.started.id
})

export const transactorContract = <E>(name: string, layer: Layer.Layer<StoragePorts, E>) =>
  describe(`Transactor contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, StoragePorts>) => effect.pipe(Effect.provide(layer))

    it.effect("a block that fails takes back every write of every storage port", () =>
      run(Effect.gen(function*() {
        const tx = yield* Transactor
        const s = yield* seed
        const added = freshAdded()
        const before = yield* observe(s, seen(added))
        const failure = yield* Effect.flip(
          tx.atomic(Effect.andThen(writeEverything(s, added), Effect.fail("boom" as const)))
        )
        expect(failure).toBe("boom")
        yield* expectUntouched(s, added, before)
      })))

    it.effect("a block that dies takes back its writes, and the defect reaches the caller", () =>
      run(Effect.gen(function*() {
        const tx = yield* Transactor
        const s = yield* seed
        const added = freshAdded()
        const before = yield* observe(s, seen(added))
        const exit = yield* Effect.exit(
          tx.atomic(Effect.andThen(writeEverything(s, added), Effect.die(new Error("defect"))))
        )
        expect(exit._tag).toBe("Failure")
        yield* expectUntouched(s, added, before)
      })))

    it.effect("an interrupted block takes back its writes", () =>
      run(Effect.gen(function*() {
        const tx = yield* Transactor
        const s = yield* seed
        const added = freshAdded()
        const before = yield* observe(s, seen(added))
        const written = yield* Deferred.make<void>()
        const fiber = yield* Effect.forkChild(tx.atomic(Effect.gen(function*() {
          yield* writeEverything(s, added)
          yield* Deferred.succeed(written, undefined)
          return yield* Effect.never
        })))
        yield* Deferred.await(written)
        yield* Fiber.interrupt(fiber)
        yield* expectUntouched(s, added, before)
      })))

    it.effect("a block that succeeds keeps its writes and returns its value; inside, it reads its own writes", () =>
      run(Effect.gen(function*() {
        const tx = yield* Transactor
        const accounts = yield* Accounts
        const s = yield* seed
        const added = freshAdded()
        const value = yield* tx.atomic(Effect.gen(function*() {
          yield* accounts.create(added.account)
          yield* accounts.setPlan(s.account.id, "plus", 7)
          expect(yield* accounts.get(added.account.id)).toEqual(Option.some(added.account))
          return "done" as const
        }))
        expect(value).toBe("done")
        expect(yield* accounts.get(added.account.id)).toEqual(Option.some(added.account))
        expect(Option.map(yield* accounts.get(s.account.id), (a) => a.plan)).toEqual(Option.some("plus"))
      })))

    it.effect(
      "a failed nested block takes back only its own writes; the outer block goes on and commits",
      () =>
        run(Effect.gen(function*() {
          const tx = yield* Transactor
          const accounts = yield* Accounts
          const webhooks = yield* Webhooks
          const s = yield* seed
          const kept = freshAdded().account
          const undone = freshAdded().account
          const after = freshAdded().account
          const inner = yield* tx.atomic(Effect.gen(function*() {
            yield* accounts.create(kept)
            const failed = yield* Effect.flip(tx.atomic(Effect.gen(function*() {
              yield* accounts.create(undone)
              yield* webhooks.recordAttempt(s.hook.id, { at: 1, status: 500, ok: false })
              return yield* Effect.fail("inner" as const)
            })))
            // After the savepoint is rolled back the outer block still works and sees its own earlier writes.
            yield* accounts.create(after)
            expect(Option.isSome(yield* accounts.get(kept.id))).toBe(true)
            return failed
          }))
          expect(inner).toBe("inner")
          expect(Option.isSome(yield* accounts.get(kept.id))).toBe(true)
          expect(Option.isSome(yield* accounts.get(after.id))).toBe(true)
          expect(Option.isNone(yield* accounts.get(undone.id))).toBe(true)
          expect(Option.map(yield* webhooks.get(s.hook.id), (w) => w.failureCount)).toEqual(Option.some(0))
        })),
      hangLimit
    )

    it.effect(
      "a nested block that committed is taken back with its failed outer block",
      () =>
        run(Effect.gen(function*() {
          const tx = yield* Transactor
          const accounts = yield* Accounts
          const outer = freshAdded().account
          const nested = freshAdded().account
          const failure = yield* Effect.flip(tx.atomic(Effect.gen(function*() {
            yield* accounts.create(outer)
            yield* tx.atomic(tx.atomic(accounts.create(nested)))
            return yield* Effect.fail("outer" as const)
          })))
          expect(failure).toBe("outer")
          expect(Option.isNone(yield* accounts.get(outer.id))).toBe(true)
          expect(Option.isNone(yield* accounts.get(nested.id))).toBe(true)
        })),
      hangLimit
    )

    it.effect(
      "of concurrent blocks, exactly the writes of those that committed remain",
      () =>
        run(Effect.gen(function*() {
          const tx = yield* Transactor
          const accounts = yield* Accounts
          const webhooks = yield* Webhooks
          const s = yield* seed
          const made = Array.from({ length: 16 }, () => freshAdded().account)
          yield* Effect.all(
            made.map((account, i) =>
              Effect.ignore(tx.atomic(Effect.gen(function*() {
                yield* accounts.create(account)
                yield* webhooks.recordAttempt(s.hook.id, { at: i, status: 503, ok: false })
                if (i % 2 === 0) return yield* Effect.fail("rolled back" as const)
              })))
            ),
            { concurrency: "unbounded" }
          )
          const present = yield* Effect.forEach(made, (a) => Effect.map(accounts.get(a.id), Option.isSome))
          expect(present).toEqual(made.map((_, i) => i % 2 === 1))
          expect(Option.map(yield* webhooks.get(s.hook.id), (w) => w.failureCount)).toEqual(Option.some(8))
        })),
      hangLimit
    )

    it.effect(
      "wake-ups are sent when a block commits, never for one that rolled back",
      () =>
        run(Effect.gen(function*() {
          const tx = yield* Transactor
          const jobs = yield* Jobs
          const deliveries = yield* Deliveries
          const s = yield* seed
          // Wake-ups arrive in commit order. Once the wake-up of this delivery has arrived, so have those of the seed.
          const drained = yield* Effect.forkChild(deliveries.awaitEnqueued)
          yield* Effect.yieldNow
          yield* tx.atomic(deliveries.enqueue([deliveryRecord(s.hook.id, s.account.id, { createdAt: 4 })]))
          yield* Fiber.join(drained)
          const jobWaiter = yield* Effect.forkChild(jobs.awaitEnqueued)
          const deliveryWaiter = yield* Effect.forkChild(deliveries.awaitEnqueued)
          yield* Effect.yieldNow
          yield* Effect.ignore(tx.atomic(Effect.andThen(
            jobs.enqueue({ id: JobId.make(uid("job_")), bookmarkId: s.bookmark.id, runAt: 0 }),
            Effect.fail("rolled back" as const)
          )))
          // A job wake-up sent before this delivery's would have arrived before it.
          const delivery = deliveryRecord(s.hook.id, s.account.id, { createdAt: 5 })
          yield* tx.atomic(deliveries.enqueue([delivery]))
          yield* Fiber.join(deliveryWaiter)
          yield* Effect.yieldNow
          expect(jobWaiter.pollUnsafe()).toBeUndefined()
          const job = JobId.make(uid("job_"))
          yield* tx.atomic(jobs.enqueue({ id: job, bookmarkId: s.bookmark.id, runAt: 0 }))
          yield* Fiber.join(jobWaiter)
          yield* jobs.complete(job)
          yield* jobs.complete(s.job)
          yield* deliveries.cancelForWebhook(s.hook.id)
        })),
      hangLimit
    )
  })
