/**
 * The docs page at `/v1/api/docs`: Scalar, served inline (no CDN), built on its first request. Scalar's script is
 * 3 MB of source, some 13 MB of memory once loaded and rendered into the page, which a server whose docs nobody
 * opens need not carry (idle memory: docs/decisions.md, "Performance targets").
 */
import { Effect, Scope } from "effect"
import * as HttpRouter from "effect/http/HttpRouter"
import { PublicApi } from "../api/Api.js"
import { docsPath } from "../api/Paths.js"

const scalarOptions = { hideModels: false, withDefaultFonts: false } as const

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    // The page shows the public document only; the admin API has its own (OpenApiDocuments). Scalar's own route
    // lives in a router of its own, made once, on the first request, and kept as long as this one.
    const scope = yield* Effect.scope
    const docs = yield* Effect.cached(
      Effect.flatMap(Effect.promise(() => import("effect/http-api/HttpApiScalar")), (HttpApiScalar) =>
        HttpRouter.toHttpEffect(HttpApiScalar.layer(PublicApi, { path: docsPath, scalar: scalarOptions }))).pipe(
          Scope.provide(scope)
        )
    )
    yield* router.add("GET", docsPath, Effect.flatten(docs))
  })
)
