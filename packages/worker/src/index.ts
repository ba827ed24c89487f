/** Background runners: enrichment jobs and webhook deliveries. Depends on domain ports only. */
export * as ClaimLoop from "./ClaimLoop.js"
export * as DeliveryRunner from "./DeliveryRunner.js"
export * as EnrichmentRunner from "./EnrichmentRunner.js"
export * as WorkerMetrics from "./WorkerMetrics.js"
