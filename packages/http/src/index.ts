/**
 * The HTTP package's server entry (Node): the server Layer, its handlers' services, the web handler, and the contract
 * again for convenience. Browsers and other clients import the contract and typed client from
 * `@bookmark-library/http/client`, which has no server code.
 */
export * as AdminApi from "./api/AdminApi.js"
export * as AdminAuthentication from "./api/AdminAuthentication.js"
export * as AdminTransferApi from "./api/AdminTransferApi.js"
/** The contract itself, also the typed client (`ApiClient.make`, or `HttpApiClient.make(Api, { baseUrl })`). */
export { Api } from "./api/Api.js"
export * as ApiClient from "./api/ApiClient.js"
export * as AssetsApi from "./api/AssetsApi.js"
export * as Authentication from "./api/Authentication.js"
export * as BookmarksApi from "./api/BookmarksApi.js"
export * as CommonErrors from "./api/CommonErrors.js"
export * as HealthApi from "./api/HealthApi.js"
export * as JsonBody from "./api/JsonBody.js"
export * as Paths from "./api/Paths.js"
export * as TagsApi from "./api/TagsApi.js"
export * as UsageApi from "./api/UsageApi.js"
export * as WebhooksApi from "./api/WebhooksApi.js"
export * as ArchiveSigner from "./archive/ArchiveSigner.js"
export * as ArchiveViewer from "./archive/ArchiveViewer.js"
export * as ErrorResponses from "./problems/ErrorResponses.js"
export * as HttpErrors from "./problems/HttpErrors.js"
export * as ProblemDetails from "./problems/ProblemDetails.js"
export * as AssetLinks from "./server/AssetLinks.js"
export * as Health from "./server/Health.js"
export * as MetricsEndpoint from "./server/MetricsEndpoint.js"
export * as Mounts from "./server/Mounts.js"
export * as Server from "./server/Server.js"
export * as TrustedProxies from "./server/TrustedProxies.js"
export * as WebHandler from "./server/WebHandler.js"
export * as RequestId from "./wrappers/RequestId.js"
