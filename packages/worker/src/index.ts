/**
 * Background runners: enrichment jobs, webhook deliveries, imports, bulk runs to resume, link checks and
 * housekeeping. Depends on domain ports only.
 */
export * as BulkRunner from "./BulkRunner.js"
export * as ClaimLoop from "./ClaimLoop.js"
export * as DeliveryRunner from "./DeliveryRunner.js"
export * as EnrichmentRunner from "./EnrichmentRunner.js"
export * as Housekeeping from "./Housekeeping.js"
export * as ImportRunner from "./ImportRunner.js"
export * as LinkCheckRunner from "./LinkCheckRunner.js"
export * as WorkerMetrics from "./WorkerMetrics.js"
