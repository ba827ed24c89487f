/**
 * Site templates for the quality pages: how news sites, blogs, encyclopaedias, documentation, forums, recipe
 * sites, shops and video sites wrap their content: head metadata in their own habits (site-name suffixes, Open
 * Graph, JSON-LD by type), navigation, consent banners, players, prompts and footers around it.
 */
import { body, type Content, escape, inline, jsonLd, lead, makePage, meta, paragraphs } from "./Markup.js"
import type { Page } from "./Page.js"
import * as W from "./Widgets.js"

export interface Site {
  readonly name: string
  readonly host: string
  /** Between the page title and the site name in `<title>`: " | ", " - ", " — "… */
  readonly sep?: string
  readonly nav?: ReadonlyArray<string>
}

const head = (lang: string, parts: ReadonlyArray<string>) =>
  `<!DOCTYPE html>\n<html lang="${lang}" dir="ltr"><head><meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n${
    parts.filter((p) => p !== "").join("\n")
  }\n</head>`

const titleTag = (text: string) => `<title>${escape(text)}</title>`

export interface NewsOptions {
  readonly section: string
  readonly author: string
  /** `null`: no og:title; a string: an og:title other than the headline. */
  readonly ogTitle?: string | null
  readonly titleTag?: string
  /** `null`: no `<meta name=description>`; a string: one other than the declared description. */
  readonly metaDescription?: string | null
  readonly ogDescription?: string | null
  /** The description also shown under the headline. */
  readonly standfirst?: boolean
  readonly schemaType?: string
  readonly widgets?: ReadonlyArray<
    "cookie" | "consent" | "newsletter" | "paywall" | "player" | "share" | "related" | "comments" | "ads"
  >
  readonly kickerInHeadline?: boolean
}

export const news = (site: Site, c: Content, o: NewsOptions): Page => {
  const url = `https://${site.host}/${o.section.toLowerCase().replace(/\W+/g, "-")}/2026/03/14/${c.slug}`
  const has = (w: NonNullable<NewsOptions["widgets"]>[number]) => (o.widgets ?? []).includes(w)
  const lang = c.lang ?? "en"
  const html = `${
    head(lang, [
      titleTag(o.titleTag ?? `${c.title}${site.sep ?? " | "}${site.name}`),
      meta("name", "description", o.metaDescription === null ? undefined : o.metaDescription ?? c.description),
      meta("property", "og:site_name", site.name),
      meta("property", "og:title", o.ogTitle === null ? undefined : o.ogTitle ?? c.title),
      meta("property", "og:description", o.ogDescription === null ? undefined : o.ogDescription ?? c.description),
      meta("property", "og:type", "article"),
      meta("property", "og:url", url),
      meta("property", "og:image", `https://cdn.${site.host}/images/${c.slug}.jpg`),
      meta("property", "article:published_time", "2026-03-14T08:30:00Z"),
      meta("property", "article:section", o.section),
      meta("name", "twitter:card", "summary_large_image"),
      `<link rel="canonical" href="${url}">`,
      `<link rel="icon" href="/favicon-32.png" sizes="32x32">`,
      jsonLd({
        "@context": "https://schema.org",
        "@graph": [
          {
            "@type": o.schemaType ?? "NewsArticle",
            headline: c.title,
            description: c.description,
            datePublished: "2026-03-14T08:30:00Z",
            author: [{ "@type": "Person", name: o.author }],
            publisher: {
              "@type": "NewsMediaOrganization",
              name: site.name,
              logo: { "@type": "ImageObject", url: `https://${site.host}/logo.png` }
            },
            image: [`https://cdn.${site.host}/images/${c.slug}.jpg`]
          },
          { "@type": "WebSite", name: site.name, url: `https://${site.host}/` },
          {
            "@type": "BreadcrumbList",
            itemListElement: [
              { "@type": "ListItem", position: 1, name: "Home", item: `https://${site.host}/` },
              {
                "@type": "ListItem",
                position: 2,
                name: o.section,
                item: `https://${site.host}/${o.section.toLowerCase()}`
              }
            ]
          }
        ]
      })
    ])
  }
<body class="article-page">
${has("cookie") ? W.cookieBanner : ""}${has("consent") ? W.consentDialog : ""}
<header class="masthead"><a class="logo" href="/">${escape(site.name)}</a>${
    W.siteNav(site.nav ?? ["World", "Politics", "Business", "Science", "Sport", "Culture"])
  }
