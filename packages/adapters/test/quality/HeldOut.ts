/**
 * The held-out set: real pages from other extractors' published test fixtures, with the titles, descriptions and
 * article text their maintainers annotated (heldout/SOURCES.md names each page's origin and licence). No rule is
 * tuned on them: they are scored, and what fails is reproduced by a page of the development set before any rule
 * changes. Read from disk, gunzipped; the judge reads their text with its own reader (TextBlocks.ts).
 */
import { Schema } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import { defects } from "./heldout/Defects.js"
import type { Page } from "./Page.js"
import * as TextBlocks from "./TextBlocks.js"

const root = join(import.meta.dirname, "heldout")

export interface HeldOutPage extends Page {
  /** Blocks of the article as its reference annotates it (`expected.html` / the expected text). */
  readonly article: ReadonlyArray<string>
  /** Sentences of prose in the reference article: a page with three or more must get a summary. */
  readonly sentences: number
}

/** Readability's expected metadata (mozilla/readability, test/test-pages/NAME/expected-metadata.json). */
const ReadabilityMetadata = Schema.Struct({
  title: Schema.optional(Schema.NullOr(Schema.String)),
  excerpt: Schema.optional(Schema.NullOr(Schema.String)),
  lang: Schema.optional(Schema.NullOr(Schema.String))
})

/** newspaper4k's expected metadata (tests/data/metadata/NAME.json), the fields the suite uses. */
const NewspaperMetadata = Schema.Struct({
  url: Schema.String,
  title: Schema.NullOr(Schema.String),
  meta_description: Schema.NullOr(Schema.String),
  meta_lang: Schema.NullOr(Schema.String),
  language: Schema.NullOr(Schema.String)
})

const decodeReadability = Schema.decodeUnknownSync(Schema.fromJsonString(ReadabilityMetadata))
const decodeNewspaper = Schema.decodeUnknownSync(Schema.fromJsonString(NewspaperMetadata))

const gunzip = (path: string): string => gunzipSync(readFileSync(path)).toString("utf8").replace(/^\uFEFF/, "")

/**
 * The language of pages that declare none (or declare it wrongly: liberation-1 says `lang="en"`), as a reader
 * sees it. The rtl-* pages are lorem ipsum in a right-to-left frame: no language.
 */
const undeclared: Readonly<Record<string, string>> = {
  "readability/gmw": "zh",
  "readability/qq": "zh",
  "readability/youth": "zh",
  "readability/hukumusume": "ja",
  "readability/la-nacion": "es",
  "readability/liberation-1": "fr",
  "readability/rtl-1": "und",
  "readability/rtl-2": "und",
  "readability/rtl-3": "und",
  "readability/rtl-4": "und"
}

/**
 * The URL the page was saved from: its canonical link or og:url when absolute, else Readability's test host with
 * the page's name (each page its own URL: the fake fetcher serves by URL).
 */
const urlOf = (html: string, name: string): string => {
  const canonical = /<link\b[^>]*rel=["']?canonical["']?[^>]*>/i.exec(html)?.[0]
  const og = /<meta\b[^>]*property=["']og:url["'][^>]*>/i.exec(html)?.[0]
  for (const tag of [canonical, og]) {
    const value = tag === undefined ? undefined : /(?:href|content)=["']([^"']+)["']/i.exec(tag)?.[1]
    if (value !== undefined && /^https?:\/\/[^/]+/i.test(value.trim())) return value.trim().replace(/&amp;/g, "&")
  }
  return `http://fakehost/test/${name}/page.html`
}

const primary = (lang: string | null | undefined): string => (lang ?? "").toLowerCase().split("-")[0] ?? ""

const readability = (): ReadonlyArray<HeldOutPage> =>
  readdirSync(join(root, "readability")).sort().map((name) => {
    const dir = join(root, "readability", name)
    const id = `readability/${name}`
    const html = gunzip(join(dir, "source.html.gz"))
    const metadata = decodeReadability(readFileSync(join(dir, "expected-metadata.json"), "utf8"))
    const article = TextBlocks.fromHtml(gunzip(join(dir, "expected.html.gz")))
    return {
      id,
      kind: "held-out",
      lang: undeclared[id] ?? (primary(metadata.lang) || "en"),
      url: urlOf(html, name),
      html,
      expected: {
        title: metadata.title ?? "",
        description: metadata.excerpt ?? "",
        content: TextBlocks.fromHtml(html),
        gist: article,
        topics: []
      },
      article,
      sentences: TextBlocks.sentenceCount(article)
    }
  })

const newspaper = (): ReadonlyArray<HeldOutPage> =>
  readdirSync(join(root, "newspaper4k")).sort().map((name) => {
    const dir = join(root, "newspaper4k", name)
    const html = gunzip(join(dir, "source.html.gz"))
    const metadata = decodeNewspaper(readFileSync(join(dir, "expected-metadata.json"), "utf8"))
    const article = TextBlocks.fromText(gunzip(join(dir, "expected.txt.gz")))
    return {
      id: `newspaper4k/${name}`,
      kind: "held-out",
      lang: primary(metadata.meta_lang) || primary(metadata.language) || "en",
      url: metadata.url,
      html,
      expected: {
        title: metadata.title ?? "",
        description: metadata.meta_description ?? "",
        content: TextBlocks.fromHtml(html),
        gist: article,
        topics: []
      },
      article,
      sentences: TextBlocks.sentenceCount(article)
    }
  })

/** Two pages declaring the same canonical URL (test pages built from one article) get their own, in the test host. */
const distinct = (all: ReadonlyArray<HeldOutPage>): ReadonlyArray<HeldOutPage> =>
  all.map((page) =>
    all.filter((other) => other.url === page.url).length > 1
      ? { ...page, url: `http://fakehost/test/${page.id}/page.html` }
      : page
  )

/**
 * A listed reference defect (heldout/Defects.ts) replaces the reference by what a reader would take, or leaves
 * the field unjudged (an empty reference judges nothing).
 */
const withDefects = (page: HeldOutPage): HeldOutPage => {
  const listed = defects[page.id] ?? []
  const fix = (field: "title" | "description", value: string): string => {
    const defect = listed.find((d) => d.field === field)
    return defect === undefined ? value : defect.accept ?? ""
  }
  return listed.length === 0
    ? page
    : {
      ...page,
      expected: {
        ...page.expected,
        title: fix("title", page.expected.title),
        description: fix("description", page.expected.description)
      }
    }
}

export const defectCount = Object.values(defects).reduce((sum, list) => sum + list.length, 0)

export const pages: ReadonlyArray<HeldOutPage> = distinct([...readability(), ...newspaper()]).map(withDefects)
