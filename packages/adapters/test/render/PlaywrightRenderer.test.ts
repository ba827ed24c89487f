import { PageRenderer, RenderFailed } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { describe, expect, it, layer } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Logger, Result } from "effect"
import * as jpeg from "jpeg-js"
import * as dgram from "node:dgram"
import * as AllowHosts from "../../src/net/AllowHosts.js"
import { systemResolver } from "../../src/net/GuardedLookup.js"
import { jpegSize } from "../../src/render/JpegSize.js"
import * as PlaywrightRenderer from "../../src/render/PlaywrightRenderer.js"
import * as LoopbackServer from "./LoopbackServer.js"

const chromium = External.needs("CHROMIUM_PATH")

const captureLogs = () => {
  const lines: Array<{ readonly level: string; readonly message: string }> = []
  const logger = Logger.make(({ logLevel, message }) => {
    lines.push({ level: logLevel, message: Array.isArray(message) ? message.join(" ") : String(message) })
  })
  return { lines, layer: Logger.layer([logger]) }
}

describe("PlaywrightRenderer without a browser", () => {
  it.effect("is unavailable when the configured browser does not exist, says so once, and fails every render", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const renderer = yield* PlaywrightRenderer.make({ chromiumPath: "/nonexistent/chromium" })
      expect(renderer.available).toBe(false)
      const first = yield* Effect.flip(renderer.render("https://example.com/"))
      yield* Effect.flip(renderer.render("https://example.org/"))
      expect(first).toBeInstanceOf(RenderFailed)
      expect(first.reason).toContain("/nonexistent/chromium")
      const warnings = logs.lines.filter((l) => l.level === "Warn")
      expect(warnings).toHaveLength(1)
      expect(warnings[0]?.message).toContain("screenshots are off")
      // No launch: the "rendering with Chromium" line is only written once a browser is set up.
      expect(logs.lines.some((l) => l.message.includes("rendering with Chromium"))).toBe(false)
    }).pipe(Effect.provide(logs.layer))
  })

  it.effect("SCREENSHOTS=false turns rendering off even when a browser exists", () =>
    Effect.gen(function*() {
      const renderer = yield* PlaywrightRenderer.make({ enabled: false, chromiumPath: process.execPath })
      expect(renderer.available).toBe(false)
      const error = yield* Effect.flip(renderer.render("https://example.com/"))
      expect(error.reason).toContain("SCREENSHOTS=false")
    }))
})

interface Site {
  readonly app: LoopbackServer.LoopbackServer
  readonly trap: LoopbackServer.LoopbackServer
  readonly udpPackets: () => number
}
class Fixture extends Context.Service<Fixture, Site>()("Fixture") {}

const tallPage = (height: number) =>
  LoopbackServer.html(
    `<!doctype html><html><head><title>Tall</title></head><body style="margin:0">` +
      `<div style="height:${height}px;background:linear-gradient(#c00,#00c)"></div></body></html>`
  )

const pagesFor = (trapPort: number, udpPort: number): Record<string, LoopbackServer.Handler> => {
  const trap = `http://127.0.0.1:${trapPort}`
  return {
    "/title-js": LoopbackServer.html(
      `<!doctype html><html><head><script>document.title = "Set by " + "script"</script></head><body>hello</body></html>`
    ),
    "/tall-3000": tallPage(3000),
    "/tall-20000": tallPage(20_000),
    "/allowed.png": (_req, res) => {
      res.writeHead(200, { "content-type": "image/gif" })
      res.end(Buffer.from("R0lGODlhAQABAAAAACwAAAAAAQABAAA=", "base64"))
    },
    "/subresources": LoopbackServer.html(`<!doctype html><html><head><title>Subresources</title>
<link rel="stylesheet" href="${trap}/style.css"><link rel="prefetch" href="${trap}/prefetch">
</head><body>
<img src="/allowed.png"><img src="${trap}/img.png">
<iframe src="${trap}/frame"></iframe><iframe src="http://localhost:${trapPort}/by-name"></iframe>
<script>
fetch("${trap}/fetch").catch(() => {});
navigator.sendBeacon("${trap}/beacon", "x");
try { new WebSocket("ws://127.0.0.1:${trapPort}/ws") } catch (e) {}
try {
  const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${udpPort}" }] });
  pc.createDataChannel("d");
  pc.createOffer().then((offer) => pc.setLocalDescription(offer));
} catch (e) {}
new Worker(URL.createObjectURL(new Blob(['fetch("${trap}/worker").catch(() => {})'], { type: "text/javascript" })));
</script></body></html>`),
    "/redirect-302": (_req, res) => {
      res.writeHead(302, { location: `${trap}/after-302` })
      res.end()
    },
    "/redirect-js": LoopbackServer.html(
      `<!doctype html><html><head><title>Away</title><script>location.href = "${trap}/after-js"</script></head><body></body></html>`
    )
  }
}