<a class="subscribe-link" href="/subscribe">Subscribe</a> <a href="/login">Sign in</a></header>
${has("ads") ? W.advert : ""}
<main id="main-content"><article class="story">
<div class="breadcrumbs"><a href="/">Home</a> › <a href="/${escape(o.section.toLowerCase())}">${
    escape(o.section)
  }</a></div>
<header class="story-header">
${
    o.kickerInHeadline === true
      ? `<h1><span class="kicker">${escape(o.section)} —</span> ${escape(c.title)}</h1>`
      : `<span class="kicker">${escape(o.section)}</span>\n<h1 class="headline">${escape(c.title)}</h1>`
  }
${o.standfirst === true && c.description !== undefined ? `<p class="standfirst">${escape(c.description)}</p>` : ""}
${W.byline(o.author, "14 March 2026", 4 + (c.slug.length % 5))}
</header>
<figure class="lead-image"><img src="https://cdn.${site.host}/images/${c.slug}.jpg" alt=""><figcaption>Photograph: ${
    escape(o.author)
  } for ${escape(site.name)}</figcaption></figure>
${has("player") ? W.videoPlayer("2:31") : ""}
<div class="story-body">
${
    body(c, {
      between: (i) => (i === 1 && has("newsletter")
        ? W.newsletter("Sign up for the Morning Brief")
        : i === 2 && has("ads")
        ? W.advert
        : "")
    })
  }
</div>
${has("paywall") ? W.paywall : ""}
${has("share") ? W.shareBar : ""}
</article>
${
    has("related")
      ? W.related(`More from ${o.section}`, [
        "Council approves new budget after long debate",
        "Five things to know before the weekend",
        "Opinion: the view from the harbour wall"
      ])
      : ""
  }
${
    has("comments")
      ? W.comments([["reader_88", "Great piece, thanks for writing it."], [
        "Jo M.",
        "I remember when this happened the first time. Nobody listened then either."
      ]])
      : ""
  }
</main>
${W.footer(site.name)}
</body></html>`
  const page = makePage("news", url, html, c)
  // A standfirst is the page's own words too.
  if (o.standfirst !== true || c.description === undefined) return page
  return {
    ...page,
    expected: {
      ...page.expected,
      content: [...page.expected.content, c.description],
      gist: [...page.expected.gist, c.description]
    }
  }
}

export interface BlogOptions {
  readonly author: string
  readonly titleTag?: string
  readonly ogTitle?: string | null
  readonly metaDescription?: string | null
  readonly ogDescription?: string | null
  /** JSON-LD BlogPosting (or another type). */
  readonly schemaType?: string | null
  readonly comments?: boolean
  readonly newsletter?: boolean
  readonly h1?: string
}

export const blog = (site: Site, c: Content, o: BlogOptions): Page => {
  const url = `https://${site.host}/posts/${c.slug}/`
  const html = `${
    head(c.lang ?? "en", [
      titleTag(o.titleTag ?? `${c.title}${site.sep ?? " – "}${site.name}`),
      meta("name", "description", o.metaDescription === null ? undefined : o.metaDescription ?? c.description),
      meta("name", "author", o.author),
      meta("property", "og:title", o.ogTitle === null ? undefined : o.ogTitle ?? c.title),
      meta("property", "og:description", o.ogDescription === null ? undefined : o.ogDescription ?? c.description),
      meta("property", "og:type", "article"),
      meta("property", "og:site_name", site.name),
      meta("property", "article:published_time", "2026-02-02T10:00:00+00:00"),
      o.schemaType === null ? "" : jsonLd({
        "@context": "https://schema.org",
        "@type": o.schemaType ?? "BlogPosting",
        headline: c.title,
        ...(c.description === undefined ? {} : { description: c.description }),
        author: { "@type": "Person", name: o.author },
        datePublished: "2026-02-02"
      }),
      `<link rel="alternate" type="application/rss+xml" title="${escape(site.name)} feed" href="/feed.xml">`
    ])
  }
<body class="post-template">
<div class="site-header"><a class="site-title" href="/">${escape(site.name)}</a>${
    W.divMenu(site.nav ?? ["Home", "Archive", "About", "Now", "RSS"])
  }</div>
<main class="content"><article class="post">
<h1 class="post-title">${escape(o.h1 ?? c.title)}</h1>
<div class="post-meta"><time>2 February 2026</time> · ${escape(o.author)} · Tagged: ${
    escape(c.topics.slice(0, 3).join(", "))
  }</div>
<div class="post-content">
${body(c, { between: (i) => (i === 2 && o.newsletter === true ? W.newsletter("Enjoying these notes?") : "") })}
</div>
<div class="post-footer"><a href="/posts/previous/">← Previous post</a> <a href="/posts/next/">Next post →</a></div>
</article>
${
    o.comments === true
      ? W.comments([["Sam", "This is exactly what I needed today, thank you!"], [
        "Priya K.",
        "Have you tried doing it the other way round? It worked for me."
      ]])
      : ""
  }
</main>
<footer><p>Written by ${escape(o.author)}. Powered by a static site generator.</p></footer>
</body></html>`
  return makePage("blog", url, html, c)
}

