/**
 * Adapter of the ContentAnalyzer port over an OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama,
 * llama.cpp, vLLM…). The answer is held to the port's bounds, and any failure (network, status, timeout,
 * malformed answer) falls back to the local analyzer: analysis never fails a bookmark.
 */
import { type Analysis, type AnalysisInput, ContentAnalyzer } from "@bookmark-library/domain"
import { Cause, Duration, Effect, Layer, Option, type Redacted, Schema, SchemaTransformation } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as AnalysisBounds from "./AnalysisBounds.js"
import * as LibraryTags from "./LibraryTags.js"
import * as LocalContentAnalyzer from "./LocalContentAnalyzer.js"

export interface Options {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string
  readonly apiKey?: Redacted.Redacted
  readonly model: string
  /** Default 20 seconds. */
  readonly timeout?: Duration.Input
}

/** Enough of a page for a model to summarise, few enough tokens to stay quick and cheap. */
const maxPromptText = 12_000

const instructions = [
  "You summarise web pages for a bookmark library.",
  "Answer with one JSON object and nothing else: {\"summary\": string, \"tags\": string[]}.",
  "summary: the 2 or 3 sentences of the page text that best say what it is about, copied word for word from the",
  "text (do not rephrase, keep their case and punctuation), each from one paragraph (paragraphs are separated by",
  "blank lines; a line without a full stop is a heading, never part of a sentence), at most 500 characters in total.",
  "tags: up to 5 lowercase keywords or short key phrases the page is about, no two forms of the same word,",
  "no numbers, dates, units, time words, site names or boilerplate. When the library's tags are listed, pick from",
  "them first (as written there, and only those the page is about); a tag that is not in the list must occur in",
  "the text, and the answer may hold at most the number of new tags the request allows."
].join(" ")

/** The most used tags of the library the prompt lists: enough to choose from, few enough tokens. */
export const maxPromptVocabulary = 300

/** The user message: the library's tags and how many new ones may be proposed, then the page. */
export const prompt = (input: AnalysisInput): string => {
  const maxNew = input.maxNew ?? LibraryTags.defaultMaxNew
  const vocabulary = (input.vocabulary ?? []).slice(0, maxPromptVocabulary).map((t) => t.tag)
  return [
    `Library tags: ${vocabulary.length === 0 ? "(none yet)" : vocabulary.join(", ")}`,
    `New tags allowed: at most ${maxNew}`,
    "",
    `Title: ${input.title}`,
    "",
    `Text:\n${input.text.slice(0, maxPromptText)}`
  ].join("\n")
}

const Completion = Schema.Struct({
  choices: Schema.NonEmptyArray(Schema.Struct({ message: Schema.Struct({ content: Schema.String }) }))
})

/** Tags as a list, or (some models) as one comma-separated string. */
const Tags = Schema.Union([
  Schema.Array(Schema.String),
  Schema.String.pipe(Schema.decodeTo(
    Schema.Array(Schema.String),
    SchemaTransformation.transform({
      decode: (list): ReadonlyArray<string> => list.split(","),
      encode: (tags) => tags.join(",")
    })
  ))
])

const Answer = Schema.Struct({
  summary: Schema.String.pipe(Schema.withDecodingDefaultType(Effect.succeed(""))),
  tags: Tags.pipe(Schema.withDecodingDefaultType(Effect.succeed<ReadonlyArray<string>>([])))
})

/** Models wrap JSON in prose or code fences now and then: take the outermost object. */
const jsonObjectIn = (content: string): string => {
  const start = content.indexOf("{")
  const end = content.lastIndexOf("}")
  return start !== -1 && end > start ? content.slice(start, end + 1) : content
}

const decodeAnswer = (content: string) =>
  Schema.decodeUnknownEffect(Schema.fromJsonString(Answer))(jsonObjectIn(content))

export const make = Effect.fn("OpenAiContentAnalyzer.make")(function*(options: Options) {
  const client = (yield* HttpClient.HttpClient).pipe(HttpClient.filterStatusOk)
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`
  const timeout = Duration.fromInputUnsafe(options.timeout ?? Duration.seconds(20))

  const ask = Effect.fn("OpenAiContentAnalyzer.ask")(function*(input: AnalysisInput) {
    const request = HttpClientRequest.post(url).pipe(
      HttpClientRequest.acceptJson,
      options.apiKey === undefined ? (r) => r : HttpClientRequest.bearerToken(options.apiKey),
      HttpClientRequest.bodyJsonUnsafe({
        model: options.model,
        temperature: 0,
        messages: [
          { role: "system", content: instructions },
          { role: "user", content: prompt(input) }
        ]
      })
    )
    const completion = yield* client.execute(request).pipe(
      Effect.flatMap(HttpClientResponse.schemaBodyJson(Completion))
    )
    return yield* decodeAnswer(completion.choices[0].message.content)
  })

  const analyze = Effect.fn("OpenAiContentAnalyzer.analyze")(function*(input: AnalysisInput) {
    if (input.text.trim() === "") return { summary: "", tags: [] } satisfies Analysis
    const local = () => LocalContentAnalyzer.analyze(input)
    const answer = yield* ask(input).pipe(
      Effect.timeoutOrElse({
        duration: timeout,
        orElse: () => Effect.fail("timed out after " + Duration.format(timeout))
      }),
      Effect.map(Option.some),
      Effect.catchCause((cause) =>
        Effect.logWarning("language model analysis failed; using the local analyzer").pipe(
          Effect.annotateLogs("cause", Cause.pretty(cause)),
          Effect.as(Option.none())
        )
      )
    )
    if (Option.isNone(answer)) return local()
    const summary = AnalysisBounds.quotedSummary(answer.value.summary, input.text)
    const tags = AnalysisBounds.validTags(answer.value.tags, input.text, {
      given: input.given,
      vocabulary: input.vocabulary,
      maxNew: input.maxNew,
      site: input.site
    })
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
