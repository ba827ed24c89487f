/**
 * The browser-safe entry of the HTTP package: the contract of the API and its typed client, no server and no `node:`
 * module (a test bundles it for the browser). Servers import `@bookmark-library/http`.
 */
export * as AdminApi from "./api/AdminApi.js"
export { Api } from "./api/Api.js"
export * as ApiClient from "./api/ApiClient.js"
export * as AssetsApi from "./api/AssetsApi.js"
export * as Authentication from "./api/Authentication.js"
export * as BookmarksApi from "./api/BookmarksApi.js"
export * as CommonErrors from "./api/CommonErrors.js"
export * as HealthApi from "./api/HealthApi.js"
export * as Paths from "./api/Paths.js"
export * as TagsApi from "./api/TagsApi.js"
export * as UsageApi from "./api/UsageApi.js"
export * as WebhooksApi from "./api/WebhooksApi.js"
export * as ErrorResponses from "./problems/ErrorResponses.js"
export * as ProblemDetails from "./problems/ProblemDetails.js"