export interface WikiOptions {
  /** The Wikidata short description that the site puts in JSON-LD `headline`. */
  readonly shortDescription: string
  /** `<title>` suffix: " - Wikipedia", " – Wikipedia", " — Wikipédia"… */
  readonly suffix?: string
  /** Whether the page has Open Graph tags (the desktop site has og:title with the suffix). */
  readonly og?: boolean
  readonly infobox?: ReadonlyArray<readonly [string, string]>
  readonly hatnote?: string
  readonly host?: string
}

export const wiki = (c: Content, o: WikiOptions): Page => {
  const lang = c.lang ?? "en"
  const host = o.host ?? `${lang}.wikipedia.org`
  const url = `https://${host}/wiki/${encodeURIComponent(c.title.replaceAll(" ", "_"))}`
  const fullTitle = `${c.title}${o.suffix ?? " - Wikipedia"}`
  const html = `${
    head(lang, [
      titleTag(fullTitle),
      o.og === false ? "" : meta("property", "og:title", fullTitle),
      o.og === false ? "" : meta("property", "og:type", "website"),
      o.og === false
        ? ""
        : meta("property", "og:image", `https://upload.wikimedia.org/wikipedia/commons/${c.slug}.jpg`),
      `<link rel="icon" href="/static/favicon/wikipedia.ico">`,
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Article",
        name: c.title,
        url,
        sameAs: "http://www.wikidata.org/entity/Q664",
        mainEntity: "http://www.wikidata.org/entity/Q664",
        author: { "@type": "Organization", name: "Contributors to Wikimedia projects" },
        publisher: {
          "@type": "Organization",
          name: "Wikimedia Foundation, Inc.",
          logo: { "@type": "ImageObject", url: "https://www.wikimedia.org/static/images/wmf-hor-googpub.png" }
        },
        datePublished: "2001-11-08T19:00:00Z",
        dateModified: "2026-03-01T12:00:00Z",
        image: `https://upload.wikimedia.org/wikipedia/commons/${c.slug}.jpg`,
        headline: o.shortDescription
      })
    ])
  }
<body class="skin-vector mediawiki ltr sitedir-ltr">
<a class="mw-jump-link" href="#bodyContent">Jump to content</a>
<div class="vector-header-container"><header class="vector-header mw-header"><div class="vector-main-menu-landmark">Main menu</div>
<a href="/wiki/Main_Page" class="mw-logo">Wikipedia The Free Encyclopedia</a>
<div id="p-search"><form><input type="search" placeholder="Search Wikipedia"><button>Search</button></form></div>
<div class="vector-user-links"><a href="/w/index.php?title=Special:CreateAccount">Create account</a> <a href="/w/index.php?title=Special:UserLogin">Log in</a></div></header></div>
<div class="mw-page-container"><div class="vector-sitenotice-container"><div id="siteNotice"></div></div>
<main id="content" class="mw-body">
<header class="mw-body-header"><h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">${
    escape(c.title)
  }</span></h1>
<div class="vector-page-toolbar"><nav aria-label="Namespaces"><a href="#">Article</a> <a href="#">Talk</a></nav><nav aria-label="Views"><a href="#">Read</a> <a href="#">Edit</a> <a href="#">View history</a></nav><div class="vector-dropdown">Tools</div></div></header>
<div id="bodyContent" class="vector-body"><div id="siteSub" class="noprint">From Wikipedia, the free encyclopedia</div>
<div id="mw-content-text" class="mw-body-content"><div class="mw-content-ltr mw-parser-output" lang="${lang}" dir="ltr">
<div class="shortdescription nomobile noexcerpt noprint searchaux" style="display:none">${
    escape(o.shortDescription)
  }</div>
${
    o.hatnote === undefined
      ? ""
      : `<div role="note" class="hatnote navigation-not-searchable">${escape(o.hatnote)}</div>`
  }
