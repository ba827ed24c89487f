/** The page shell: head with our assets, skip link, top bar with navigation and Sign out, and the main region. */
import { html, type Part } from "./Html.js"
import type { WebRequest } from "./WebRequest.js"

export type Section = "library" | "keys" | "webhooks" | "usage" | "import" | "account" | "none"

const links: ReadonlyArray<readonly [Section, string, string]> = [
  ["library", "/", "Library"],
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
<link rel="stylesheet" href="${assets.css.path}">
<script src="${assets.htmx.path}" defer></script>
<script src="${assets.js.path}" defer></script>
</head>`
}

/** A page for a signed-in person. */
export const page = (req: WebRequest, options: { readonly title: string; readonly section: Section }, body: Part) =>
  html`<!doctype html>
<html lang="en">
${head(req, options.title)}
<body hx-boost="true">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<div class="bar">
<a class="brand" href="/">Bookmarks</a>
<nav aria-label="Main">
<ul>${links.map(([section, href, label]) =>
    html`<li><a href="${href}"${section === options.section ? html` aria-current="page"` : ""}>${label}</a></li>`)}</ul>
</nav>
<form method="post" action="/sign-out"><input type="hidden" name="_csrf" value="${req.csrf}"><button class="link" type="submit">Sign out</button></form>
</div>
</header>
<main id="main" tabindex="-1">
${body}
</main>
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
  text === undefined || text === "" ? "" : html`<p class="notice${kind === "error" ? " error" : ""}" role="${kind === "error" ? "alert" : "status"}">${text}</p>`
