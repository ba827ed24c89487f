/**
 * Everything the service needs, in memory: the storage ports, deterministic ids, the settings, the recording fakes of
 * the outside world (pages, screenshots, webhook endpoints), the server's own HTML extractor (it reads the bytes it is
 * given and needs no network, so a page's title and description come out as the server would find them), the simple
 * analyzer, and the whole HTTP application as a web handler (no socket).
 */
import * as HtmlPageExtractor from "@bookmark-library/adapters/extract/HtmlPageExtractor"
import type { Settings } from "@bookmark-library/domain"
import { AssetLinks, Health, Mounts, WebHandler } from "@bookmark-library/http"
import { Layer, Redacted } from "effect"
import * as FakeContentAnalyzer from "../fakes/FakeContentAnalyzer.js"
import type * as FakePageFetcher from "../fakes/FakePageFetcher.js"
import type * as FakePageRenderer from "../fakes/FakePageRenderer.js"
import type * as FakeWebhookSender from "../fakes/FakeWebhookSender.js"
import * as InMemoryDomain from "./InMemoryDomain.js"

export interface Fakes {
  readonly pages: ReturnType<typeof FakePageFetcher.make>
  readonly renderer: ReturnType<typeof FakePageRenderer.make>
  readonly webhooks: ReturnType<typeof FakeWebhookSender.make>
}

export interface Setup {
  readonly settings: Partial<Settings.SettingsShape>
  readonly seed: number
  /** The public URL asset links are built from (the HTTP layer's Links). */
  readonly baseUrl: string
  readonly adminToken: string
}

export const layer = (setup: Setup, fakes: Fakes) => {
  const domain = Layer.mergeAll(
    InMemoryDomain.layer(setup.settings, setup.seed, AssetLinks.layer(setup.baseUrl)),
    fakes.pages.layer,
    fakes.renderer.layer,
    fakes.webhooks.layer,
    HtmlPageExtractor.layer,
    FakeContentAnalyzer.layer
  )
  return WebHandler.layer({ adminToken: Redacted.make(setup.adminToken) }).pipe(
    Layer.provideMerge(Layer.mergeAll(domain, Health.healthy, Mounts.none))
  )
}

export type Services = Layer.Success<ReturnType<typeof layer>>