${
    o.infobox === undefined
      ? ""
      : `<table class="infobox vcard"><tbody><tr><th colspan="2" class="infobox-above">${escape(c.title)}</th></tr>${
        o.infobox.map(([k, v]) =>
          `<tr><th scope="row" class="infobox-label">${escape(k)}</th><td class="infobox-data">${escape(v)}</td></tr>`
        ).join("")
      }</tbody></table>`
  }
<p class="mw-empty-elt"></p>
${
    body(c, { heading: "h2" }).replace(
      /<h2>([^<]*)<\/h2>/g,
      `<div class="mw-heading mw-heading2"><h2 id="$1">$1</h2><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="#">edit</a><span class="mw-editsection-bracket">]</span></span></div>`
    )
  }
<div class="mw-heading mw-heading2"><h2 id="References">References</h2></div>
<div class="reflist"><ol class="references">${
    [1, 2, 3].map((n) =>
      `<li id="cite_note-${n}"><span class="mw-cite-backlink"><a href="#cite_ref-${n}">^</a></span> <span class="reference-text">Source number ${n}. Retrieved 1 March 2026.</span></li>`
    ).join("")
  }</ol></div>
</div></div>
<div id="catlinks" class="catlinks">Categories: ${escape(c.topics.slice(0, 3).join(" | "))}</div>
</div></main></div>
<footer id="footer" class="mw-footer"><ul><li>This page was last edited on 1 March 2026, at 12:00 (UTC).</li>
<li>Text is available under the Creative Commons Attribution-ShareAlike 4.0 License; additional terms may apply. By using this site, you agree to the Terms of Use and Privacy Policy.</li></ul>
<ul><li><a href="#">Privacy policy</a></li><li><a href="#">About Wikipedia</a></li><li><a href="#">Disclaimers</a></li></ul></footer>
</body></html>`
  return makePage("wiki", url, html, c)
}

export interface DocsOptions {
  readonly style: "mdn" | "book" | "sphinx" | "readme"
  readonly titleTag: string
  readonly ogTitle?: string
  readonly sidebar: ReadonlyArray<string>
  readonly path: string
}

export const docs = (site: Site, c: Content, o: DocsOptions): Page => {
  const url = `https://${site.host}${o.path}`
  const content = body(c, { heading: o.style === "sphinx" ? "h2" : "h2" })
  const sectionHtml = o.style === "sphinx"
    ? content.replace(
      /<h2>([^<]*)<\/h2>/g,
      `<h2>$1<a class="headerlink" href="#" title="Link to this heading">¶</a></h2>`
    )
    : o.style === "mdn"
    ? content.replace(
      /<pre><code>/g,
      `<div class="code-example"><div class="example-header"><span class="language-name">js</span><button class="copy-icon"><span class="visually-hidden">Copy to Clipboard</span></button></div><pre class="brush: js notranslate"><code>`
    ).replace(/<\/code><\/pre>/g, "</code></pre></div>")
    : content
  const html = `${
    head(c.lang ?? "en", [
      titleTag(o.titleTag),
      meta("name", "description", c.description),
      o.ogTitle === undefined ? "" : meta("property", "og:title", o.ogTitle),
      o.ogTitle === undefined ? "" : meta("property", "og:description", c.description),
      o.ogTitle === undefined ? "" : meta("property", "og:site_name", site.name),
      `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`
    ])
  }
<body class="docs docs-${o.style}">
${
    o.style === "book"
      ? `<div id="menu-bar" class="menu-bar"><div class="left-buttons"><button id="sidebar-toggle" aria-label="Toggle Table of Contents">☰</button><button id="theme-toggle">Change theme</button><button id="search-toggle">Search</button></div><h1 class="menu-title">${
        escape(site.name)
      }</h1><div class="right-buttons"><a href="print.html" title="Print this book">Print</a></div></div>`
      : `<header class="top-navigation"><a class="logo" href="/">${
        escape(site.name)
      }</a><div class="top-navigation-main"><a href="/docs">Docs</a> <a href="/guides">Guides</a> <a href="/blog">Blog</a> <a href="/play">Playground</a></div><button class="search-button">Search</button> <a href="/signin">Log in</a></header>`
  }
<div class="main-wrapper">
<nav class="sidebar" aria-label="Table of contents"><ol class="chapter">${
    o.sidebar.map((s, i) => `<li class="chapter-item"><a href="#"><strong>${i + 1}.</strong> ${escape(s)}</a></li>`)
      .join("")
  }</ol></nav>
${
    o.style === "mdn"
      ? `<aside class="toc"><h2>In this article</h2><ul>${
        c.sections.filter((s) => s.heading).map((s) => `<li><a href="#">${escape(s.heading ?? "")}</a></li>`).join("")
      }</ul></aside>`
      : ""
  }
<main id="content" class="main-page-content">
${
    o.style === "mdn"
      ? `<nav class="breadcrumbs-container"><ol><li><a href="/en-US/docs/Web">References</a></li><li><a href="#">JavaScript</a></li><li><a href="#">Standard built-in objects</a></li></ol></nav>`
      : ""
  }
<article class="main-page-content" lang="${c.lang ?? "en"}">
<h1>${escape(c.expectTitle ?? c.title)}</h1>
${
    o.style === "mdn"
      ? `<div class="notecard note"><p><strong>Baseline</strong> Widely available. This feature is well established and works across many devices and browser versions.</p></div>`
      : ""
  }
${sectionHtml}
</article>
${
    o.style === "mdn"
      ? `<aside class="metadata"><p>Help improve MDN. Was this page helpful to you? Yes No. Learn how to contribute.</p><p>This page was last modified on Mar 1, 2026 by MDN contributors.</p></aside>`
      : ""
  }
${
    o.style === "book"
      ? `<nav class="nav-wrapper" aria-label="Page navigation"><a rel="prev" href="#" title="Previous chapter">←</a><a rel="next" href="#" title="Next chapter">→</a></nav>`
      : ""
  }
</main></div>
${
    o.style === "sphinx"
      ? `<div class="footer">© Copyright 2001-2026, the project authors. This page is licensed under the project's documentation licence. Last updated on Mar 01, 2026. Found a bug? Created using Sphinx.</div>`
      : W.footer(site.name)
  }
