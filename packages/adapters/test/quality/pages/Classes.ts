/**
 * One development page per failure class seen on the held-out set (docs/enrichment.md, "Quality: a development set and a held-out set"), written for
 * the suite (prose and sites are ours): the rules are fixed against these, never against the held-out pages.
 * Their summaries are judged against the page's own text as the judge reads it (TextBlocks.ts); tags are not.
 */
import type { Page } from "../Page.js"
import * as TextBlocks from "../TextBlocks.js"

interface Spec {
  readonly slug: string
  readonly head: string
  readonly body: string
  readonly title: string
  readonly description: string
  readonly host?: string
  readonly lang?: string
}

const page = (spec: Spec): Page => {
  const html = `<!DOCTYPE html>\n<html lang="${
    spec.lang ?? "en"
  }"><head><meta charset="utf-8">\n${spec.head}\n</head>\n<body>\n${spec.body}\n</body></html>`
  const blocks = TextBlocks.fromHtml(html)
  return {
    id: `class/${spec.slug}`,
    kind: "class",
    lang: spec.lang ?? "en",
    url: `https://${spec.host ?? "classes.example"}/${spec.slug}`,
    html,
    expected: { title: spec.title, description: spec.description, content: blocks, gist: blocks, topics: [] }
  }
}

const harbour = [
  "The harbour at Porthleven was built in the nineteenth century to shelter fishing boats from the Atlantic swell.",
  "Its granite walls were raised twice after storms breached them, and the inner basin can be closed with timber baulks when a gale is forecast.",
  "Today the harbour shelters a small fleet of crabbers and a growing number of visiting yachts in the summer months."
]
const paragraphs = (items: ReadonlyArray<string>) => items.map((p) => `<p>${p}</p>`).join("\n")

