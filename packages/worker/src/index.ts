/** Background runners: enrichment jobs, webhook deliveries and imports. Depends on domain ports only. */
export * as ClaimLoop from "./ClaimLoop.js"
export * as DeliveryRunner from "./DeliveryRunner.js"
export * as EnrichmentRunner from "./EnrichmentRunner.js"
export * as WorkerMetrics from "./WorkerMetrics.js"
export * as ImportRunner from "./ImportRunner.js"