</body></html>`
  return makePage("docs", url, html, c)
}

export interface ForumPost {
  readonly author: string
  readonly votes?: number
  readonly accepted?: boolean
  readonly paragraphs: ReadonlyArray<string>
  readonly code?: string
}

export interface ForumOptions {
  readonly style: "stack" | "reddit" | "discourse"
  readonly titleTag: string
  readonly ogTitle?: string
  readonly answers: ReadonlyArray<ForumPost>
  readonly category: string
  readonly path: string
}

export const forum = (site: Site, c: Content, o: ForumOptions): Page => {
  const url = `https://${site.host}${o.path}`
  const post = (p: ForumPost, kind: "question" | "answer") =>
    `<div class="post-layout ${kind}${p.accepted === true ? " accepted-answer" : ""}">
<div class="votecell"><button aria-label="Up vote">▲</button><div class="js-vote-count">${
      p.votes ?? 0
    }</div><button aria-label="Down vote">▼</button>${
      p.accepted === true ? `<div class="accepted" title="Loading when this answer was accepted…">✓</div>` : ""
    }</div>
<div class="postcell"><div class="s-prose js-post-body">${p.paragraphs.map((x) => `<p>${inline(x)}</p>`).join("\n")}${
      p.code === undefined ? "" : `<pre><code>${escape(p.code)}</code></pre>`
    }</div>
<div class="post-menu"><a href="#">Share</a> <a href="#">Improve this ${kind}</a> <a href="#">Follow</a></div>
<div class="user-info">${kind === "question" ? "asked" : "answered"} Mar 3, 2026 at 10:15 <a href="/users/1">${
      escape(p.author)
    }</a> <span class="reputation-score">12.4k</span></div>
<div class="comments"><ul><li class="comment"><span class="comment-copy">Thanks, this helped.</span> – someone Mar 4, 2026 at 9:00</li></ul><a class="js-add-link">Add a comment</a></div></div></div>`
  const question: ForumPost = { author: "asker", votes: 42, paragraphs: paragraphs(c) }
  const html = `${
    head(c.lang ?? "en", [
      titleTag(o.titleTag),
      meta("name", "description", c.description),
      o.ogTitle === undefined ? "" : meta("property", "og:title", o.ogTitle),
      o.ogTitle === undefined ? "" : meta("property", "og:description", c.description),
      meta("property", "og:site_name", site.name),
      meta("property", "og:type", "website"),
      jsonLd({
        "@context": "https://schema.org",
        "@type": o.style === "stack" ? "QAPage" : "DiscussionForumPosting",
        ...(o.style === "stack"
          ? {
            mainEntity: {
              "@type": "Question",
              name: c.title,
              text: lead(c),
              answerCount: o.answers.length,
              upvoteCount: 42
            }
          }
          : { headline: c.title, text: lead(c), author: { "@type": "Person", name: "asker" } })
      })
    ])
  }
<body class="question-page">
<header class="s-topbar"><a class="s-topbar--logo" href="/"><span class="-img">${escape(site.name)}</span></a>
<ol class="s-navigation"><li><a href="/">Home</a></li><li><a href="/questions">Questions</a></li><li><a href="/tags">Tags</a></li><li><a href="/users">Users</a></li></ol>
<form class="s-topbar--searchbar"><input placeholder="Search…"></form><a href="/users/login">Log in</a> <a href="/users/signup">Sign up</a></header>
<div id="content"><div id="question-header"><h1 itemprop="name"><a href="${o.path}" class="question-hyperlink">${
    escape(c.title)
  }</a></h1></div>
<div class="question-stats">Asked 2 years ago · Modified 3 months ago · Viewed 48k times</div>
<div class="post-taglist"><a class="post-tag" href="#">${escape(o.category)}</a></div>
<div id="mainbar">
${post(question, "question")}
<div id="answers"><div id="answers-header"><h2>${o.answers.length} Answers</h2><div>Sorted by: Highest score (default)</div></div>
${o.answers.map((a) => post(a, "answer")).join("\n")}
</div>
<div class="bottom-notice"><h2>Not the answer you're looking for? Browse other questions tagged ${
    escape(o.category)
  } or ask your own question.</h2></div>
</div>
<div id="sidebar"><div class="s-sidebarwidget"><h4>The Overflow Blog</h4><ul><li>How we built a faster search</li><li>Community digest for March</li></ul></div>
<div class="module sidebar-related"><h4>Related</h4><ul><li><a href="#">How to revert a commit that was already pushed?</a></li><li><a href="#">Why does my build fail only on Fridays?</a></li></ul></div></div>
</div>
<div class="js-consent-banner"><p>By clicking "Accept all cookies", you agree ${
    escape(site.name)
  } can store cookies on your device and disclose information in accordance with our Cookie Policy.</p><button>Accept all cookies</button><button>Necessary cookies only</button></div>
${W.footer(site.name)}
</body></html>`
  const answerBlocks = o.answers.flatMap((a) => a.paragraphs)
  const page = makePage("forum", url, html, c)
  // A thread's gist is its question and the answer it accepted (or its top answer).
  const answer = o.answers.find((a) => a.accepted === true) ?? o.answers[0]
  return {
    ...page,
    expected: {
      ...page.expected,
      content: [...page.expected.content, ...answerBlocks],
      gist: [...page.expected.gist, ...(answer?.paragraphs ?? [])]
    }
  }
}

