/**
 * Hostile markup for the sanitiser's tests (docs/reading.md): the families of the OWASP XSS filter evasion cheat
 * sheet and of known mutation XSS. Every payload, if it ever ran, would set `window.__xss` (or open a dialog), which
 * the browser test watches for; the unit test checks that nothing dangerous leaves the sanitiser.
 */
export const flag = "__xss"

const run = `window.${flag}=1`

/** Each payload with the family it belongs to. */
export const payloads: ReadonlyArray<readonly [family: string, html: string]> = [
  ["script", `<script>${run}</script>`],
  ["script, odd case and spacing", `<ScRiPt >${run}</sCrIpT >`],
  ["script, split by a null", `<scr\u0000ipt>${run}</script>`],
  ["event handler", `<img src=x onerror="${run}">`],
  ["event handler, no quotes", `<img src=x onerror=${run}>`],
  ["event handler, slash separator", `<img/src=x/onerror=${run}>`],
  ["event handler on body", `<body onload="${run}">`],
  ["event handler on a link", `<a href="https://example.com" onmouseover="${run}" onfocus="${run}" autofocus>x</a>`],
  ["details ontoggle", `<details open ontoggle="${run}"><summary>x</summary></details>`],
  ["javascript: link", `<a href="javascript:${run}">click</a>`],
  ["javascript: link, entities", `<a href="&#106;avascript:${run}">click</a>`],
  ["javascript: link, tab inside", `<a href="java\tscript:${run}">click</a>`],
  ["javascript: link, leading space", `<a href=" javascript:${run}">click</a>`],
  ["vbscript: link", `<a href="vbscript:msgbox(1)">click</a>`],
  ["data: link", `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">click</a>`],
  ["data: html image", `<img src="data:text/html,<script>${run}</script>">`],
  ["svg onload", `<svg onload="${run}"><circle r="1"/></svg>`],
  ["svg script", `<svg><script>${run}</script></svg>`],
  [
    "svg animate href",
    `<svg><a><animate attributeName="href" values="javascript:${run}"/><text y="20">x</text></a></svg>`
  ],
  [
    "svg foreignObject",
    `<svg><foreignObject><iframe srcdoc="<script>parent.${run}</script>"></iframe></foreignObject></svg>`
  ],
  ["mathml link", `<math><mtext><a href="javascript:${run}">x</a></mtext></math>`],
  [
    "mathml mglyph style",
    `<math><mtext><table><mglyph><style><img src=x onerror="${run}"></style></mglyph></table></mtext></math>`
  ],
  ["iframe srcdoc", `<iframe srcdoc="&lt;script&gt;parent.${run}&lt;/script&gt;"></iframe>`],
  ["iframe javascript:", `<iframe src="javascript:parent.${run}"></iframe>`],
  ["object data", `<object data="javascript:${run}"></object>`],
  ["embed", `<embed src="javascript:${run}">`],
  ["base href", `<base href="javascript:${run}//"><a href="/x">relative</a>`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:${run}">`],
  ["form action", `<form action="javascript:${run}"><button>go</button></form>`],
  ["formaction", `<button formaction="javascript:${run}">go</button>`],
  ["input autofocus", `<input autofocus onfocus="${run}">`],
  ["style expression", `<p style="width:expression(${run})">x</p>`],
  ["style url(javascript:)", `<p style="background:url(javascript:${run})">x</p>`],
  ["style element", `<style>@import "javascript:${run}";body{background:url("javascript:${run}")}</style>`],
  ["style overlay", `<div style="position:fixed;inset:0;z-index:99999;background:red">overlay</div>`],
  ["link stylesheet", `<link rel="stylesheet" href="javascript:${run}">`],
  ["mXSS noscript", `<noscript><p title="</noscript><img src=x onerror=${run}>"></noscript>`],
  ["mXSS comment", `<!--<img src="--><img src=x onerror=${run}//">`],
  ["mXSS textarea", `<textarea><img title="</textarea><img src=x onerror=${run}>"></textarea>`],
  ["mXSS title", `<title><img title="</title><img src=x onerror=${run}>"></title>`],
  ["mXSS xmp", `<xmp><img title="</xmp><img src=x onerror=${run}>"></xmp>`],
  ["mXSS template", `<template><img src=x onerror=${run}></template>`],
  ["dom clobbering", `<img name="reader-content" id="reader-content"><form id="x"><input name="attributes"></form>`],
  ["srcset", `<img srcset="javascript:${run} 1x">`],
  ["unclosed attribute", `<img src="x" alt="a onerror=${run} "`],
  ["html entity in handler", `<img src=x &#111;nerror=${run}>`],
  ["markdown-style link", `[click](javascript:${run})`]
]

/** Elements that must never leave the sanitiser, whatever their attributes. */
export const forbiddenElements: ReadonlySet<string> = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "base",
  "meta",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "style",
  "link",
  "svg",
  "math",
  "template",
  "noscript",
  "xmp",
  "title",
  "frame",
  "frameset",
  "applet",
  "details",
  "dialog",
  "foreignobject",
  "animate",
  "set",
  "use",
  "image"
])

/** Attributes that must never leave it: handlers, styles, and those that load, clobber or submit. */
export const forbiddenAttribute = (name: string): boolean =>
  /^on/i.test(name) ||
  [
    "style",
    "srcdoc",
    "srcset",
    "id",
    "name",
    "formaction",
    "action",
    "xlink:href",
    "background",
    "poster",
    "data",
    "dynsrc",
    "lowsrc",
    "http-equiv"
  ].includes(name.toLowerCase())

/**
 * A URL attribute's value is safe when it is absolute http(s), mail, or a path of the same site (never `//host`);
 * a browser strips these characters first.
 */
export const safeUrl = (value: string): boolean =>
  /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i.test([...value].filter((c) => c.charCodeAt(0) > 0x20).join(""))
