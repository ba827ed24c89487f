/**
 * Type-checked as a consumer would (moduleResolution nodenext, strict): every public entry of every package resolves
 * to its declarations, and what it exports is typed (not `any`).
 */
import * as Adapters from "@bookmark-library/adapters"
import { AppConfig, Composition } from "@bookmark-library/cli"
import { type Bookmark, type Bookmarks, saveBookmark, Signature, Url } from "@bookmark-library/domain"
import type * as Errors from "@bookmark-library/domain/Errors"
import { Server, WebHandler } from "@bookmark-library/http"
import { Api, ApiClient } from "@bookmark-library/http/client"
import { McpMount } from "@bookmark-library/mcp"
import { Fixtures, MemoryBookmarks, TestApp } from "@bookmark-library/testkit"
import { bookmarksContract, importsContract, usersContract } from "@bookmark-library/testkit/contracts"
import { WebApp } from "@bookmark-library/web"
import { verifyDelivery, verifyStandard } from "@bookmark-library/webhook-receiver"
import { EnrichmentRunner } from "@bookmark-library/worker"
import type { Effect, Layer, Result } from "effect"

/** `true` only when `T` is `any`: a value of type `NotAny<T>` cannot be written for an untyped export. */
type NotAny<T> = 0 extends 1 & T ? never : true
const typed = <T>(_value: T, proof: NotAny<T>) => proof

typed(verifyDelivery, true)
typed(verifyStandard, true)
export const verified: boolean = verifyDelivery("whsec_x", new Uint8Array(), "sha256=00")
export const signature: string = Signature.serviceSignature("whsec_x", "{}")
export const url: Result.Result<string, Errors.InvalidInput> = Url.normalizeBookmarkUrl("https://example.com/")
typed(saveBookmark, true)
export type Ack = Effect.Success<ReturnType<typeof saveBookmark>>
export const ack: Ack | undefined = undefined satisfies Bookmark.Ack | undefined
typed(Api, true)
typed(ApiClient.make, true)
typed(Server.layer, true)
typed(WebHandler.layer, true)
typed(TestApp.start, true)
typed(Fixtures.accountWithKey, true)
export const memory: Layer.Layer<Bookmarks> = MemoryBookmarks.layer
typed(bookmarksContract, true)
typed(importsContract, true)
typed(usersContract, true)
typed(Adapters.SqlStorage, true)
typed(EnrichmentRunner.layer, true)
typed(McpMount.make, true)
typed(WebApp.make, true)
typed(Composition, true)
typed(AppConfig, true)
