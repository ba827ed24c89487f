/**
 * The HTTP contract. `Api` is everything the server answers (public API, assets, admin API, health) and the typed
 * client (`HttpApiClient.make(Api)`); `PublicApi` and `AdminDocumentApi` are the same groups split the way they are
 * documented: `/v1/api/openapi.json` for API users, `/admin/openapi.json` for operators (docs/api.md).
 */
import { Payload } from "@bookmark-library/domain"
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import * as OpenApiSpec from "../openapi/OpenApiSpec.js"
import * as ProblemDetails from "../problems/ProblemDetails.js"
import { AdminApi } from "./AdminApi.js"
import { AdminTransferApi } from "./AdminTransferApi.js"
import { AssetsApi } from "./AssetsApi.js"
import { BookmarksApi } from "./BookmarksApi.js"
import { CommonErrors } from "./CommonErrors.js"
import { HealthApi } from "./HealthApi.js"
import { HighlightsApi } from "./HighlightsApi.js"
import { ListsApi } from "./ListsApi.js"
import { PageCopyApi } from "./PageCopyApi.js"
import { TagsApi } from "./TagsApi.js"
import { UsageApi } from "./UsageApi.js"
import { WebhooksApi } from "./WebhooksApi.js"

export class Api extends HttpApi.make("bookmarks")
  .add(
    BookmarksApi,
    UsageApi,
    TagsApi,
    WebhooksApi,
    AssetsApi,
    AdminApi,
    AdminTransferApi,
    HealthApi,
    ListsApi,
    PageCopyApi,
    HighlightsApi
  )
  // Any endpoint may meet undecodable input, an unreachable store or a defect.
  .middleware(CommonErrors)
  // A body member the payload does not declare is refused by name rather than dropped (docs/decisions.md, "Unknown
  // body fields"); a query parameter the endpoint does not know is ignored. A refusal quotes the offending value,
  // clipped (middleware/DecodeErrors.ts).
  .annotate(HttpApi.ParseOptions, { reportInput: true })
  .annotate(HttpApi.PayloadParseOptions, { ...Payload.parseOptions, reportInput: true })
{}

/** What an API user reads: every endpoint under `/v1/api`, and health. */
export class PublicApi extends HttpApi.make("bookmarks")
  .add(BookmarksApi, UsageApi, TagsApi, WebhooksApi, AssetsApi, HealthApi, ListsApi, PageCopyApi, HighlightsApi)
  .middleware(CommonErrors)
  .annotate(HttpApi.AdditionalSchemas, [ProblemDetails.Problem])
  .annotateMerge(OpenApi.annotations({
    title: "Bookmark Library API",
    version: "1.0.0",
    description: OpenApiSpec.description,
    servers: [{ url: "/", description: "This server" }],
    transform: OpenApiSpec.transform
  }))
{}

/** What an operator reads: the admin API under `/admin`, import and export included. */
export class AdminDocumentApi extends HttpApi.make("admin")
  .add(AdminApi, AdminTransferApi)
  .middleware(CommonErrors)
  .annotate(HttpApi.AdditionalSchemas, [ProblemDetails.Problem])
  .annotateMerge(OpenApi.annotations({
    title: "Bookmark Library Admin API",
    version: "1.0.0",
    description: OpenApiSpec.adminDescription,
    servers: [{ url: "/", description: "This server" }],
    transform: OpenApiSpec.transform
  }))
{}
