/**
 * Adapter of the PageExtractor port: routes fetched bytes by content type and reads HTML metadata and text, and a
 * PDF's title, description and text (PdfText.ts).
 */
import { type Extracted, PageExtractor } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as Charset from "./Charset.js"
import { fromLead } from "./DescriptionPick.js"
import type * as HtmlMetadata from "./HtmlMetadata.js"
import * as Lead from "./Lead.js"
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

const isPdf = (input: Input): boolean => MediaType.kindOf(MediaType.parse(input.contentType), input.body) === "pdf"

/**
 * A PDF with its text: title from its information dictionary (else as `extract` finds it), description from the
 * first paragraph of prose, the text for the summary, tags and search. A PDF pdf.js cannot read keeps what
 * `extract` finds.
 */
export const extractPdf = async (input: Input, metadata: typeof HtmlMetadata): Promise<Extracted> => {
  const fallback = extract(input, metadata)
  const bytes = typeof input.body === "string" ? Buffer.from(input.body, "latin1") : input.body
  // pdf.js (about 1 MB) loads with the first PDF, not at start, like linkedom with the first page.
  const PdfText = await import("./PdfText.js")
  const read = await PdfText.read(bytes, metadata.limits.text).catch(() => undefined)
  if (read === undefined) return fallback
  return {
    ...fallback,
    title: clip(read.title, metadata.limits.title) || fallback.title,
    description: clip(fromLead(Lead.pick(read.blocks)), metadata.limits.description),
    text: read.text
  }
}

export const layer = Layer.succeed(
  PageExtractor,
  PageExtractor.of({
    extract: Effect.fn("PageExtractor.extract")(function*(input: Input) {
      // linkedom and Readability load with the first page, not at start (idle memory: docs/decisions.md, "Performance
      // targets").
      const metadata = yield* Effect.promise(() => import("./HtmlMetadata.js"))
      const run = isPdf(input)
        ? Effect.tryPromise(() => extractPdf(input, metadata))
        : Effect.try(() => extract(input, metadata))
      return yield* run.pipe(
        Effect.tapError((error) =>
          Effect.logWarning("extraction failed; keeping the defaults").pipe(
            Effect.annotateLogs({ url: input.url, error: String(error.cause) })
          )
        ),
        Effect.orElseSucceed(() => nothing)
      )
    })
  })
)
