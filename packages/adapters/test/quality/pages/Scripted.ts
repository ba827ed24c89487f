/**
 * Pages built or changed by script: the HTML the server sends and the document a browser holds after the
 * scripts ran. Enrichment renders them, so the rendered document is what it reads.
 */
import { body, type Content, escape, expected, meta } from "../Markup.js"
import type { Page } from "../Page.js"
import * as W from "../Widgets.js"

const tides: Content = {
  slug: "tide-almanac",
  title: "Tide Almanac",
  sections: [
    {
      paragraphs: [
        "Spring tides bring the highest and lowest waters of the month to the harbour of Quellport, twice in every lunar cycle. They come a day or two after the new moon and the full moon.",
        "Neap tides follow a week after each spring tide, when the sun and the moon pull at right angles and the harbour water rises and falls the least.",
        "The harbour master publishes the tide almanac every winter, and the fishing crews study it before each voyage."
      ]
    },
    {
      heading: "Reading the table",
      paragraphs: [
        "Each row of the table gives the times and heights of high and low water for one day. Heights are measured in metres above chart datum."
      ]
    }
  ],
  topics: [
    "tides",
    "tide",
    "spring tides",
    "neap tides",
    "tide almanac",
    "almanac",
    "harbour",
    "quellport",
    "moon",
    "high water",
    "low water",
    "harbour master",
    "lunar cycle",
    "chart datum",
    "fishing crews"
  ]
}

const tidesShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tide Almanac</title>
<link rel="stylesheet" href="/assets/app.css"><script type="module" src="/assets/app.js"></script></head>
<body><div id="root"><div class="spinner" aria-busy="true">Loading…</div></div></body></html>`

const tidesRendered = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tide Almanac</title>
<link rel="stylesheet" href="/assets/app.css"><script type="module" src="/assets/app.js"></script></head>
<body><div id="root"><div class="app"><header class="toolbar"><button>☰</button><span>Harbour Tools</span><button>Settings</button></header>
<main><article><h1>Tide Almanac</h1>${body(tides)}
<table><tr><th>Day</th><th>High water</th><th>Low water</th></tr><tr><td>Mon</td><td>06:12 4.8 m</td><td>12:30 0.6 m</td></tr></table>
</article></main><footer class="toolbar">Made with care in Quellport</footer></div></div></body></html>`

const hikes: Content = {
  slug: "quiet-hikes-lake-district",
  title: "Five quiet hikes in the Lake District",
  description:
    "Skip the crowds on Scafell Pike: five walks with big views and empty paths, from Haystacks to High Cup Nick.",
  sections: [
    {
      paragraphs: [
        "Scafell Pike and Helvellyn draw thousands of walkers every summer weekend, but the Lake District has plenty of fells where you can walk for hours without meeting anyone.",
        "Haystacks, above Buttermere, was the favourite hill of the guidebook writer Alfred Wainwright, and its rocky summit tarns are quiet early in the morning.",
        "High Cup Nick, on the edge of the North Pennines, is a perfect U-shaped valley that feels remote even on a bank holiday."
      ]
    },
    {
      heading: "Before you go",
      paragraphs: [
        "Carry a map and compass even on short walks, because mist can come down quickly on the fells. Mountain rescue teams are volunteers."
      ]
    }
  ],
  topics: [
    "hikes",
    "hiking",
    "walks",
    "walkers",
    "lake district",
    "fells",
    "haystacks",
    "high cup nick",
    "scafell pike",
    "helvellyn",
    "buttermere",
    "alfred wainwright",
    "north pennines",
    "mountain rescue",
    "map and compass"
  ]
}

const hikesShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trailhead</title>
<meta name="description" content="Trailhead: plan your next hike.">
<script defer src="/static/js/main.4f2a.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`

const hikesRendered =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Five quiet hikes in the Lake District | Trailhead</title>
<meta name="description" content="${escape(hikes.description ?? "")}">
${meta("property", "og:title", hikes.title)}
${meta("property", "og:description", hikes.description)}
<script defer src="/static/js/main.4f2a.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"><div class="App">
<nav class="navbar"><a href="/">Trailhead</a><a href="/routes">Routes</a><a href="/saved">Saved</a><a href="/login">Log in</a></nav>
<div class="article-page"><h1>${escape(hikes.title)}</h1><div class="meta">By Tom Ashby · 6 min read</div>
${body(hikes)}</div>
<div class="app-download-banner"><p>Get the Trailhead app for offline maps. Download it free from the App Store or Google Play.</p></div>
</div></div></body></html>`

const coral: Content = {
  slug: "coral-spawning",
  title: "Corals on the Great Barrier Reef spawn in a rare synchronised event",
  description:
    "Marine biologists watched billions of eggs and sperm released on a single night, a sign of recovery after recent bleaching.",
  sections: [
    {
      paragraphs: [
        "Corals along a 300-kilometre stretch of the Great Barrier Reef spawned on the same night last week, releasing billions of eggs and sperm into the water in one of nature's largest synchronised events.",
        "Marine biologists from James Cook University said the spawning was stronger than in the three previous years, a sign that some reefs are recovering after mass bleaching in 2024.",
        "The corals time their spawning by the water temperature and the phase of the moon, usually a few nights after the full moon in November."
      ]
    },
    {
      paragraphs: [
        "Scientists collected some of the larvae to grow in tanks and return to damaged parts of the reef next year."
      ]
    }
  ],
  topics: [
    "corals",
    "coral",
    "spawning",
    "great barrier reef",
    "reef",
    "reefs",
    "marine biologists",
    "eggs",
    "bleaching",
    "larvae",
    "james cook university",
    "full moon",
    "synchronised",
    "water temperature"
  ]
}

const coralHead = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${
  escape(coral.title)
} | Reef Report</title>
${meta("name", "description", coral.description)}
${meta("property", "og:title", coral.title)}
${meta("property", "og:description", coral.description)}
${meta("property", "og:type", "article")}
${meta("property", "article:published_time", "2026-11-20T06:00:00Z")}
<script src="/js/consent-and-paywall.js" async></script></head>`

const coralArticle = `<header><a href="/">Reef Report</a>${W.siteNav(["News", "Science", "Travel"])}</header>
<main><article><h1>${escape(coral.title)}</h1>${body(coral)}</article></main>${W.footer("Reef Report")}`

/** What the browser shows once the consent script and a subscription modal have been injected. */
const coralRendered = `${coralHead}<body>${coralArticle}
${W.consentDialog}
<div class="modal-overlay"><div class="modal"><h2>Stay with the story</h2><p>Subscribe to Reef Report to get every story about the ocean delivered to your inbox. Cancel anytime.</p><button>Subscribe</button><button>No thanks</button></div></div>
</body></html>`

const page = (content: Content, url: string, html: string, rendered: string): Page => ({
  id: `scripted/${content.slug}`,
  kind: "scripted",
  lang: "en",
  url,
  html,
  rendered,
  expected: expected(content)
})

export const pages: ReadonlyArray<Page> = [
  page(tides, "https://tools.quellport-harbour.example/almanac", tidesShell, tidesRendered),
  page(hikes, "https://trailhead.example/guides/quiet-hikes-lake-district", hikesShell, hikesRendered),
  page(
    coral,
    "https://reefreport.example/science/coral-spawning",
    `${coralHead}<body>${coralArticle}</body></html>`,
    coralRendered
  )
]