export interface RecipeOptions {
  readonly titleTag: string
  readonly ogTitle?: string | null
  readonly recipeName: string
  readonly ingredients: ReadonlyArray<string>
  readonly steps: ReadonlyArray<string>
  readonly totalTime: string
  readonly yield: string
  readonly author: string
}

export const recipe = (site: Site, c: Content, o: RecipeOptions): Page => {
  const url = `https://${site.host}/recipes/${c.slug}/`
  const html = `${
    head(c.lang ?? "en", [
      titleTag(o.titleTag),
      meta("name", "description", c.description),
      o.ogTitle === null ? "" : meta("property", "og:title", o.ogTitle ?? c.title),
      meta("property", "og:description", c.description),
      meta("property", "og:type", "article"),
      meta("property", "og:site_name", site.name),
      jsonLd({
        "@context": "https://schema.org/",
        "@graph": [
          {
            "@type": "WebSite",
            name: site.name,
            description: `${site.name}: easy recipes for every day`,
            url: `https://${site.host}/`
          },
          { "@type": "Person", name: o.author },
          {
            "@type": "Recipe",
            name: o.recipeName,
            description: c.description,
            author: { "@type": "Person", name: o.author },
            totalTime: "PT1H10M",
            recipeYield: o.yield,
            recipeIngredient: o.ingredients,
            recipeInstructions: o.steps.map((text) => ({ "@type": "HowToStep", text })),
            aggregateRating: { "@type": "AggregateRating", ratingValue: "4.8", ratingCount: "1260" },
            nutrition: { "@type": "NutritionInformation", calories: "245 kcal" }
          }
        ]
      })
    ])
  }
<body class="single-post">
${W.cookieBanner}
<div class="header-wrap"><a class="brand" href="/">${escape(site.name)}</a>${
    W.siteNav(site.nav ?? ["Recipes", "Dinner", "Baking", "Desserts", "About"])
  }</div>
