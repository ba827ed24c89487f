/**
 * The HTTP package's server entry (Node): the server Layer, its handlers' services, the web handler, and the contract
 * again for convenience. Browsers and other clients import the contract and typed client from
 * `@bookmark-library/http/client`, which has no server code.
 */
export * as AdminApi from "./AdminApi.js"
export * as AdminAuthentication from "./AdminAuthentication.js"
export * as AdminTransferApi from "./AdminTransferApi.js"
/** The contract itself, also the typed client (`ApiClient.make`, or `HttpApiClient.make(Api, { baseUrl })`). */
export { Api } from "./Api.js"
export * as ApiClient from "./ApiClient.js"
export * as AssetLinks from "./AssetLinks.js"
export * as AssetsApi from "./AssetsApi.js"
export * as Authentication from "./Authentication.js"
export * as BookmarksApi from "./BookmarksApi.js"
export * as Health from "./Health.js"
export * as HealthApi from "./HealthApi.js"
export * as HttpErrors from "./HttpErrors.js"
export * as JsonBody from "./JsonBody.js"
export * as MetricsEndpoint from "./MetricsEndpoint.js"
export * as Mounts from "./Mounts.js"
export * as Paths from "./Paths.js"
export * as Problem from "./Problem.js"
export * as Problems from "./Problems.js"
export * as RequestId from "./middleware/RequestId.js"
export * as Server from "./Server.js"
export * as TrustedProxies from "./TrustedProxies.js"
export * as TagsApi from "./TagsApi.js"
export * as UsageApi from "./UsageApi.js"
export * as WebHandler from "./WebHandler.js"
export * as WebhooksApi from "./WebhooksApi.js"
