/**
 * The browser-safe entry of the HTTP package: the contract of the API and its typed client, no server and no `node:`
 * module (a test bundles it for the browser). Servers import `@bookmark-library/http`.
 */
export { Api } from "./Api.js"
export * as AdminApi from "./AdminApi.js"
export * as ApiClient from "./ApiClient.js"
export * as AssetsApi from "./AssetsApi.js"
export * as Authentication from "./Authentication.js"
export * as BookmarksApi from "./BookmarksApi.js"
export * as HealthApi from "./HealthApi.js"
export * as Paths from "./Paths.js"
export * as Problem from "./Problem.js"
export * as Problems from "./Problems.js"
export * as TagsApi from "./TagsApi.js"
export * as UsageApi from "./UsageApi.js"
export * as WebhooksApi from "./WebhooksApi.js"
