/**
 * The sandbox proof (docs/preservation.md, "Opening a copy safely"): a hostile archived copy, served by the archive
 * viewer from the app's own origin (the worst case: no ARCHIVE_ORIGIN), opened in Chromium by a person signed in to
 * the app, tries to read the cookie, call the API, navigate the top window and post a form; none of it happens.
 */
import { AssetId, AssetStore } from "@bookmark-library/domain"
import { ArchiveSigner, ArchiveViewer } from "@bookmark-library/http"
import { External, MemoryAssetStore } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Scope } from "effect"
import * as HttpEffect from "effect/http/HttpEffect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as http from "node:http"
import type { Browser } from "playwright-core"
import { launch } from "../web/Chromium.js"

const chromium = External.needs("CHROMIUM_PATH")
const key = new TextEncoder().encode("a test key of thirty-two bytes!!")
const asset = AssetId.make("00112233445566778899aabbccddeeff")

const hostile = `<!doctype html><html><head><meta charset="utf-8"><title>Archived</title></head><body>
<h1 id="copy">An archived page</h1>
<script>
  document.title = "scripts ran";
  fetch("/app/api/steal?c=" + encodeURIComponent(document.cookie), { credentials: "include" });
  fetch("/app/api/secret", { credentials: "include" });
  new Image().src = "/app/api/pixel-from-script";
  top.location = "/app/pwned";
  document.forms[0].submit();
</script>
<img src="/app/api/pixel" alt="">
<form id="form" method="post" action="/app/form" target="_top"><input name="x" value="1"><button id="send">Send</button></form>
<iframe srcdoc="<script>parent.document.title='frame scripts ran';top.location='/app/pwned-by-frame'</script>"></iframe>
</body></html>`

interface App {
  readonly origin: string
  readonly hits: () => ReadonlyArray<string>
}

/** The app and the archive viewer on one loopback origin: the app sets a session cookie and counts every hit. */
const serve = (viewer: (request: Request) => Promise<Response>) =>
  Effect.acquireRelease(
    Effect.callback<{ readonly server: http.Server; readonly app: App }>((resume) => {
      const hits: Array<string> = []
      const server = http.createServer(async (req, res) => {
        const path = req.url ?? "/"
        if (path.startsWith("/archive/")) {
          const answer = await viewer(new Request(`http://127.0.0.1${path}`, { method: req.method ?? "GET" }))
          res.writeHead(answer.status, Object.fromEntries(answer.headers))
          res.end(Buffer.from(await answer.arrayBuffer()))
          return
        }
        if (path === "/app/login") {
          res.writeHead(200, {
            "set-cookie": "session=secret-session; Path=/; SameSite=Lax",
            "content-type": "text/html"
          })
          res.end("<title>signed in</title>")
          return
        }
        hits.push(`${req.method} ${path}`)
        res.writeHead(200, { "content-type": "text/html" })
        res.end("<title>app</title>")
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({ server, app: { origin: `http://127.0.0.1:${port}`, hits: () => hits } }))
      })
    }),
    ({ server }) =>
      Effect.callback<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ app }) => app))

const browserScoped = Effect.acquireRelease(
  Effect.promise(() => launch(chromium.value ?? "")),
  (browser: Browser) => Effect.promise(() => browser.close())
)

