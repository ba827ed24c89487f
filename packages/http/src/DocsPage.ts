/**
 * The docs page at `/v1/api/docs`: Scalar, served inline (no CDN), built on its first request. Scalar's script is
 * 3 MB of source, some 13 MB of memory once loaded and rendered into the page, which a server whose docs nobody
 * opens need not carry (idle memory: docs/decisions.md, "Performance targets").
 */
import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Context, Effect, Layer } from "effect"
import { PublicApi } from "./Api.js"
import { docsPath } from "./Paths.js"

const scalarOptions = { hideModels: false, withDefaultFonts: false } as const

export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    // The page shows the public document only; the admin API has its own (OpenApiDocuments). `HttpApi.Api`
    // holds its api with the types erased, as `HttpApiBuilder.api` builds it.
    const api: HttpApi.Api["Type"] = { api: PublicApi as unknown as HttpApi.Api["Type"]["api"], context: Context.empty() }
    // Scalar's own route in a router of its own, made once, on the first request.
    const docsRouter = yield* Effect.cached(
      Effect.flatMap(Effect.promise(() => import("@effect/platform/HttpApiScalar")), (HttpApiScalar) =>
        Effect.provide(
          HttpApiBuilder.Router.router,
          HttpApiScalar.layer({ path: docsPath, scalar: scalarOptions }).pipe(
            Layer.provideMerge(HttpApiBuilder.Router.Live),
            Layer.provide(Layer.succeed(HttpApi.Api, api))
          )
        ))
    )
    yield* router.get(docsPath, Effect.flatten(docsRouter))
  })
)
