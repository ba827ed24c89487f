/** Adapter of the PageExtractor port: routes fetched bytes by content type and reads HTML metadata and text. */
import { type Extracted, PageExtractor } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as Charset from "./Charset.js"
import type * as HtmlMetadata from "./HtmlMetadata.js"
import * as MediaType from "./MediaType.js"
import { fileName } from "./PageUrl.js"
import * as PdfTitle from "./PdfTitle.js"
import { clip, collapse } from "./TextBounds.js"

export interface Input {
  readonly url: string
  readonly contentType: string
  readonly body: Uint8Array | string
}

const nothing: Extracted = {
  type: "website",
  title: "",
  description: "",
  image: "",
  favicon: "",
  text: "",
  challenge: false
}

/** Plain text keeps its paragraphs as blocks, so sentences never run from one into the next. */
const paragraphs = (text: string): string =>
  text.split(/\r?\n\s*\r?\n/).map(collapse).filter((block) => block !== "").join("\n\n")

const decoded = (input: Input, type: MediaType.MediaType, markup: boolean): string =>
  typeof input.body === "string" ? input.body : Charset.decode(input.body, type.charset, markup)

/** Synchronous and total on well-formed input; the layer guards against the rest. */
export const extract = (input: Input, metadata: typeof HtmlMetadata): Extracted => {
  const type = MediaType.parse(input.contentType)
  const base = nothing
  const named = clip(fileName(input.url), metadata.limits.title)
  switch (MediaType.kindOf(type, input.body)) {
    case "html":
      return metadata.extract(decoded(input, type, true), input.url)
    case "image":
      return { ...base, type: "image", title: named, image: input.url }
    case "pdf":
      return { ...base, type: "pdf", title: clip(collapse(PdfTitle.read(input.body)), metadata.limits.title) || named }
    case "video":
      return { ...base, type: "video", title: named }
    case "text":
      return { ...base, title: named, text: clip(paragraphs(decoded(input, type, false)), metadata.limits.text, false) }
    case "other":
      return { ...base, title: named }
  }
}

export const layer = Layer.succeed(
  PageExtractor,
  PageExtractor.of({
    extract: Effect.fn("PageExtractor.extract")(function*(input: Input) {
      // linkedom and Readability load with the first page, not at start (idle memory: docs/decisions.md, "Performance targets").
      const metadata = yield* Effect.promise(() => import("./HtmlMetadata.js"))
      return yield* Effect.try(() => extract(input, metadata)).pipe(
        Effect.tapError((error) => Effect.logWarning("extraction failed; keeping the defaults").pipe(
          Effect.annotateLogs({ url: input.url, error: String(error.error) })
        )),
        Effect.orElseSucceed(() => nothing)
      )
    })
  })
)
