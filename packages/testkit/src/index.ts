/**
 * The whole service in memory (TestApp), in-memory layers of every port, recording fakes and fixtures; no test runner
 * needed. The port contract suites (vitest) are the separate entry `@bookmark-library/testkit/contracts`.
 */
export * as External from "./External.js"
export * as Fixtures from "./Fixtures.js"
export * as TestApp from "./TestApp.js"
export * as MemoryAccounts from "./memory/MemoryAccounts.js"
export * as MemoryAllowanceCounter from "./memory/MemoryAllowanceCounter.js"
export * as MemoryAssetStore from "./memory/MemoryAssetStore.js"
export * as MemoryBookmarks from "./memory/MemoryBookmarks.js"
export * as MemoryDeliveries from "./memory/MemoryDeliveries.js"
export * as MemoryIdGenerator from "./memory/MemoryIdGenerator.js"
export * as MemoryJobs from "./memory/MemoryJobs.js"
export * as MemoryTransactor from "./memory/MemoryTransactor.js"
export * as MemoryWebhooks from "./memory/MemoryWebhooks.js"
export * as FakeContentAnalyzer from "./fakes/FakeContentAnalyzer.js"
export * as FakeLinks from "./fakes/FakeLinks.js"
export * as FakePageExtractor from "./fakes/FakePageExtractor.js"
export * as FakePageFetcher from "./fakes/FakePageFetcher.js"
export * as FakePageRenderer from "./fakes/FakePageRenderer.js"
export * as FakeWebhookSender from "./fakes/FakeWebhookSender.js"
