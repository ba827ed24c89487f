/**
 * The HTTP contract. `Api` is everything the server answers (public API, assets, admin API, health) and the typed
 * client (`HttpApiClient.make(Api)`); `PublicApi` and `AdminDocumentApi` are the same groups split the way they are
 * documented: `/v1/api/openapi.json` for API users, `/admin/openapi.json` for operators (docs/api.md).
 */
import * as HttpApi from "@effect/platform/HttpApi"
import * as OpenApi from "@effect/platform/OpenApi"
import { AdminApi } from "./AdminApi.js"
import { AdminTransferApi } from "./AdminTransferApi.js"
import { AssetsApi } from "./AssetsApi.js"
import { BookmarksApi } from "./BookmarksApi.js"
import { HealthApi } from "./HealthApi.js"
import * as OpenApiSpec from "./OpenApiSpec.js"
import * as Problem from "./Problem.js"
import * as Problems from "./Problems.js"
import { TagsApi } from "./TagsApi.js"
import { UsageApi } from "./UsageApi.js"
import { WebhooksApi } from "./WebhooksApi.js"

export class Api extends HttpApi.make("bookmarks")
  .add(BookmarksApi)
  .add(UsageApi)
  .add(TagsApi)
  .add(WebhooksApi)
  .add(AssetsApi)
  .add(AdminApi)
  .add(AdminTransferApi)
  .add(HealthApi)
  // Any endpoint may meet undecodable input, an unreachable store or a defect.
  .addError(Problems.InvalidInput)
  .addError(Problems.StorageUnavailable)
  .addError(Problems.InternalError)
{}

/** What an API user reads: every endpoint under `/v1/api`, and health. */
export class PublicApi extends HttpApi.make("bookmarks")
  .add(BookmarksApi)
  .add(UsageApi)
  .add(TagsApi)
  .add(WebhooksApi)
  .add(AssetsApi)
  .add(HealthApi)
  .addError(Problems.InvalidInput)
  .addError(Problems.StorageUnavailable)
  .addError(Problems.InternalError)
  .annotate(HttpApi.AdditionalSchemas, [Problem.Problem])
  .annotateContext(OpenApi.annotations({
    title: "Bookmark Library API",
    version: "1.0.0",
    description: OpenApiSpec.description,
    servers: [{ url: "/", description: "This server" }],
    transform: OpenApiSpec.transform
  }))
{}

/** What an operator reads: the admin API under `/admin`, import and export included. */
export class AdminDocumentApi extends HttpApi.make("admin")
  .add(AdminApi)
  .add(AdminTransferApi)
  .addError(Problems.InvalidInput)
  .addError(Problems.StorageUnavailable)
  .addError(Problems.InternalError)
  .annotate(HttpApi.AdditionalSchemas, [Problem.Problem])
  .annotateContext(OpenApi.annotations({
    title: "Bookmark Library Admin API",
    version: "1.0.0",
    description: OpenApiSpec.adminDescription,
    servers: [{ url: "/", description: "This server" }],
    transform: OpenApiSpec.transform
  }))
{}
