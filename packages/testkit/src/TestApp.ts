/**
 * The whole service in memory. `start`/`make`: a running service with the JSON API answering without a socket, for
 * tests of clients and integrations. `layer`/`storage`: the domain's ports in memory, for tests written against the
 * use cases.
 */
export { layer, storage } from "./app/InMemoryDomain.js"
export { runDueDeliveries, runDueJobs, settle } from "./app/Queues.js"
export { make, type Options, type Running, start } from "./app/Running.js"
export type { Services } from "./app/Services.js"
