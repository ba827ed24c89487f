/**
 * Adapter of the ContentAnalyzer port over an OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama,
 * llama.cpp, vLLM…). The answer is held to the port's bounds, and any failure (network, status, timeout,
 * malformed answer) falls back to the local analyzer: analysis never fails a bookmark.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { type Analysis, type AnalysisInput, ContentAnalyzer } from "@bookmark-library/domain"
import { Cause, Duration, Effect, Layer, Option, type Redacted, Schema } from "effect"
import * as AnalysisBounds from "./AnalysisBounds.js"
import * as LocalContentAnalyzer from "./LocalContentAnalyzer.js"

export interface Options {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string
  readonly apiKey?: Redacted.Redacted
  readonly model: string
  /** Default 20 seconds. */
  readonly timeout?: Duration.DurationInput
}

/** Enough of a page for a model to summarise, few enough tokens to stay quick and cheap. */
const maxPromptText = 12_000

const instructions = [
  "You summarise web pages for a bookmark library.",
  "Answer with one JSON object and nothing else: {\"summary\": string, \"tags\": string[]}.",
  "summary: the 2 or 3 sentences of the page text that best say what it is about, copied word for word from the",
  "text (do not rephrase, keep their case and punctuation), each from one paragraph (paragraphs are separated by",
  "blank lines; a line without a full stop is a heading, never part of a sentence), at most 500 characters in total.",
  "tags: up to 5 lowercase keywords or short key phrases that occur in the text, no two forms of the same word,",
  "no numbers, units or time words."
].join(" ")

const Completion = Schema.Struct({
  choices: Schema.NonEmptyArray(Schema.Struct({ message: Schema.Struct({ content: Schema.String }) }))
})

const Answer = Schema.Struct({
  summary: Schema.optionalWith(Schema.String, { default: () => "" }),
  tags: Schema.optionalWith(
    Schema.Union(Schema.Array(Schema.String), Schema.transform(Schema.String, Schema.Array(Schema.String), {
      strict: true,
      decode: (list) => list.split(","),
      encode: (tags) => tags.join(",")
    })),
    { default: () => [] }
  )
})

/** Models wrap JSON in prose or code fences now and then: take the outermost object. */
const jsonObjectIn = (content: string): string => {
  const start = content.indexOf("{")
  const end = content.lastIndexOf("}")
  return start !== -1 && end > start ? content.slice(start, end + 1) : content
}

const decodeAnswer = (content: string) => Schema.decodeUnknown(Schema.parseJson(Answer))(jsonObjectIn(content))

export const make = Effect.fn("OpenAiContentAnalyzer.make")(function*(options: Options) {
  const client = (yield* HttpClient.HttpClient).pipe(HttpClient.filterStatusOk)
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`
  const timeout = Duration.decode(options.timeout ?? Duration.seconds(20))

  const ask = Effect.fn("OpenAiContentAnalyzer.ask")(function*(input: AnalysisInput) {
    const request = HttpClientRequest.post(url).pipe(
      HttpClientRequest.acceptJson,
      options.apiKey === undefined ? (r) => r : HttpClientRequest.bearerToken(options.apiKey),
      HttpClientRequest.bodyUnsafeJson({
        model: options.model,
        temperature: 0,
        messages: [
          { role: "system", content: instructions },
          { role: "user", content: `Title: ${input.title}\n\nText:\n${input.text.slice(0, maxPromptText)}` }
        ]
      })
    )
    const completion = yield* client.execute(request).pipe(
      Effect.flatMap(HttpClientResponse.schemaBodyJson(Completion)),
      Effect.scoped
    )
    return yield* decodeAnswer(completion.choices[0].message.content)
  })

  const analyze = Effect.fn("OpenAiContentAnalyzer.analyze")(function*(input: AnalysisInput) {
    if (input.text.trim() === "") return { summary: "", tags: [] } satisfies Analysis
    const local = () => LocalContentAnalyzer.analyze(input)
    const answer = yield* ask(input).pipe(
      Effect.timeoutFail({ duration: timeout, onTimeout: () => "timed out after " + Duration.format(timeout) }),
      Effect.map(Option.some),
      Effect.catchAllCause((cause) =>
        Effect.logWarning("language model analysis failed; using the local analyzer").pipe(
          Effect.annotateLogs("cause", Cause.pretty(cause)),
          Effect.as(Option.none())
        )
      )
    )
    if (Option.isNone(answer)) return local()
    const summary = AnalysisBounds.quotedSummary(answer.value.summary, input.text)
    const tags = AnalysisBounds.validTags(answer.value.tags, input.text, input.given)
    // What the model got wrong is replaced piecewise, so a good summary is kept even with unusable tags.
    if (summary !== "" && tags.length > 0) return { summary, tags } satisfies Analysis
    const fallback = local()
    return { summary: summary || fallback.summary, tags: tags.length > 0 ? tags : fallback.tags } satisfies Analysis
  })

  return ContentAnalyzer.of({ analyze })
})

/** The model analyzer with the local one as its fallback, over the platform's fetch client. */
export const openAiLayer = (options: Options): Layer.Layer<ContentAnalyzer> =>
  Layer.effect(ContentAnalyzer, make(options)).pipe(Layer.provide(FetchHttpClient.layer))
