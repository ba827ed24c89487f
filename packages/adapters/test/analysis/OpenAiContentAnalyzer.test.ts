/** OpenAiContentAnalyzer against a loopback fake endpoint: the contract, the request it sends, bounds and fallback. */
import type { ContentAnalyzer } from "@bookmark-library/domain"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Redacted, Schema } from "effect"
import { FetchHttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import * as LocalContentAnalyzer from "../../src/analysis/LocalContentAnalyzer.js"
import * as OpenAiContentAnalyzer from "../../src/analysis/OpenAiContentAnalyzer.js"
import * as FakeOpenAi from "./FakeOpenAi.js"

const { sampleText } = Contracts

const ChatRequest = Schema.fromJsonString(Schema.Struct({
  model: Schema.String,
  messages: Schema.Array(Schema.Struct({ role: Schema.String, content: Schema.String }))
}))
const decodeRequest = Schema.decodeUnknownSync(ChatRequest)

/** The text the adapter sent, as a model would read it from the prompt. */
const promptText = (request: FakeOpenAi.Received): string => {
  const user = decodeRequest(request.body).messages.find((message) => message.role === "user")?.content ?? ""
  return user.split("Text:\n")[1] ?? ""
}

/** A well-behaved model: the first two sentences of the text and its two longest words. */
const goodModel = (request: FakeOpenAi.Received): FakeOpenAi.Reply => {
  const text = promptText(request)
  const sentences = text.match(/[^.!?]+[.!?]/g) ?? []
  const words = [...new Set(text.toLowerCase().match(/[a-z]+/g) ?? [])].sort((a, b) => b.length - a.length)
  return FakeOpenAi.completion(
    JSON.stringify({ summary: sentences.slice(0, 2).join("").trim(), tags: words.slice(0, 2) })
  )
}

const analyzerOver = (reply: (request: FakeOpenAi.Received) => FakeOpenAi.Reply, apiKey?: string) =>
  Layer.unwrap(
    Effect.map(FakeOpenAi.start(reply), (fake) =>
      OpenAiContentAnalyzer.openAiLayer({
        baseUrl: fake.baseUrl,
        model: "test-model",
        ...(apiKey === undefined ? {} : { apiKey: Redacted.make(apiKey) })
      }))
  )

Contracts.contentAnalyzerContract("OpenAI-compatible, valid answers", analyzerOver(goodModel))
Contracts.contentAnalyzerContract(
  "OpenAI-compatible, garbage answers",
  analyzerOver(() => FakeOpenAi.completion("I'm sorry, I can't do that."))
)

const local = LocalContentAnalyzer.analyze({ title: "How bees dance", text: sampleText })

/** Starts the fake, runs `use` with an analyzer over it, and gives back what the fake received. */
const withFake = <A>(
  reply: (request: FakeOpenAi.Received) => FakeOpenAi.Reply,
  use: (analyzer: ContentAnalyzer["Service"], fake: FakeOpenAi.FakeOpenAi) => Effect.Effect<A>,
  options: { readonly apiKey?: string } = {}
) =>
  Effect.gen(function*() {
    const fake = yield* FakeOpenAi.start(reply)
    const analyzer = yield* OpenAiContentAnalyzer.make({
      baseUrl: `${fake.baseUrl}/`,
      model: "test-model",
      ...(options.apiKey === undefined ? {} : { apiKey: Redacted.make(options.apiKey) })
    })
    return yield* use(analyzer, fake)
  }).pipe(Effect.provide(FetchHttpClient.layer))

describe("OpenAiContentAnalyzer", () => {
  it.effect("sends the text to POST {base}/chat/completions with the model and bearer key, and uses the answer", () =>
    withFake(
      () =>
        FakeOpenAi.completion(
          JSON.stringify({ summary: "Its duration encodes the distance.", tags: ["Waggle", "SUN"] })
        ),
      (analyzer, fake) =>
        Effect.gen(function*() {
          const result = yield* analyzer.analyze({ title: "How bees dance", text: sampleText })
          expect(result).toEqual({ summary: "Its duration encodes the distance.", tags: ["waggle", "sun"] })
          expect(fake.received).toHaveLength(1)
          const [request] = fake.received
          expect(request?.method).toBe("POST")
          expect(request?.path).toBe("/v1/chat/completions")
          expect(request?.headers.authorization).toBe("Bearer sk-test")
          const body = decodeRequest(request?.body)
          expect(body.model).toBe("test-model")
          expect(body.messages.at(-1)?.content).toContain(sampleText)
          expect(body.messages.at(-1)?.content).toContain("How bees dance")
        }),
      { apiKey: "sk-test" }
    ))

  it.effect("without a key no Authorization header is sent; JSON in a code fence is accepted", () =>
    withFake(
      () =>
        FakeOpenAi.completion(
          "```json\n{\"summary\": \"Its duration encodes the distance.\", \"tags\": \"waggle, sun\"}\n```"
        ),
      (analyzer, fake) =>
        Effect.gen(function*() {
          const result = yield* analyzer.analyze({ title: "", text: sampleText })
          expect(result).toEqual({ summary: "Its duration encodes the distance.", tags: ["waggle", "sun"] })
          expect(fake.received[0]?.headers.authorization).toBeUndefined()
        })
    ))

  it.effect("invented sentences and tags are dropped and replaced by the local analysis; at most 5 tags", () =>
    withFake(
      () =>
        FakeOpenAi.completion(JSON.stringify({
          summary: "Bees are amazing dancers who love the sun. Its duration encodes the distance.",
          tags: ["2024", "Honeybees", "robots", "dance", "honeybees", "#flowers", "sun", "scent", "foragers", "angle"]
        })),
      (analyzer) =>
        Effect.gen(function*() {
          const result = yield* analyzer.analyze({ title: "How bees dance", text: sampleText, maxNew: 5 })
          expect(result.summary).toBe("Its duration encodes the distance.")
          expect(result.tags).toEqual(["honeybees", "dance", "flowers", "sun", "scent"])
          const invented = yield* analyzer.analyze({
            title: "How bees dance",
            text: sampleText.replace("Its duration", "The length")
          })
          expect(invented.summary).toBe(
            LocalContentAnalyzer.analyze({
              title: "How bees dance",
              text: sampleText.replace("Its duration", "The length")
            }).summary
          )
        })
    ))

  it.effect("sends the library's tags and the number of new ones allowed; keeps only those and at most K new", () =>
    withFake(
      () =>
        FakeOpenAi.completion(JSON.stringify({
          summary: "Its duration encodes the distance.",
          // "dances" is the library's "Dancing"; "robots" is the library's but not the page's; three new ones.
          tags: ["dances", "robots", "honeybees", "waggle", "foragers", "apiary"]
        })),
      (analyzer, fake) =>
        Effect.gen(function*() {
          const result = yield* analyzer.analyze({
            title: "How bees dance",
            text: sampleText,
            vocabulary: [{ tag: "Dancing", count: 9 }, { tag: "robots", count: 4 }, { tag: "sun", count: 1 }],
            maxNew: 2,
            site: "bees.example"
          })
          expect(result.tags).toEqual(["Dancing", "honeybees", "waggle"])
          const user = decodeRequest(fake.received[0]?.body).messages.at(-1)?.content ?? ""
          expect(user).toContain("Library tags: Dancing, robots, sun")
          expect(user).toContain("New tags allowed: at most 2")
          const system = decodeRequest(fake.received[0]?.body).messages[0]?.content ?? ""
          expect(system).toMatch(/pick from them first/)
        })
    ))

  it.effect("with K = 0 the model may only pick from the library; a site name or a date is never a new tag", () =>
    withFake(
      () =>
        FakeOpenAi.completion(JSON.stringify({
          summary: "Its duration encodes the distance.",
          tags: ["beeworld", "sun", "honeybees", "twentieth century"]
        })),
      (analyzer) =>
        Effect.gen(function*() {
          const text = `${sampleText} Beeworld publishes this guide.`
          const closed = yield* analyzer.analyze({
            title: "How bees dance",
            text,
            vocabulary: [{ tag: "sun", count: 3 }],
            maxNew: 0
          })
          expect(closed.tags).toEqual(["sun"])
          const open = yield* analyzer.analyze({ title: "How bees dance", text, maxNew: 5, site: "www.beeworld.org" })
          expect(open.tags).toEqual(["sun", "honeybees", "twentieth century"])
        })
    ))

  it.effect("server errors, non-JSON bodies, wrong shapes and refused connections fall back to the local analyzer", () =>
    Effect.gen(function*() {
      const replies: ReadonlyArray<FakeOpenAi.Reply> = [
        { status: 500, body: "{\"error\":{\"message\":\"overloaded\"}}" },
        { status: 401, body: "{\"error\":\"bad key\"}" },
        { status: 200, body: "<html>gateway</html>" },
        { status: 200, body: "{\"choices\":[]}" },
        FakeOpenAi.completion("{\"summary\": 42, \"tags\": {}}"),
        FakeOpenAi.completion("not json at all")
      ]
      for (const reply of replies) {
        const result = yield* withFake(
          () => reply,
          (analyzer) => analyzer.analyze({ title: "How bees dance", text: sampleText })
        )
        expect(result).toEqual(local)
      }
      // Nothing listens on port 1 of the loopback: the connection is refused.
      const refused = yield* OpenAiContentAnalyzer.make({ baseUrl: "http://127.0.0.1:1/v1", model: "m" }).pipe(
        Effect.flatMap((analyzer) => analyzer.analyze({ title: "How bees dance", text: sampleText })),
        Effect.provide(FetchHttpClient.layer)
      )
      expect(refused).toEqual(local)
    }))

  it.effect("an endpoint that does not answer within the timeout (20 s by default) falls back", () =>
    withFake(
      () => "hang",
      (analyzer, fake) =>
        Effect.gen(function*() {
          const fiber = yield* Effect.forkChild(analyzer.analyze({ title: "How bees dance", text: sampleText }))
          yield* Effect.promise(() => fake.firstRequest)
          yield* TestClock.adjust("19 seconds")
          expect(fiber.pollUnsafe()).toBeUndefined()
          yield* TestClock.adjust("1 second")
          expect(yield* Fiber.join(fiber)).toEqual(local)
        })
    ))

  it.effect("a sentence glued across a heading, a lowercased quote and variant or time-word tags are dropped", () => {
    const text = [
      "References and Borrowing",
      "A reference is like a pointer that always points to a valid value of a particular type.",
      "Borrowing",
      "You can have either one mutable reference or any number of immutable references at once.",
      "Borrowing a value for an hour or for a whole program follows the same rules."
    ].join("\n\n")
    return withFake(
      () =>
        FakeOpenAi.completion(JSON.stringify({
          summary:
            "Borrowing You can have either one mutable reference or any number of immutable references at once. " +
            "a reference is like a pointer that always points to a valid value of a particular type. " +
            "A reference is like a pointer that always points to a valid value of a particular type.",
          tags: ["borrowing", "borrow", "hour", "references", "reference", "mutable reference"]
        })),
      (analyzer) =>
        Effect.gen(function*() {
          const result = yield* analyzer.analyze({ title: "References and Borrowing", text })
          expect(result.summary).toBe(
            "A reference is like a pointer that always points to a valid value of a particular type."
          )
          expect(result.tags).toEqual(["borrowing", "references"])
        })
    )
  })

  it.effect("a model that fails falls back to the local analyzer with the same input, news lead included", () => {
    const input = {
      title: "Ferry terminal closed",
      text: [
        "The harbour authority closed the ferry terminal on Tuesday after part of the sea wall collapsed in a storm.",
        "About 1,200 passengers a day use the crossing in winter, many of them commuters.",
        "Shopkeepers said fresh food could run short by the weekend.",
        "Engineers warned that the sea wall, the harbour wall and every older wall of the harbour need repair, since each wall of the harbour is older than the terminal."
      ].join("\n\n"),
      news: true
    }
    return withFake(
      () => ({ status: 503, body: "{}" }),
      (analyzer) =>
        Effect.gen(function*() {
          const result = yield* analyzer.analyze(input)
          expect(result).toEqual(LocalContentAnalyzer.analyze(input))
          expect(result.summary).not.toContain("Engineers warned")
        })
    )
  })

  it.effect("empty text is answered without calling the endpoint", () =>
    withFake(goodModel, (analyzer, fake) =>
      Effect.gen(function*() {
        expect(yield* analyzer.analyze({ title: "Title", text: "   " })).toEqual({ summary: "", tags: [] })
        expect(fake.received).toHaveLength(0)
      })))
})