describe.runIf(chromium.run)("archived copies in Chromium", () => {
  it.live(
    "a hostile copy reads no cookie, calls no API, navigates nothing and posts no form",
    () =>
      Effect.gen(function*() {
        const store = yield* AssetStore
        yield* store.put(asset, { bytes: new TextEncoder().encode(hostile), contentType: "text/html; charset=utf-8" })
        const mount = yield* ArchiveViewer.make(key)
        const viewer = HttpEffect.toWebHandlerWith<AssetStore, HttpServerRequest.HttpServerRequest | Scope.Scope>(
          yield* Effect.context<AssetStore>()
        )(mount.app)
        const app = yield* serve((request) => viewer(request))
        const browser = yield* browserScoped
        const context = yield* Effect.acquireRelease(
          Effect.promise(() => browser.newContext()),
          (c) => Effect.promise(() => c.close())
        )
        const page = yield* Effect.promise(() => context.newPage())
        yield* Effect.promise(() => page.goto(`${app.origin}/app/login`))
        const cookies = yield* Effect.promise(() => context.cookies())
        expect(cookies.map((c) => c.name)).toEqual(["session"])

        const link = `${app.origin}/archive/${ArchiveSigner.sign(key, asset, Date.now() + 60_000)}`
        const response = yield* Effect.promise(() => page.goto(link, { waitUntil: "load" }))
        const headers = response?.headers() ?? {}
        expect(headers["content-security-policy"]).toMatch(/^sandbox;/)
        expect(headers["content-security-policy"]).not.toMatch(/allow-scripts|allow-same-origin/)
        expect(headers["x-content-type-options"]).toBe("nosniff")
        expect(headers["set-cookie"]).toBeUndefined()
        // The copy shows; a user's click on its form's button posts nothing either.
        expect(yield* Effect.promise(() => page.locator("#copy").textContent())).toBe("An archived page")
        yield* Effect.promise(() => page.locator("#send").click({ noWaitAfter: true }))
        yield* Effect.sleep("1500 millis")

        // The browser's own favicon request (made for the sign-in page's tab) is not the copy's doing.
        expect(app.hits().filter((hit) => hit !== "GET /favicon.ico")).toEqual([])
        expect(page.url()).toBe(link)
        expect(yield* Effect.promise(() => page.title())).toBe("Archived")
        // The copy's document has an opaque origin: its cookie jar is closed to it.
        const cookieRead = yield* Effect.promise(() =>
          page.evaluate(`(() => { try { return document.cookie } catch (e) { return "refused: " + e.name } })()`)
        )
        expect(cookieRead).toBe("refused: SecurityError")
      }).pipe(Effect.scoped, Effect.provide(MemoryAssetStore.layer)),
    60_000
  )

  it.live("a link that is expired, tampered with or unknown opens nothing", () =>
    Effect.gen(function*() {
      const mount = yield* ArchiveViewer.make(key)
      const viewer = HttpEffect.toWebHandlerWith<AssetStore, HttpServerRequest.HttpServerRequest | Scope.Scope>(
        yield* Effect.context<AssetStore>()
      )(mount.app)
      const expired = ArchiveSigner.sign(key, asset, Date.now() - 1000)
      const unknown = ArchiveSigner.sign(key, AssetId.make("ffffffffffffffffffffffffffffffff"), Date.now() + 60_000)
      for (const token of [expired, `${expired}x`, unknown, "nothing"]) {
        const answer = yield* Effect.promise(() => viewer(new Request(`http://127.0.0.1/archive/${token}`)))
        expect(answer.status).toBe(404)
        expect(answer.headers.get("content-type")).toBe("application/problem+json")
        expect(((yield* Effect.promise(() => answer.json())) as { detail: string }).detail).toMatch(/expired/)
      }
      const post = yield* Effect.promise(() =>
        viewer(new Request(`http://127.0.0.1/archive/${unknown}`, { method: "POST" }))
      )
      expect(post.status).toBe(405)
    }).pipe(Effect.provide(MemoryAssetStore.layer)))

  it.live("with ARCHIVE_ORIGIN, a valid link opens its copy on the archive host only", () =>
    Effect.gen(function*() {
      yield* (yield* AssetStore).put(asset, {
        bytes: new TextEncoder().encode("<p>copy</p>"),
        contentType: "text/html"
      })
      const mount = yield* ArchiveViewer.make(key, { host: "archive.example.test:3000" })
      const viewer = HttpEffect.toWebHandlerWith<AssetStore, HttpServerRequest.HttpServerRequest | Scope.Scope>(
        yield* Effect.context<AssetStore>()
      )(mount.app)
      const token = ArchiveSigner.sign(key, asset, Date.now() + 60_000)
      const onArchive = yield* Effect.promise(() =>
        viewer(
          new Request(`http://archive.example.test:3000/archive/${token}`, {
            headers: { host: "archive.example.test:3000" }
          })
        )
      )
      expect(onArchive.status).toBe(200)
      const onApp = yield* Effect.promise(() =>
        viewer(
          new Request(`http://app.example.test:3000/archive/${token}`, { headers: { host: "app.example.test:3000" } })
        )
      )
      expect(onApp.status).toBe(404)
    }).pipe(Effect.provide(MemoryAssetStore.layer)))
})