<div class="content-area"><article class="post">
<h1 class="entry-title">${escape(c.title)}</h1>
<div class="entry-meta">By ${escape(o.author)} · Updated 10 March 2026 · 214 comments</div>
<div class="recipe-buttons"><a class="jump-to-recipe" href="#recipe">Jump to Recipe</a> <a class="print" href="#">Print Recipe</a></div>
<div class="disclosure"><p>This post may contain affiliate links. Please read our disclosure policy.</p></div>
<div class="entry-content">
${body(c, { between: (i) => (i === 1 ? W.advert : "") })}
</div>
<div id="recipe" class="wprm-recipe-container"><div class="wprm-recipe">
<h2 class="wprm-recipe-name">${escape(o.recipeName)}</h2>
<div class="wprm-recipe-rating">★★★★★ 4.8 from 1260 votes</div>
<div class="wprm-recipe-times">Prep Time 15 minutes · Total Time ${escape(o.totalTime)} · Servings ${
    escape(o.yield)
  }</div>
<h3>Ingredients</h3><ul class="wprm-recipe-ingredients">${
    o.ingredients.map((i) => `<li class="wprm-recipe-ingredient">${escape(i)}</li>`).join("")
  }</ul>
<h3>Instructions</h3><ol class="wprm-recipe-instructions">${
    o.steps.map((s) => `<li><div class="wprm-recipe-instruction-text">${escape(s)}</div></li>`).join("")
  }</ol>
<h3>Nutrition</h3><div class="wprm-nutrition-label">Calories: 245kcal | Carbohydrates: 38g | Protein: 4g | Fat: 9g | Sodium: 210mg | Sugar: 19g</div>
<div class="wprm-call-to-action"><p>Tried this recipe? Mention us on Instagram and tag your photos!</p></div>
</div></div>
</article>
${
    W.comments([["Maggie", "Made this twice already, my family loves it!"], [
      "Tom",
      "Can I freeze it? Asking before I make a double batch."
    ]])
  }
</div>
<div class="sidebar"><div class="widget"><h3>Hi, I'm ${
    escape(o.author)
  }!</h3><p>Welcome to my kitchen. Here you will find easy recipes for every day.</p></div></div>
${W.footer(site.name)}
</body></html>`
  const page = makePage("recipe", url, html, c)
  return { ...page, expected: { ...page.expected, content: [...page.expected.content, ...o.steps] } }
}

export interface ProductOptions {
  readonly titleTag: string
  readonly ogTitle?: string | null
  readonly brand: string
  readonly price: string
  readonly features: ReadonlyArray<string>
  readonly specs: ReadonlyArray<readonly [string, string]>
  readonly reviews: ReadonlyArray<readonly [string, string]>
}

export const product = (site: Site, c: Content, o: ProductOptions): Page => {
  const url = `https://${site.host}/products/${c.slug}`
  const html = `${
    head(c.lang ?? "en", [
      titleTag(o.titleTag),
      meta("name", "description", c.description),
      o.ogTitle === null ? "" : meta("property", "og:title", o.ogTitle ?? c.title),
      meta("property", "og:description", c.description),
      meta("property", "og:type", "product"),
      meta("property", "product:price:amount", o.price.replace(/[^\d.]/g, "")),
      meta("property", "product:price:currency", "USD"),
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: c.title,
        description: c.description,
        brand: { "@type": "Brand", name: o.brand },
        sku: c.slug.toUpperCase(),
        offers: {
          "@type": "Offer",
          price: o.price.replace(/[^\d.]/g, ""),
          priceCurrency: "USD",
          availability: "https://schema.org/InStock"
        },
        aggregateRating: { "@type": "AggregateRating", ratingValue: "4.6", reviewCount: String(o.reviews.length * 37) }
      }),
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site.name,
        description: `${site.name} sells outdoor gear and clothing.`,
        url: `https://${site.host}/`
      })
    ])
  }
<body class="product-page">
<div class="promo-strip">Free shipping on orders over $50 · Free returns within 30 days</div>
<header class="shop-header"><a class="logo" href="/">${escape(site.name)}</a>${
    W.siteNav(["New", "Men", "Women", "Camping", "Climbing", "Sale"])
  }<a class="cart" href="/cart">Cart (0)</a></header>
<main><div class="breadcrumb"><a href="/">Home</a> / <a href="/camping">Camping</a> / ${escape(c.title)}</div>
<div class="product-main"><div class="gallery"><img src="/img/${c.slug}-1.jpg" alt="${escape(c.title)}"></div>
<div class="product-info"><h1 class="product-title">${escape(c.title)}</h1><div class="brand">by ${
    escape(o.brand)
  }</div>
