import { FakeWebhookSender, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Redacted, Scope } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { healthy } from "../../src/server/Health.js"
import * as Mounts from "../../src/server/Mounts.js"
import * as Server from "../../src/server/Server.js"

const fetchStatus = (url: string) => Effect.promise(() => fetch(url).then((r) => r.status, () => 0))

describe("Server.serve", () => {
  it.effect("listens on the given address and stops when its scope closes", () =>
    Effect.gen(function*() {
      const scope = yield* Scope.make()
      const live = Server.serve({ adminToken: Redacted.make("adm_x"), port: 0, host: "127.0.0.1" }).pipe(
        Layer.provide([TestApp.layer(), FakeWebhookSender.make().layer, healthy, Mounts.none])
      )
      const context = yield* Layer.buildWithScope(live, scope)
      const { address } = Context.get(context, HttpServer.HttpServer)
      const url = address._tag === "UnixPathAddress" ? "" : `http://127.0.0.1:${address.port}/health`
      expect(yield* fetchStatus(url)).toBe(200)
      yield* Scope.close(scope, Exit.void)
      expect(yield* fetchStatus(url)).toBe(0)
    }))

  it.effect("hands the paths a mounted face claims to it, and every other path to the API", () =>
    Effect.gen(function*() {
      const scope = yield* Scope.make()
      const face: Mounts.Mount = {
        name: "face",
        claims: (path) => path === "/face" || path.startsWith("/face/"),
        app: Effect.succeed(HttpServerResponse.text("from the face", { status: 200 }))
      }
      const live = Server.serve({ adminToken: Redacted.make("adm_x"), port: 0, host: "127.0.0.1" }).pipe(
        Layer.provide([TestApp.layer(), FakeWebhookSender.make().layer, healthy, Layer.succeed(Mounts.Mounts, [face])])
      )
      const context = yield* Layer.buildWithScope(live, scope)
      const { address } = Context.get(context, HttpServer.HttpServer)
      const base = address._tag === "UnixPathAddress" ? "" : `http://127.0.0.1:${address.port}`
      const text = (path: string) => Effect.promise(() => fetch(base + path).then((r) => r.text()))
      expect(yield* text("/face/page?x=1")).toBe("from the face")
      expect(yield* fetchStatus(`${base}/health`)).toBe(200)
      expect(yield* fetchStatus(`${base}/faces`)).toBe(404)
      yield* Scope.close(scope, Exit.void)
    }))
})
