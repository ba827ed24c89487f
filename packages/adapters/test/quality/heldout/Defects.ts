/**
 * Known defects of the held-out references: values an annotator's tool recorded that no reader would take for
 * the page's title or description (a coordinates line, a byline, a word cut off before a formula). Each is listed
 * here, per page and field, with the reason; the judge then takes `accept` instead, or does not judge that field
 * when there is no right value to take. The suite prints how many there are. Nothing is excused anywhere else.
 */

export interface Defect {
  readonly field: "title" | "description"
  readonly reason: string
  /** What a reader would take instead; absent: the field is not judged on this page. */
  readonly accept?: string
}

export const defects: Readonly<Record<string, ReadonlyArray<Defect>>> = {
  "readability/hukumusume": [{ field: "description", reason: "the reference is the breadcrumb trail (福娘童話集 > きょうのイソップ童話 > …), not the fable" }],
  "readability/js-link-replacement": [{ field: "description", reason: "the reference is the text of a link (\"abc\"); the test page has no prose" }],
  "readability/keep-tabular-data": [{ field: "description", reason: "the reference is the post's byline (\"Posted by kovarex, TOGos, … all posts\")" }],
  "readability/mathjax": [{ field: "description", reason: "the reference is the one word \"When\" before the first formula; the page has no paragraph describing it" }],
  "readability/mercurial": [{ field: "description", reason: "the reference is the table of contents' heading (\"Contents\")" }],
  "readability/replace-brs": [{ field: "description", reason: "the reference glues two lines of lorem ipsum across a <br> (\"Lorem ipsumdolor sit\"); the page has no sentence before the text that starts mid-sentence" }],
  "readability/table-style-attributes": [{ field: "description", reason: "the reference is the page's masthead table (\"linux usability …or, why do I bother. © 2002, 2003 Jamie Zawinski\"), not its text" }],
  "readability/wikipedia-2": [{ field: "description", reason: "the reference is the coordinates line (\"Coordinates: 42°S 174°E\") above the article" }],
  "readability/wikipedia-4": [{ field: "description", reason: "the reference is Wikipedia's tagline (\"From Wikipedia, the free encyclopedia\")" }],
  "readability/v8-blog": [{
    field: "title",
    reason: "the reference drops the title's first words at its colon; the post is titled \"Outside the web: standalone WebAssembly binaries using Emscripten\" in its <title> and on the page",
    accept: "Outside the web: standalone WebAssembly binaries using Emscripten"
  }]
}
