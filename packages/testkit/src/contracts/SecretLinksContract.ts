/** Contract of the SecretLinks port: found by hash, listed newest first, the cap counts live links, revoke once. */
import { type Accounts, Lists, SecretLink, SecretLinkId, SecretLinks } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { listRecord } from "./ListsContract.js"
import { newAccount, uid } from "./Support.js"

export const secretLinksContract = <E>(name: string, layer: Layer.Layer<Accounts | Lists | SecretLinks, E>) =>
  describe(`SecretLinks contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, Accounts | Lists | SecretLinks>) =>
      effect.pipe(Effect.provide(layer))

    it.effect("inserts up to the cap of live links, finds by hash, lists newest first, revokes once", () =>
      run(Effect.gen(function*() {
        const links = yield* SecretLinks
        const account = yield* newAccount()
        const make = (at: number, target: SecretLink.Target): SecretLink.Record => ({
          id: SecretLinkId.make(uid("sln_")),
          accountId: account.id,
          target,
          purpose: target._tag === "List" ? "page" : "feed",
          tokenHash: SecretLink.hash(uid("fd_")),
          createdAt: at,
          revokedAt: null
        })
        const tag = make(1, { _tag: "Tag", tag: "Rust" })
        const list = listRecord(account.id)
        yield* (yield* Lists).insert(list, 10)
        const other = make(2, { _tag: "List", listId: list.id })
        expect(yield* links.insert(tag, 2)).toBe(true)
        expect(yield* links.insert(other, 2)).toBe(true)
        expect(yield* links.insert(make(3, { _tag: "Tag", tag: "x" }), 2)).toBe(false)
        expect(yield* links.findByHash(tag.tokenHash)).toEqual(Option.some(tag))
        expect(Option.isNone(yield* links.findByHash(SecretLink.hash("fd_nothing")))).toBe(true)
        expect((yield* links.list(account.id)).map((l) => l.id)).toEqual([other.id, tag.id])
        expect(yield* links.revoke(tag.id, 50)).toBe(true)
        expect(yield* links.revoke(tag.id, 60)).toBe(true)
        expect((yield* links.get(tag.id)).pipe(Option.map((l) => l.revokedAt))).toEqual(Option.some(50))
        expect(yield* links.revoke(SecretLinkId.make("sln_none"), 1)).toBe(false)
        // A revoked link no longer counts against the cap.
        expect(yield* links.insert(make(4, { _tag: "Tag", tag: "y" }), 2)).toBe(true)
        expect((yield* links.get(other.id)).pipe(Option.map((l) => [l.purpose, l.target]))).toEqual(
          Option.some(["page", { _tag: "List", listId: list.id }])
        )
      })))
  })
