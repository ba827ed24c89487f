/** A simple PageExtractor for use-case tests: `<title>`, a meta description and the tag-stripped text. */
import { type Extracted, PageExtractor } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"

const pick = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.trim() ?? ""

export const extract = (input: { url: string; contentType: string; body: Uint8Array | string }): Extracted => {
  const text = typeof input.body === "string" ? input.body : new TextDecoder().decode(input.body)
  if (input.contentType.startsWith("image/")) {
    return { type: "image", title: "", description: "", image: input.url, favicon: "", text: "", challenge: false }
  }
  const title = pick(text, /<title>([^<]*)<\/title>/i)
  return {
    type: /<article/i.test(text) ? "article" : "website",
    title,
    description: pick(text, /<meta name="description" content="([^"]*)"/i),
    image: "",
    // Declared icons only, as the real extractor: the conventional /favicon.ico is for enrichment to check.
    favicon: ((href) => (href === "" ? "" : new URL(href, input.url).href))(
      pick(text, /<link rel="icon" href="([^"]*)"/i)
    ),
    text: text.replace(/<title>[^<]*<\/title>/gi, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim(),
    challenge: /just a moment/i.test(title)
  }
}

export const layer = Layer.succeed(
  PageExtractor,
  PageExtractor.of({ extract: (input) => Effect.sync(() => extract(input)) })
)
