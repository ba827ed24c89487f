/** The recording fakes behave as use-case tests assume: scripted answers in order, refusals, determinism. */
import {
  ContentAnalyzer,
  FetchFailed,
  IdGenerator,
  PageFetcher,
  PageRenderer,
  WebhookSender
} from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as FakeContentAnalyzer from "../src/fakes/FakeContentAnalyzer.js"
import * as FakePageExtractor from "../src/fakes/FakePageExtractor.js"
import * as FakePageFetcher from "../src/fakes/FakePageFetcher.js"
import * as FakePageRenderer from "../src/fakes/FakePageRenderer.js"
import * as FakeWebhookSender from "../src/fakes/FakeWebhookSender.js"
import * as MemoryIdGenerator from "../src/memory/MemoryIdGenerator.js"

describe("FakeWebhookSender", () => {
  it.effect("answers scripted results in order, then 200, records every request, and refuses loopback targets", () =>
    Effect.suspend(() => {
      const fake = FakeWebhookSender.make()
      fake.answer({ status: 500, error: null, retryAfter: null })
      return Effect.gen(function*() {
        const sender = yield* WebhookSender
        const request = { url: "https://h.example.com/", body: "{}", headers: { a: "b" }, timeout: 1 }
        expect((yield* sender.send(request)).status).toBe(500)
        expect((yield* sender.send(request)).status).toBe(200)
        expect(fake.sent).toEqual([{ url: request.url, body: "{}", headers: { a: "b" } }, {
          url: request.url,
          body: "{}",
          headers: { a: "b" }
        }])
        expect((yield* Effect.flip(sender.checkTarget(new URL("https://127.0.0.1/")))).reason).toMatch(/loopback/)
        yield* sender.checkTarget(new URL("https://h.example.com/"))
      }).pipe(Effect.provide(fake.layer))
    }))
})

describe("FakePageFetcher and FakePageRenderer", () => {
  it.effect("serve scripts per URL, fail unscripted ones, and record calls", () =>
    Effect.gen(function*() {
      const fetcher = FakePageFetcher.make()
      const renderer = FakePageRenderer.make()
      fetcher.script("https://a.example.com/", FakePageFetcher.html("https://a.example.com/", "<title>A</title>"))
      fetcher.script("https://b.example.com/", new FetchFailed({ reason: "blocked", detail: "10.0.0.1" }))
      fetcher.script("https://c.example.com/", (url) => FakePageFetcher.html(url, "dynamic", 201))
      renderer.script("https://a.example.com/", "<title>Rendered</title>")
      const run = Effect.gen(function*() {
        const f = yield* PageFetcher
        const r = yield* PageRenderer
        expect((yield* f.fetch("https://a.example.com/")).status).toBe(200)
        expect((yield* Effect.flip(f.fetch("https://b.example.com/"))).reason).toBe("blocked")
        expect((yield* f.fetch("https://c.example.com/")).status).toBe(201)
        expect((yield* Effect.flip(f.fetch("https://unscripted.example.com/"))).reason).toBe("connection")
        expect((yield* r.render("https://a.example.com/")).html).toBe("<title>Rendered</title>")
        expect((yield* Effect.flip(r.render("https://b.example.com/"))).reason).toBe("no script")
      })
      yield* run.pipe(Effect.provide(fetcher.layer), Effect.provide(renderer.layer))
      expect(fetcher.calls).toHaveLength(4)
      expect(renderer.calls).toEqual(["https://a.example.com/", "https://b.example.com/"])
    }))
})

describe("FakePageExtractor and FakeContentAnalyzer", () => {
  it("extract title, description, text, images and challenges", () => {
    const page = FakePageExtractor.extract({
      url: "https://a.example.com/x",
      contentType: "text/html",
      body:
        `<title>T</title><meta name="description" content="D"><link rel="icon" href="/i.png"><article><p>Hello there.</p></article>`
    })
    expect(page).toMatchObject({
      type: "article",
      title: "T",
      description: "D",
      text: "Hello there.",
      favicon: "https://a.example.com/i.png",
      challenge: false
    })
    // No declared icon: none is guessed (enrichment checks /favicon.ico itself).
    expect(
      FakePageExtractor.extract({ url: "https://a.example.com/", contentType: "text/html", body: "<title>T</title>" })
        .favicon
    ).toBe("")
    expect(
      FakePageExtractor.extract({
        url: "https://a.example.com/i.png",
        contentType: "image/png",
        body: new Uint8Array()
      })
    ).toMatchObject({ type: "image", image: "https://a.example.com/i.png" })
    expect(
      FakePageExtractor.extract({
        url: "https://a.example.com/",
        contentType: "text/html",
        body: "<title>Just a moment...</title>"
      }).challenge
    ).toBe(true)
  })

  it.effect("the analyzer summarises with the first sentence and tags with long words", () =>
    Effect.gen(function*() {
      const analysis = yield* (yield* ContentAnalyzer).analyze({
        title: "",
        text: "Effects compose wonderfully. Second sentence here."
      })
      expect(analysis).toEqual({ summary: "Effects compose wonderfully.", tags: ["effects", "compose", "wonderfully"] })
    }).pipe(Effect.provide(FakeContentAnalyzer.layer)))
})

describe("MemoryIdGenerator", () => {
  it.effect("is deterministic per seed and differs between seeds", () =>
    Effect.gen(function*() {
      const draw = (seed: number) =>
        Effect.all([
          IdGenerator.pipe(Effect.flatMap((g) => g.make("bookmark"))),
          IdGenerator.pipe(Effect.flatMap((g) => g.bytes(4)))
        ]).pipe(
          Effect.provide(MemoryIdGenerator.layer(seed))
        )
      expect(yield* draw(7)).toEqual(yield* draw(7))
      expect((yield* draw(7))[0]).not.toBe((yield* draw(8))[0])
      expect((yield* draw(0))[0]).toMatch(/^bmk_[0-9A-Za-z]{22}$/)
    }))
})
