/**
 * Everything the service needs, in memory: the storage ports, deterministic ids, the policy, the recording fakes of
 * the outside world (pages, screenshots, webhook endpoints), the simple extractor and analyzer, and the whole HTTP
 * application as a web handler (no socket).
 */
import { type Policy } from "@bookmark-library/domain"
import { AssetLinks, Health, Mounts, WebHandler } from "@bookmark-library/http"
import { Layer, Redacted } from "effect"
import * as FakeContentAnalyzer from "../fakes/FakeContentAnalyzer.js"
import * as FakePageExtractor from "../fakes/FakePageExtractor.js"
import type * as FakePageFetcher from "../fakes/FakePageFetcher.js"
import type * as FakePageRenderer from "../fakes/FakePageRenderer.js"
import type * as FakeWebhookSender from "../fakes/FakeWebhookSender.js"
import * as InMemoryDomain from "./InMemoryDomain.js"

export interface Fakes {
  readonly pages: ReturnType<typeof FakePageFetcher.make>
  readonly renderer: ReturnType<typeof FakePageRenderer.make>
  readonly webhooks: ReturnType<typeof FakeWebhookSender.make>
}

export interface Settings {
  readonly policy: Partial<Policy.PolicyShape>
  readonly seed: number
  /** The public URL asset links are built from (the HTTP layer's Links). */
  readonly baseUrl: string
  readonly adminToken: string
}

export const layer = (settings: Settings, fakes: Fakes) => {
  const domain = Layer.mergeAll(
    InMemoryDomain.layer(settings.policy, settings.seed, AssetLinks.layer(settings.baseUrl)),
    fakes.pages.layer,
    fakes.renderer.layer,
    fakes.webhooks.layer,
    FakePageExtractor.layer,
    FakeContentAnalyzer.layer
  )
  return WebHandler.layer({ adminToken: Redacted.make(settings.adminToken) }).pipe(
    Layer.provideMerge(Layer.mergeAll(domain, Health.healthy, Mounts.none))
  )
}

export type Services = Layer.Layer.Success<ReturnType<typeof layer>>