export const pages: ReadonlyArray<Page> = [
  // Character references escaped twice in a meta tag, invalid and out-of-range ones among them: decoded as a browser
  // shows them, U+FFFD where it shows one.
  page({
    slug: "entities-in-meta",
    head: `<title>Fish &amp; chips on the quay</title>
<meta property="og:title" content="Fish &amp;amp; chips on the quay">
<meta property="og:description" content="Caf&amp;eacute; owners &amp;amp; fishermen argue over the quay&amp;#x2019;s future &amp;#x2014; a stray &amp;#x0; and &amp;#xFFFFFFFF; and &amp;#xg; stay as a browser shows them.">`,
    body: `<article><h1>Fish &amp; chips on the quay</h1>${paragraphs(harbour)}</article>`,
    title: "Fish & chips on the quay",
    description:
      "Café owners & fishermen argue over the quay’s future — a stray \uFFFD and \uFFFD and &#xg; stay as a browser shows them."
  }),
  // One meta element under several names; an empty declaration beside a filled one of the same meaning.
  page({
    slug: "space-separated-meta-names",
    head: `<title>Harbour walls | Coastal Notes</title>
<meta property="dc:title og:title twitter:title" content="Harbour walls of the Cornish coast">
<meta property="og:description twitter:description" content="">
<meta name="description" content="How Cornish harbour walls were built, breached by storms and raised again, told through Porthleven's granite basin.">`,
    body: `<article><h1>Harbour walls</h1>${paragraphs(harbour)}</article>`,
    title: "Harbour walls of the Cornish coast",
    description:
      "How Cornish harbour walls were built, breached by storms and raised again, told through Porthleven's granite basin."
  }),
  // Dublin Core, a bibliographic declaration, against a social card that names the page differently.
  page({
    slug: "dublin-core-title",
    head: `<title>Cornwall harbours | Free Library</title>
<meta property="og:title" content="Read it free online">
<meta name="DC.title" content="A Survey of the Harbours of Cornwall">
<meta name="DC.description" content="A survey of the harbours of Cornwall: their walls, basins and fleets, from Porthleven to Padstow.">
<meta property="og:description" content="Tap to read now.">`,
    body: `<main>${paragraphs(harbour)}</main>`,
    title: "A Survey of the Harbours of Cornwall",
    description: "A survey of the harbours of Cornwall: their walls, basins and fleets, from Porthleven to Padstow."
  }),
  // A social card's teaser beside the article's own description (JSON-LD and `<meta name=description>`).
  page({
    slug: "social-teaser",
    head: `<title>The harbour that closes with timber | Tide Weekly</title>
<meta property="og:title" content="The harbour that closes with timber">
<meta property="og:description" content="There's no going back.">
<meta name="description" content="Porthleven's inner basin is still sealed with timber baulks before a gale, a practice older than its granite walls.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"The harbour that closes with timber","description":"Porthleven's inner basin is still sealed with timber baulks before a gale, a practice older than its granite walls."}</script>`,
    body: `<article><h1>The harbour that closes with timber</h1>${paragraphs(harbour)}</article>`,
    host: "tideweekly.example",
    title: "The harbour that closes with timber",
    description:
      "Porthleven's inner basin is still sealed with timber baulks before a gale, a practice older than its granite walls."
  }),
  // A description cut short by the CMS beside the whole one.
  page({
    slug: "description-cut-short",
    head: `<title>Crabbers want a longer season</title>
<meta name="description" content="Porthleven's crabbers tell the council that their season is too">
<meta property="og:description" content="Porthleven's crabbers tell the council that their season is too short to keep the fleet going.">`,
    body: `<article><h1>Crabbers want a longer season</h1>${paragraphs(harbour)}</article>`,
    title: "Crabbers want a longer season",
    description: "Porthleven's crabbers tell the council that their season is too short to keep the fleet going."
  }),
  // No description declared: the defining first sentence ends in a colon before a formula, and a later
  // paragraph is longer. The lead is the first paragraph, cut at a word.
  page({
    slug: "lead-before-formula",
    head: `<title>Golden rectangle - Encyclopaedia</title>`,
    body: `<main><h1>Golden rectangle</h1>
<p>In geometry, a <b>golden rectangle</b> is a rectangle whose side lengths are in the golden ratio, that is, whose longer side divided by its shorter side equals the sum of the two sides divided by the longer one, a proportion that artists and architects have used for centuries and that mathematicians write as:</p>
<dl><dd><span class="mwe-math-element"><span class="mwe-math-mathml-inline" style="display: none;"><math alttext="{\\displaystyle a/b=\\varphi }"><semantics><mrow><mi>a</mi><mo>/</mo><mi>b</mi><mo>=</mo><mi>φ</mi></mrow><annotation encoding="application/x-tex">{\\displaystyle a/b=\\varphi }</annotation></semantics></math></span><img src="/math/1.svg" alt="{\\displaystyle a/b=\\varphi }"></span></dd></dl>
<p>Golden rectangles appear in the proportions of many buildings, paintings and printed pages, although some of these claims rest on generous measurement.</p>
<p>A golden rectangle can be cut into a square and a smaller rectangle with the same proportions as the original, and repeating the cut produces a spiral of squares.</p></main>`,
    title: "Golden rectangle",
    description:
      "In geometry, a golden rectangle is a rectangle whose side lengths are in the golden ratio, that is, whose longer side divided by its shorter side equals the sum of the two sides divided by the longer one, a proportion that artists and architects have used for centuries and that…"
  }),
  // A short defining first paragraph.
  page({
    slug: "short-first-paragraph",
    head: `<title>Colophon</title>`,
    body: `<main><h1>About this site</h1><p>Harbour Notes is written and photographed by Ines Duarte.</p>${
      paragraphs(harbour)
    }</main>`,
    title: "Colophon",
    description: "Harbour Notes is written and photographed by Ines Duarte."
  }),
  // A layout table's cell, a figure caption and a heading come before the first paragraph.
  page({
    slug: "cell-caption-heading-first",
    head: `<title>Why the harbour matters</title>`,
    body: `<table><tr><td>Harbour Notes ...or, why we keep writing about walls. © 2024 Ines Duarte.</td></tr></table>
<figure><img src="/pier.jpg" alt=""><figcaption>The old pier at dawn, seen from the lifeboat station.</figcaption></figure>
<h2>Why does the harbour still matter to the town today?</h2>
${paragraphs(harbour)}`,
    title: "Why the harbour matters",
    description: `${harbour[0]}`
  }),
  // Inline markup inside sentences: a formula shown as MathML, code, and a link whose class names "meta".
  page({
    slug: "inline-markup-in-sentences",
    head: `<title>Measuring the swell</title>`,
    body: `<article><h1>Measuring the swell</h1>
<p>Harbour engineers estimate the energy of a wave as <span class="mwe-math-element"><span class="mwe-math-mathml-inline" style="display: none;"><math><semantics><mrow><mi>E</mi><mo>=</mo><mi>ρ</mi><mi>g</mi><msup><mi>H</mi><mn>2</mn></msup><mo>/</mo><mn>8</mn></mrow><annotation encoding="application/x-tex">E=\\rho gH^2/8</annotation></semantics></math></span><img src="/m.svg" alt="E=\\rho gH^2/8"></span> per square metre of sea surface. The buoy off <a class="meta-loc" href="/places/porthleven">Porthleven</a> has reported wave heights every half hour since 2003.</p>
<p>Readings are logged by a small program that calls <code>read_buoy()</code> and stores each value with its time, so that storms can be compared across years.</p>
<p>The largest wave on record at the buoy reached eleven metres during the storms of February 2014, when the harbour walls were overtopped.</p></article>`,
    title: "Measuring the swell",
    description:
      "Harbour engineers estimate the energy of a wave as E=ρgH2/8 per square metre of sea surface. The buoy off Porthleven has reported wave heights every half hour since 2003."
  }),
  // Paragraphs written with `<br>`: one breaks a line inside a sentence, two end the paragraph.
  page({
    slug: "br-separated-paragraphs",
    head: `<title>Notes from the quay</title>`,
    body:
      `<div class="post-body">The crabbers left before dawn on Tuesday,<br>and by noon the quay was empty except for the gulls.<br><br>
In the afternoon the harbour master closed the inner basin<br>with timber baulks, because a gale was forecast for the night.<br><br>
By evening the swell was breaking over the outer wall, and the lifeboat crew had gathered at the station.</div>`,
    title: "Notes from the quay",
    description: "The crabbers left before dawn on Tuesday, and by noon the quay was empty except for the gulls."
  }),
  // No `<title>`: the page is named by its first heading (an `h1`, else an `h2`).
  page({
    slug: "no-title-element",
    head: ``,
    body: `<h1>Meeting notes 2025</h1>${paragraphs(harbour)}`,
    title: "Meeting notes 2025",
    description: harbour[0] ?? ""
  }),
  page({
    slug: "no-title-only-h2",
    head: ``,
    body: `<h2>Harbour committee minutes</h2>${paragraphs(harbour)}`,
    title: "Harbour committee minutes",
    description: harbour[0] ?? ""
  }),
  // A CMS that fills application-name with the article's title; an empty `<title>` before the real one.
  page({
    slug: "site-name-field-holds-title",
    head: `<title></title><title>Lifeboat crew rescues yacht off the Lizard</title>
<meta property="og:site_name" content="Tide Weekly">
<meta name="application-name" content="Lifeboat crew rescues yacht off the Lizard">
<meta property="og:title" content="Lifeboat crew rescues yacht off the Lizard">`,
    body: `<header><h1><a class="logo" href="/">tide weekly home</a></h1></header><article>${
      paragraphs(harbour)
    }</article>`,
    host: "tideweekly.example",
    title: "Lifeboat crew rescues yacht off the Lizard",
    description: harbour[0] ?? ""
  }),
  // Site names after separators written with two hyphens, or with none between Chinese text and the name.
  page({
    slug: "double-hyphen-separator",
    head: `<title>Lifeboat crew rescues yacht off the Lizard -- Tidewatch.net</title>`,
    body: `<article>${paragraphs(harbour)}</article>`,
    host: "tidewatch.net",
    title: "Lifeboat crew rescues yacht off the Lizard",
    description: harbour[0] ?? ""
  }),
  page({
    slug: "tight-separator-after-heading",
    lang: "zh",
    head: `<title>港口疏浚工程五月开工-海港日报</title>`,
    body:
      `<article><h1>港口疏浚工程五月开工</h1><p>市港务局今天宣布，港口疏浚工程将于五月正式开工，预计持续两年。</p><p>工程完成后，大型货船可以在低潮时进出港口，渔船也将获得新的停泊区。</p><p>部分渔民担心施工期间的噪音和泥沙会影响近海的捕捞。</p></article>`,
    host: "haigang.example",
    title: "港口疏浚工程五月开工",
    description: "市港务局今天宣布，港口疏浚工程将于五月正式开工，预计持续两年。"
  }),
  // A plain-text document served as one preformatted block: its paragraphs are still paragraphs.
  page({
    slug: "preformatted-document",
    head: `<title>Harbour signals (draft)</title>`,
    body: `<pre>
HARBOUR SIGNALS                                        Draft 2

Abstract

   This draft describes the light signals a harbour shows to boats
   waiting outside it. A red light over a green light means the
   entrance is closed, and boats must wait outside the outer wall.

1. Introduction

   Small harbours often close their entrance with timber baulks when
   a gale is forecast. Boats arriving after dark need to know whether
   they can enter, and a signal on the pier head tells them.
</pre>`,
    title: "Harbour signals (draft)",
    description: ""
  }),
  // A list page whose only paragraph is cut off mid-sentence: its whole sentences are its description.
  page({
    slug: "paragraph-cut-mid-sentence",
    head: `<title>Harbour dues</title>`,
    body:
      `<ol><li><p>Harbour dues at Porthleven rise by four per cent from April for visiting yachts. Crabbers registered in the town pay the old rate, but the council has not yet said wheth</p></li></ol>`,
    title: "Harbour dues",
    description: "Harbour dues at Porthleven rise by four per cent from April for visiting yachts."
  }),
  // A declared description in other inflections of the page's words ("builders" for "builder", "built" for
  // "build") still describes it.
  page({
    slug: "description-in-other-inflections",
    head: `<title>Wallers of Porthleven</title>
<meta property="og:description" content="Built by wallers for walls: meet the builders keeping Cornish harbours standing.">`,
    body: `<article><h1>Wallers of Porthleven</h1>
<p>A dry-stone waller and a harbour builder spend the winter repairing the granite walls, stone by stone.</p>
<p>The builder learned the trade from his father, who built the last section of the outer wall in the 1970s.</p>
<p>Each winter storm moves a few blocks, and the waller resets them before the spring tides arrive.</p>
<p>The council pays for the work from harbour dues, and a charity raises money for the larger repairs.</p></article>`,
    title: "Wallers of Porthleven",
    description: "Built by wallers for walls: meet the builders keeping Cornish harbours standing."
  }),
  // A front page (a CollectionPage): its description is the site's coverage, not the day's headlines.
  page({
    slug: "front-page-description",
    head: `<title>Tide Weekly</title>
<meta property="og:description" content="Tide Weekly reports on the fishing ports, lifeboats and coastal towns of Cornwall and the Isles of Scilly.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":"Tide Weekly","url":"https://tideweekly.example/front","description":"Tide Weekly reports on the fishing ports, lifeboats and coastal towns of Cornwall and the Isles of Scilly."}</script>`,
    body: `<main><h1>Tide Weekly</h1><ul>
<li><a href="/a">Crabbers want a longer season as catches fall for the third year</a></li>
<li><a href="/b">Lifeboat crew rescues yacht off the Lizard after engine failure</a></li>
<li><a href="/c">Council votes to raise harbour dues for visiting yachts from April</a></li>
<li><a href="/d">Storm overtops the outer wall at Porthleven for the first time since 2014</a></li>
<li><a href="/e">New pontoons open at Newlyn as the fish market is rebuilt</a></li>
<li><a href="/f">Ferry timetable to the Isles of Scilly changes for the winter months</a></li>
</ul>
<p>Tide Weekly is published every Thursday and costs nothing to read online, with a printed edition in the shops.</p></main>`,
    host: "tideweekly.example",
    title: "Tide Weekly",
    description:
      "Tide Weekly reports on the fishing ports, lifeboats and coastal towns of Cornwall and the Isles of Scilly."
  }),
  // A large page is narrowed to its one <article> before Readability runs, and that article is a slideshow's
  // caption: the story outside it is the page's text, and the summary is the story's.
  page({
    slug: "article-reduced-to-caption",
    head: `<title>Storm overtops the outer wall</title>`,
    body:
      `<div class="story"><p>The storm that reached Cornwall on Monday night sent waves over the outer wall at Porthleven for the first time since 2014.</p>
<p>The harbour master closed the inner basin with timber baulks on Monday afternoon, and no boats were damaged.</p>
<p>Volunteers moved sandbags to the houses on the front, where the sea reached the doors of two cottages.</p>
<p>The council says the wall held, but engineers will inspect the granite blocks when the swell drops.</p></div>
<article class="slideshow"><figure><img src="/storm.jpg" alt=""><figcaption>In this photo taken on Monday, Feb. 3, 2025, waves break over the outer wall at Porthleven, Cornwall, during the storm, as a lifeboat crew watches from the quay and the harbour master closes the inner basin with timber baulks, and volunteers carry sandbags to the cottages on the front (Photo by Ines Duarte / Tide Weekly)</figcaption></figure></article>
<div class="grid">${Array.from({ length: 2100 }, (_, i) => `<i>${i % 10}</i>`).join("")}</div>`,
    title: "Storm overtops the outer wall",
    description:
      "The storm that reached Cornwall on Monday night sent waves over the outer wall at Porthleven for the first time since 2014."
  })
]