const udpTrap = Effect.acquireRelease(
  Effect.callback<dgram.Socket>((resume) => {
    const socket = dgram.createSocket("udp4")
    socket.bind(0, "127.0.0.1", () => resume(Effect.succeed(socket)))
  }),
  (socket) => Effect.sync(() => socket.close())
)

const FixtureLive = Layer.effect(
  Fixture,
  Effect.gen(function*() {
    const trap = yield* LoopbackServer.make(LoopbackServer.html("<title>trap</title>"))
    const udp = yield* udpTrap
    let udpPackets = 0
    udp.on("message", () => {
      udpPackets += 1
    })
    const pages = pagesFor(trap.port, udp.address().port)
    const app = yield* LoopbackServer.make((req, res) => {
      const handler = pages[new URL(req.url ?? "/", "http://x").pathname]
      if (handler === undefined) return LoopbackServer.html("not found", 404)(req, res)
      handler(req, res)
    })
    return { app, trap, udpPackets: () => udpPackets }
  })
)

/**
 * The renderer with the policy on and only the app origin allowlisted; `app.test` resolves only through our resolver.
 */
const rendererFor = (allowPrivateNetwork: boolean) =>
  Layer.unwrap(Effect.map(Fixture, ({ app }) =>
    PlaywrightRenderer.layer({
      chromiumPath: chromium.value,
      allowPrivateNetwork,
      allowlist: [app.host, `app.test:${app.port}`],
      resolver: (host) =>
        host === "app.test" ? Promise.resolve([{ address: "127.0.0.1", family: 4 }]) : systemResolver(host)
    }))).pipe(Layer.provideMerge(FixtureLive))

/** The renderer with the policy on and no test allowlist: only `ALLOW_HOSTS=app.test` lets the app through. */
const rendererAllowing = Layer.unwrap(Effect.map(Fixture, () =>
  PlaywrightRenderer.layer({
    chromiumPath: chromium.value,
    allowPrivateNetwork: false,
    allowHosts: Result.getOrThrow(AllowHosts.parse("app.test")),
    resolver: (host) =>
      host === "app.test" ? Promise.resolve([{ address: "127.0.0.1", family: 4 }]) : systemResolver(host)
  }))).pipe(Layer.provideMerge(FixtureLive))

