/**
 * Shared step of the two uploads of a page copy from the person's browser (docs/preservation.md, "Copies from the
 * browser"): the HTML is checked against the copy cap and cleaned, stored as a new asset counted for the account, and
 * described as an archived copy marked `capturedBy: browser`, taken now. The caller writes the bookmark that names it,
 * and deletes the asset again if it cannot.
 */
import { Clock, Effect } from "effect"
import * as Archive from "../../Archive.js"
import { type AccountId, AssetId } from "../../Ids.js"
import * as PageCopy from "../../PageCopy.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Settings } from "../../ports/Settings.js"
import { toHex } from "../../Sha256.js"
import { countStored } from "../assets/AccountStorage.js"

export const storeBrowserCopy = Effect.fnUntraced(function*(accountId: AccountId, html: string) {
  const { archive: archiving } = yield* Settings
  const bytes = yield* Effect.fromResult(PageCopy.parse(html, archiving.maxBytes))
  const assetId = AssetId.make(toHex(yield* (yield* IdGenerator).bytes(16)))
  const contentType = "text/html; charset=utf-8"
  yield* (yield* AssetStore).put(assetId, { bytes, contentType })
  yield* countStored(accountId, assetId, bytes.byteLength)
  const now = yield* Clock.currentTimeMillis
  const archive = Archive.taken({
    asset: assetId,
    takenAt: now,
    bytes: bytes.byteLength,
    contentType,
    partial: "",
    capturedBy: "browser"
  })
  return { assetId, archive, now }
})
