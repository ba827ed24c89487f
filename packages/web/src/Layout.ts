/** The page shell: head with our assets, skip link, top bar with navigation and Sign out, and the main region. */
import { html, type Part } from "./Html.js"
import type { WebRequest } from "./WebRequest.js"

export type Section =
  | "library"
  | "lists"
  | "tags"
  | "highlights"
  | "keys"
  | "webhooks"
  | "usage"
  | "import"
  | "account"
  | "none"

const links: ReadonlyArray<readonly [Section, string, string]> = [
  ["library", "/", "Library"],
  ["lists", "/lists", "Lists"],
  ["tags", "/tags", "Tags"],
  ["highlights", "/highlights", "Highlights"],
  ["keys", "/keys", "Keys"],
  ["webhooks", "/webhooks", "Webhooks"],
  ["usage", "/usage", "Usage"],
  ["import", "/import-export", "Import & export"],
  ["account", "/account", "Account"]
]

const head = (req: WebRequest, title: string) => {
  const { assets } = req.settings
  return html`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Bookmarks</title>
<meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false,"historyCacheSize":0,"refreshOnHistoryMiss":true,"selfRequestsOnly":true}'>
<link rel="icon" href="${assets.icon.path}" type="image/svg+xml">
<link rel="manifest" href="${assets.manifest.path}">
<meta name="theme-color" content="#2f5fd0">
<link rel="stylesheet" href="${assets.css.path}">
<script src="${assets.htmx.path}" defer></script>
<script src="${assets.js.path}" defer></script>
</head>`
}

/**
 * The navigation and Sign out. On a phone they fold behind one Menu button (a `<details>`, so it works without
 * JavaScript); from 40rem up the button is hidden and the content always shown (`Styles.ts`, `.menu`).
 */
export const menu = (req: WebRequest, current: Section) =>
  html`<details class="menu">
<summary><span aria-hidden="true" class="burger"></span>Menu</summary>
<div class="menu-body">
<nav aria-label="Main">
<ul>${
    links.map(([section, href, label]) =>
      html`<li><a href="${href}"${section === current ? html` aria-current="page"` : ""}>${label}</a></li>`
    )
  }</ul>
</nav>
<form method="post" action="/sign-out"><input type="hidden" name="_csrf" value="${req.csrf}"><button class="link" type="submit">Sign out</button></form>
</div>
</details>`

/** The keyboard shortcuts' sheet, opened with `?` (`Script.ts`); a form with method=dialog closes it without script. */
const shortcuts = html`<dialog id="shortcuts" aria-labelledby="shortcuts-title">
<h2 id="shortcuts-title">Keyboard shortcuts</h2>
<dl class="fields">
<dt><kbd>/</kbd></dt><dd>Search</dd>
<dt><kbd>j</kbd> <kbd>k</kbd></dt><dd>Next and previous bookmark</dd>
<dt><kbd>o</kbd></dt><dd>Open the selected bookmark</dd>
<dt><kbd>e</kbd></dt><dd>Edit the selected bookmark</dd>
<dt><kbd>x</kbd></dt><dd>Tick the selected bookmark for a bulk action</dd>
<dt><kbd>?</kbd></dt><dd>This sheet</dd>
</dl>
<form method="dialog"><button type="submit">Close</button></form>
</dialog>`

/** A page for a signed-in person; `aside` (the lists sidebar, pages/ListsSidebar.ts) goes beside the content. */
export const page = (
  req: WebRequest,
  options: { readonly title: string; readonly section: Section; readonly aside?: Part },
  body: Part
) =>
  html`<!doctype html>
<html lang="en">
${head(req, options.title)}
<body hx-boost="true">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<div class="bar">
<a class="brand" href="/">Bookmarks</a>
${menu(req, options.section)}
</div>
</header>
<main id="main" tabindex="-1"${options.aside === undefined ? "" : html` class="with-aside"`}>
${options.aside === undefined ? body : html`${options.aside}<div class="content">${body}</div>`}
</main>
${shortcuts}
</body>
</html>`

/** A page for someone not signed in (sign in, first run, errors). */
export const bare = (req: WebRequest, title: string, body: Part) =>
  html`<!doctype html>
<html lang="en">
${head(req, title)}
<body>
<header class="top"><div class="bar"><a class="brand" href="/">Bookmarks</a></div></header>
<main id="main" tabindex="-1">
${body}
</main>
</body>
</html>`

/** A short message above a page's content. */
export const notice = (text: string | undefined, kind: "ok" | "error" = "ok") =>
  text === undefined || text === ""
    ? ""
    : html`<p class="notice${kind === "error" ? " error" : ""}" role="${
      kind === "error" ? "alert" : "status"
    }">${text}</p>`