<div class="rating">★★★★☆ 4.6 (${o.reviews.length * 37} reviews)</div><div class="price">${escape(o.price)}</div>
<div class="options"><label>Color</label><div class="swatches"><span>Slate</span><span>Moss</span><span>Rust</span></div>
<label>Quantity</label><input type="number" value="1"></div>
<button class="add-to-cart">Add to cart</button> <button class="wishlist">Add to wishlist</button>
<div class="stock">In stock. Ships in 1–2 business days.</div></div></div>
<section class="product-description"><h2>Description</h2>
${body(c)}
<h3>Features</h3><ul>${o.features.map((f) => `<li>${escape(f)}</li>`).join("")}</ul></section>
<section class="specs"><h2>Specifications</h2><table>${
    o.specs.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join("")
  }</table></section>
<section class="reviews"><h2>Customer reviews</h2>${
    o.reviews.map(([who, text]) =>
      `<div class="review"><div class="stars">★★★★★</div><strong>${escape(who)}</strong><p>${
        escape(text)
      }</p><span>Was this review helpful? Yes (12) No (1)</span></div>`
    ).join("")
  }</section>
<section class="recommendations"><h2>Customers also bought</h2><ul><li>Trekking Poles Pair</li><li>Rain Cover 40–55L</li><li>Insulated Water Bottle</li></ul></section>
</main>
${W.footer(site.name)}
</body></html>`
  const page = makePage("product", url, html, c)
  return { ...page, expected: { ...page.expected, content: [...page.expected.content, ...o.features] } }
}

export interface VideoOptions {
  readonly titleTag: string
  readonly channel: string
  readonly duration: string
  readonly views: string
}

export const video = (site: Site, c: Content, o: VideoOptions): Page => {
  const url = `https://${site.host}/watch?v=${c.slug}`
  const html = `${
    head(c.lang ?? "en", [
      titleTag(o.titleTag),
      meta("name", "description", c.description),
      meta("property", "og:title", c.title),
      meta("property", "og:description", c.description),
      meta("property", "og:type", "video.other"),
      meta("property", "og:site_name", site.name),
      meta("property", "og:video:url", `https://${site.host}/embed/${c.slug}`),
      meta("name", "twitter:card", "player"),
      meta("name", "twitter:title", c.title),
      jsonLd({
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: c.title,
        description: c.description,
        thumbnailUrl: [`https://i.${site.host}/vi/${c.slug}/maxresdefault.jpg`],
        uploadDate: "2026-01-20T15:00:00Z",
        duration: "PT12M4S",
        author: { "@type": "Person", name: o.channel },
        interactionStatistic: {
          "@type": "InteractionCounter",
          interactionType: { "@type": "WatchAction" },
          userInteractionCount: 1234567
        }
      })
    ])
  }
<body class="watch-page">
<div id="masthead"><a id="logo" href="/">${
    escape(site.name)
  }</a><form id="search"><input placeholder="Search"></form><a href="/signin">Sign in</a></div>
<div id="guide"><a href="/">Home</a> <a href="/shorts">Shorts</a> <a href="/subscriptions">Subscriptions</a> <a href="/library">Library</a></div>
<div id="primary">
${W.videoPlayer(o.duration)}
<div id="info"><h1 class="title">${escape(c.title)}</h1>
<div class="owner"><a class="channel-name" href="/@${encodeURIComponent(o.channel)}">${
    escape(o.channel)
  }</a> <span>482K subscribers</span> <button class="subscribe-button">Subscribe</button></div>
<div class="actions"><button>Like 24K</button><button>Dislike</button><button>Share</button><button>Download</button><button>Save</button></div>
<div id="description"><div class="info">${escape(o.views)} views · Jan 20, 2026</div>
${body(c)}
<a class="more">Show more</a></div></div>
<div id="comments"><h2>2,314 Comments</h2><div>Sort by</div><div class="comment"><p>The animation at 4:12 finally made it click for me.</p></div><div class="comment"><p>Who else is watching this for their exam tomorrow?</p></div></div>
</div>
<div id="secondary"><div class="up-next">Up next</div><ul><li>Ten minutes of rain on a tin roof (sleep sounds) · 3.1M views</li><li>The strangest islands on Earth · 812K views</li></ul></div>
</body></html>`
  return makePage("video", url, html, c)
}