describe.runIf(chromium.run)("PlaywrightRenderer with Chromium", () => {
  layer(rendererFor(false), { timeout: 30_000 })("policy on, app origin allowlisted", (it) => {
    it.effect("returns the HTML after scripts ran: a title set by JavaScript is in it", () =>
      Effect.gen(function*() {
        const { app } = yield* Fixture
        const renderer = yield* PageRenderer
        expect(renderer.available).toBe(true)
        const page = yield* renderer.render(`${app.origin}/title-js`)
        expect(page.html).toContain("<title>Set by script</title>")
        expect(page.width).toBe(1280)
        expect(page.height).toBe(800)
      }))

    it.effect("captures the full page height as a JPEG", () =>
      Effect.gen(function*() {
        const { app } = yield* Fixture
        const page = yield* (yield* PageRenderer).render(`${app.origin}/tall-3000`)
        const decoded = jpeg.decode(page.screenshot, { useTArray: true })
        expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 1280, height: 3000 })
        expect({ width: page.width, height: page.height }).toEqual({ width: 1280, height: 3000 })
      }))

    it.effect("caps a 20,000 px page at 16,384 px", () =>
      Effect.gen(function*() {
        const { app } = yield* Fixture
        const page = yield* (yield* PageRenderer).render(`${app.origin}/tall-20000`)
        // Read from the frame header (JpegSize is checked against jpeg-js in its own test): a full pure-JS decode
        // of 21 megapixels takes 10–20 s on this machine, too slow for a unit suite.
        expect(jpegSize(page.screenshot)).toEqual({ width: 1280, height: 16_384 })
        expect(Array.from(page.screenshot.subarray(-2))).toEqual([0xff, 0xd9])
        expect(page.height).toBe(16_384)
      }))

    it.effect("no subresource, frame, worker, WebSocket or WebRTC request reaches a loopback trap", () =>
      Effect.gen(function*() {
        const { app, trap, udpPackets } = yield* Fixture
        const page = yield* (yield* PageRenderer).render(`${app.origin}/subresources`)
        expect(page.html).toContain("Subresources")
        expect(app.paths()).toContain("/allowed.png")
        expect(trap.connections()).toBe(0)
        expect(udpPackets()).toBe(0)
      }))

    it.effect("a document (a copy from the browser) is shot from its own bytes: nothing is requested, even allowed", () =>
      Effect.gen(function*() {
        const { app, trap } = yield* Fixture
        const red =
          "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWO4Iyd3R06OAUIBACGmBGH6" +
          "Pla+AAAAAElFTkSuQmCC"
        const document = `<!doctype html><html><head><style>body { margin: 0 }</style></head><body>` +
          `<img src="data:image/png;base64,${red}" width="200" height="200" style="display:block">` +
          `<img src="${app.origin}/copy-left-over.png"><link rel="stylesheet" href="${trap.origin}/copy.css">` +
          `<script>document.body.style.background = "blue"</script></body></html>`
        const renderer = yield* PageRenderer
        const shot = yield* Effect.fromNullishOr(renderer.screenshotDocument).pipe(
          Effect.flatMap((screenshotDocument) => screenshotDocument(document))
        )
        const decoded = jpeg.decode(shot.screenshot, { useTArray: true })
        expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 1280, height: 800 })
        const pixel = (x: number, y: number) =>
          Array.from(decoded.data.subarray((y * 1280 + x) * 4, (y * 1280 + x) * 4 + 3))
        // The inlined image is drawn (red), the script did not run (the page stays white, not blue).
        expect(pixel(100, 100)[0]).toBeGreaterThan(180)
        expect(pixel(100, 100)[2]).toBeLessThan(80)
        expect(pixel(600, 400)).toEqual([255, 255, 255].map((v) => expect.closeTo(v, -1.5)))
        expect(app.paths()).not.toContain("/copy-left-over.png")
        expect(trap.connections()).toBe(0)
      }))

    it.effect("an HTTP 302 to the trap is refused and the trap is never contacted", () =>
      Effect.gen(function*() {
        const { app, trap } = yield* Fixture
        const error = yield* Effect.flip((yield* PageRenderer).render(`${app.origin}/redirect-302`))
        expect(error.reason).toContain("blocked")
        expect(trap.connections()).toBe(0)
      }))

    it.effect("a JavaScript redirect to the trap is refused", () =>
      Effect.gen(function*() {
        const { app, trap } = yield* Fixture
        yield* Effect.exit((yield* PageRenderer).render(`${app.origin}/redirect-js`))
        expect(app.paths()).toContain("/redirect-js")
        expect(trap.connections()).toBe(0)
      }))

    it.effect("a page on a refused address is not opened at all", () =>
      Effect.gen(function*() {
        const { trap } = yield* Fixture
        const error = yield* Effect.flip((yield* PageRenderer).render(`${trap.origin}/`))
        expect(error.reason).toMatch(/^blocked: .*loopback/)
        const scheme = yield* Effect.flip((yield* PageRenderer).render("file:///etc/passwd"))
        expect(scheme.reason).toContain("only http and https")
        expect(trap.connections()).toBe(0)
      }))

    it.effect("host names are resolved by the guard, not by Chromium (the checked address is the one connected)", () =>
      Effect.gen(function*() {
        const { app } = yield* Fixture
        const page = yield* (yield* PageRenderer).render(`http://app.test:${app.port}/title-js`)
        expect(page.html).toContain("Set by script")
      }))
  })

  layer(rendererAllowing, { timeout: 30_000 })("ALLOW_HOSTS=app.test", (it) => {
    it.effect("opens the listed host on the operator's network, and nothing else there", () =>
      Effect.gen(function*() {
        const { app, trap } = yield* Fixture
        const page = yield* (yield* PageRenderer).render(`http://app.test:${app.port}/title-js`)
        expect(page.html).toContain("Set by script")
        // The same server by its address, and the trap, are not on the list.
        const byAddress = yield* Effect.flip((yield* PageRenderer).render(`${app.origin}/title-js`))
        expect(byAddress.reason).toMatch(/^blocked: .*ALLOW_HOSTS/)
        yield* Effect.exit((yield* PageRenderer).render(`http://app.test:${app.port}/subresources`))
        expect(trap.connections()).toBe(0)
      }))
  })

  layer(rendererFor(true), { timeout: 30_000 })("control: ALLOW_PRIVATE_NETWORK=true", (it) => {
    it.effect("the same page does reach the trap when the address check is lifted", () =>
      Effect.gen(function*() {
        const { app, trap } = yield* Fixture
        const exit = yield* Effect.exit((yield* PageRenderer).render(`${app.origin}/subresources`))
        expect(Exit.isSuccess(exit)).toBe(true)
        expect(trap.connections()).toBeGreaterThan(0)
        expect(trap.paths()).toEqual(expect.arrayContaining(["/img.png", "/fetch", "/frame"]))
      }))
  })
})
