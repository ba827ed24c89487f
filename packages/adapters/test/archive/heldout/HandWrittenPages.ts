/**
 * Held-out fidelity pages, written by hand (docs/preservation.md, "Measured"): features the development set
 * (PageSet.ts, ArchiveFidelity.measure.ts) does not exercise. The archiver was never tuned on them; a page here that
 * shows a defect is recorded as a finding, not fixed by changing the page or the archiver to fit it.
 */
import * as fs from "node:fs"
import sharp from "sharp"
import * as LoopbackServer from "../../render/LoopbackServer.js"
import * as PageSet from "../PageSet.js"
import * as Woff2 from "./Woff2.js"

type Rgb = readonly [number, number, number]

const solid = (width: number, height: number, [r, g, b]: Rgb, format: "png" | "webp" = "png") =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })[format]().toBuffer()

/** A two-colour diagonal stripe pattern: shows position and scale, not only colour. */
const stripes = (width: number, height: number, [r, g, b]: Rgb) => {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = Math.floor((x + y) / 16) % 2 === 0
      raw.set(on ? [r, g, b] : [255, 255, 255], (y * width + x) * 3)
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer()
}

const bytes = (type: string, body: Buffer | string): LoopbackServer.Handler => (_q, res) => {
  res.writeHead(200, { "content-type": type })
  res.end(body)
}

const svg = (body: string, width = 200, height = 150) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`

const doc = (title: string, body: string, head = "") =>
  LoopbackServer.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
      `<meta name="viewport" content="width=device-width">${head}</head><body>${body}</body></html>`
  )

const prose = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, p) =>
      `<p>${
        Array.from({ length: 60 }, (_, w) => ["archive", "held", "out", "page", "render", "copy", "pixel", "layout"][
          (w * 7 + p * 3 + seed) % 8
        ]).join(" ")
      }.</p>`
  ).join("")

const fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"

/** Paths of the pages (each a held-out page); the other entries of `make`'s table are their resources. */
export const paths = [
  "/h/picture",
  "/h/srcset-sizes",
  "/h/import",
  "/h/external-background",
  "/h/image-set",
  "/h/svg-sprite",
  "/h/video-poster",
  "/h/canvas",
  "/h/shadow-dom",
  "/h/woff2",
  "/h/grid",
  "/h/flex",
  "/h/sticky",
  "/h/media-queries",
  "/h/details",
  "/h/data-uri",
  "/h/cross-origin-css",
  "/h/object-embed",
  "/h/variables",
  "/h/base-href",
  "/h/lazy-observer",
  "/h/article",
  "/h/pseudo-elements",
  "/h/srcdoc",
  "/h/mask-filter"
] as const

/** The pages and their resources; `other` is the origin of a second loopback server (another port). */
export const make = async (other: string): Promise<Record<string, LoopbackServer.Handler>> => {
  const [red, green, blue, grey, teal, orange, purple, s400, s800, s1600, hero, banner, tile, poster, pattern] =
    await Promise.all([
      solid(600, 300, [200, 40, 40]),
      solid(600, 300, [40, 160, 70]),
      solid(600, 300, [40, 70, 200]),
      solid(600, 300, [150, 150, 150]),
      solid(300, 200, [20, 150, 150], "webp"),
      solid(400, 200, [240, 140, 20]),
      solid(800, 400, [130, 50, 170]),
      solid(400, 200, [200, 200, 40]),
      solid(800, 400, [40, 200, 200]),
      solid(1600, 800, [200, 40, 200]),
      stripes(1280, 400, [30, 90, 160]),
      stripes(900, 200, [160, 60, 30]),
      stripes(64, 64, [60, 140, 60]),
      stripes(640, 360, [90, 30, 120]),
      stripes(48, 48, [180, 120, 20])
    ])
  const dataPng = (await solid(120, 80, [220, 90, 140])).toString("base64")
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">` +
    `<symbol id="star" viewBox="0 0 100 100"><polygon points="50,5 61,39 98,39 68,61 79,95 50,74 21,95 32,61 2,39 39,39" fill="#e6a100"/></symbol>` +
    `<symbol id="disc" viewBox="0 0 100 100"><circle cx="50" cy="50" r="45" fill="#1f6fb2"/></symbol></svg>`
  const diagram = svg(
    `<rect width="400" height="300" fill="#f4f1e8"/><rect x="30" y="40" width="140" height="80" fill="#2b8a3e"/>` +
      `<rect x="230" y="180" width="140" height="80" fill="#c92a2a"/><line x1="170" y1="80" x2="230" y2="220" stroke="#222" stroke-width="6"/>`,
    400,
    300
  )
  const wordsCss = "body{margin:0;font:17px/1.6 'DejaVu Sans',sans-serif;color:#1d1d1d;background:#fbfaf7}"
  const woff2 = fs.existsSync(fontPath) ? Woff2.fromTtf(fs.readFileSync(fontPath)) : undefined
  return {
    "/a/red.png": bytes("image/png", red),
    "/a/green.png": bytes("image/png", green),
    "/a/blue.png": bytes("image/png", blue),
    "/a/grey.png": bytes("image/png", grey),
    "/a/teal.webp": bytes("image/webp", teal),
    "/a/orange.png": bytes("image/png", orange),
    "/a/purple.png": bytes("image/png", purple),
    "/a/s400.png": bytes("image/png", s400),
    "/a/s800.png": bytes("image/png", s800),
    "/a/s1600.png": bytes("image/png", s1600),
    "/a/poster.png": bytes("image/png", poster),
    "/a/pattern.png": bytes("image/png", pattern),
    "/a/tile.bmp": bytes("image/bmp", PageSet.solidBmp(32, [240, 200, 60])),
    "/a/sprite.svg": bytes("image/svg+xml", sprite),
    "/a/diagram.svg": bytes("image/svg+xml", diagram),
    "/a/logo.svg": bytes(
      "image/svg+xml",
      svg(`<rect width="200" height="150" rx="20" fill="#0b7285"/><circle cx="100" cy="75" r="50" fill="#ffd43b"/>`)
    ),
    "/a/mask.svg": bytes("image/svg+xml", svg(`<circle cx="100" cy="75" r="70" fill="#000"/>`)),
    ...(woff2 === undefined ? {} : { "/a/serif-italic.woff2": bytes("font/woff2", woff2) }),
    "/img/hero.png": bytes("image/png", hero),
    "/styles/pics/banner.png": bytes("image/png", banner),
    "/x/tile.png": bytes("image/png", tile),
    "/deep/path/pic.png": bytes("image/png", green),
    "/deep/path/bg.png": bytes("image/png", tile),
    "/deep/path/style.css": bytes(
      "text/css",
      `.based{height:180px;background:url(bg.png);border:4px solid #333}h1{color:#5f3dc4}`
    ),
    "/css/main.css": bytes(
      "text/css",
      `@import url("theme/theme.css");@import "type.css" screen;${wordsCss}main{padding:24px 48px}`
    ),
    "/css/type.css": bytes("text/css", `h1{font-size:44px;color:#0b7285;letter-spacing:2px}`),
    "/css/theme/theme.css": bytes(
      "text/css",
      `.hero{height:400px;background:url(../../img/hero.png) center/cover;color:#fff;display:flex;align-items:end;padding:24px}`
    ),
    "/styles/deep/site.css": bytes(
      "text/css",
      `${wordsCss}.banner{height:200px;background-image:url(../pics/banner.png);background-repeat:no-repeat}` +
        `.tiles{height:260px;background:url("/a/tile.bmp") repeat}`
    ),
    "/x/cross.css": bytes(
      "text/css",
      `.card{width:360px;height:220px;background:url(tile.png);border-radius:12px;display:inline-block;margin:12px}` +
        `h1{color:#c2255c}`
    ),
    "/frame/plain": doc(
      "Framed",
      `<link rel="stylesheet" href="/styles/deep/site.css"><div class="banner"></div><p>in a frame</p>`
    ),

    "/h/picture": doc(
      "Picture",
      `<main style="padding:24px"><h1>Picture with sources</h1>
<picture><source type="image/x-unknown" srcset="/a/red.png"><source media="(min-width: 1000px)" srcset="/a/green.png">` +
        `<source media="(max-width: 999px)" srcset="/a/blue.png"><img src="/a/grey.png" width="600" height="300" alt="by media"></picture>
<picture><source type="image/webp" srcset="/a/teal.webp"><img src="/a/grey.png" width="300" height="200" alt="webp"></picture>
${prose(4, 1)}</main>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/srcset-sizes": doc(
      "Srcset",
      `<main style="padding:24px"><h1>srcset with widths</h1>
<img srcset="/a/s400.png 400w, /a/s800.png 800w, /a/s1600.png 1600w" sizes="(min-width: 1200px) 640px, 100vw" src="/a/grey.png" width="640" height="320" alt="">
<img srcset="/a/s400.png 400w, /a/s800.png 800w" sizes="300px" src="/a/grey.png" width="300" height="150" alt="">
${prose(3, 2)}</main>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/import": doc(
      "Import",
      `<div class="hero"><h1>Imported styles</h1></div><main>${prose(5, 3)}</main>`,
      `<link rel="stylesheet" href="/css/main.css">`
    ),
    "/h/external-background": doc(
      "External background",
      `<div class="banner"></div><main style="padding:24px">${prose(2, 4)}<div class="tiles"></div>${prose(2, 5)}</main>`,
      `<link rel="stylesheet" href="/styles/deep/site.css">`
    ),
    "/h/image-set": doc(
      "Image set",
      `<main style="padding:24px"><h1>image-set()</h1><div class="set"></div><div class="typed"></div>${prose(3, 6)}</main>`,
      `<style>${wordsCss}.set{height:220px;background-image:image-set(url(/a/orange.png) 1x, url(/a/purple.png) 2x)}` +
        `.typed{height:220px;margin-top:16px;background-image:-webkit-image-set(url(/a/purple.png) 1x)}</style>`
    ),
    "/h/svg-sprite": doc(
      "SVG",
      `<main style="padding:24px"><h1>Inline SVG and a sprite</h1>
${svg(`<rect x="10" y="10" width="180" height="130" rx="16" fill="#364fc7"/><text x="30" y="90" font-size="40" fill="#fff">SVG</text>`)}
<svg width="120" height="120"><use href="/a/sprite.svg#star"/></svg><svg width="120" height="120"><use href="/a/sprite.svg#disc"/></svg>
<svg width="120" height="120"><use xlink:href="/a/sprite.svg#star" xmlns:xlink="http://www.w3.org/1999/xlink"/></svg>
<img src="/a/logo.svg" width="200" height="150" alt="logo">${prose(2, 7)}</main>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/video-poster": doc(
      "Video",
      `<main style="padding:24px"><h1>Video with a poster</h1>
<video poster="/a/poster.png" width="640" height="360"><source src="/a/missing.mp4" type="video/mp4"></video>${
        prose(3, 8)
      }</main>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/canvas": doc(
      "Canvas",
      `<main style="padding:24px"><h1>Canvas drawn by script</h1><canvas id="c" width="700" height="350"></canvas>${
        prose(2, 9)
      }</main>
<script>const c=document.getElementById("c").getContext("2d");const g=c.createLinearGradient(0,0,700,0);
g.addColorStop(0,"#d9480f");g.addColorStop(1,"#1864ab");c.fillStyle=g;c.fillRect(0,0,700,350);
c.fillStyle="#fff";c.font="48px sans-serif";c.fillText("drawn at load",40,120);
for(let i=0;i<8;i++){c.beginPath();c.arc(60+i*80,250,30,0,Math.PI*2);c.fillStyle=i%2?"#ffd43b":"#2b8a3e";c.fill()}</script>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/shadow-dom": doc(
      "Shadow DOM",
      `<main style="padding:24px"><h1>Shadow roots</h1>
<div id="declarative"><template shadowrootmode="open"><style>.box{background:#e64980;color:#fff;padding:30px;font-size:28px;border-radius:10px}</style>` +
        `<div class="box">declarative shadow root <slot></slot></div></template><b>slotted</b></div>
<template id="card"><div style="margin-top:20px;padding:20px;background:#74b816;color:#fff;font-size:24px">from a template</div></template>
<fancy-panel></fancy-panel>${prose(2, 10)}</main>
<script>document.querySelector("main").insertBefore(document.getElementById("card").content.cloneNode(true), document.querySelector("fancy-panel"));
customElements.define("fancy-panel", class extends HTMLElement { connectedCallback() { const r = this.attachShadow({ mode: "open" });
r.innerHTML = '<style>p{background:#1971c2;color:#fff;padding:24px;font-size:22px;margin:20px 0}</style><p>scripted shadow root</p>' } })</script>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/woff2": doc(
      "WOFF2",
      `<main style="padding:24px"><h1 class="f">A woff2 web font</h1><p class="f big">${prose(1, 11)}</p>${
        prose(2, 12)
      }</main>`,
      `<style>${wordsCss}@font-face{font-family:HeldOutSerif;src:url(/a/serif-italic.woff2) format("woff2")}` +
        `.f{font-family:HeldOutSerif,monospace}.big{font-size:26px}</style>`
    ),
    "/h/grid": doc(
      "Grid",
      `<div class="page"><header>Grid layout</header><nav>${
        ["one", "two", "three", "four"].map((w) => `<a>${w}</a>`).join("<br>")
      }</nav>
<section>${
        Array.from({ length: 9 }, (_, i) =>
          `<div class="cell" style="background:hsl(${i * 40},60%,55%)"><img src="/a/${
            ["red", "green", "blue"][i % 3]
          }.png" width="100%" height="90" alt="">cell ${i}</div>`).join("")
      }</section><aside>${prose(1, 13)}</aside><footer>footer</footer></div>`,
      `<style>${wordsCss}.page{display:grid;grid-template-areas:"h h h" "n s a" "f f f";grid-template-columns:180px 1fr 260px;gap:16px;padding:16px}` +
        `header{grid-area:h;background:#212529;color:#fff;font-size:32px;padding:20px}nav{grid-area:n;background:#e9ecef;padding:12px}` +
        `section{grid-area:s;display:grid;grid-template-columns:repeat(3,1fr);gap:12px}aside{grid-area:a;font-size:14px}` +
        `footer{grid-area:f;background:#495057;color:#fff;padding:12px}.cell{color:#fff;padding:8px;min-height:160px}</style>`
    ),
    "/h/flex": doc(
      "Flex",
      `<nav class="bar"><span>Flex</span><span class="grow"></span><a>alpha</a><a>beta</a><a>gamma</a></nav>
<div class="cards">${
        Array.from({ length: 10 }, (_, i) =>
          `<div class="card" style="order:${10 - i};background:hsl(${i * 33},55%,50%)">card ${i}</div>`).join("")
      }</div><div class="split"><div>${prose(1, 14)}</div><div>${prose(1, 15)}</div></div>`,
      `<style>${wordsCss}.bar{display:flex;gap:24px;align-items:center;background:#0b7285;color:#fff;padding:16px 32px;font-size:22px}` +
        `.grow{flex:1}.cards{display:flex;flex-wrap:wrap;gap:16px;padding:24px;justify-content:space-between}` +
        `.card{flex:0 0 220px;height:140px;color:#fff;font-size:20px;display:flex;align-items:center;justify-content:center}` +
        `.split{display:flex;gap:32px;padding:0 24px}.split>div{flex:1}</style>`
    ),
    "/h/sticky": doc(
      "Sticky",
      `<header class="top">Sticky header</header><main style="padding:24px">${prose(24, 16)}</main>` +
        `<div class="fab">+</div>`,
      `<style>${wordsCss}.top{position:sticky;top:0;background:#862e9c;color:#fff;padding:20px;font-size:26px;z-index:2}` +
        `.fab{position:fixed;right:24px;bottom:24px;width:64px;height:64px;border-radius:50%;background:#f76707;color:#fff;font-size:40px;text-align:center}</style>`
    ),
    "/h/media-queries": doc(
      "Media queries",
      `<main><h1>Media queries</h1><div class="cols"><div>${prose(1, 17)}</div><div>${prose(1, 18)}</div><div>${
        prose(1, 19)
      }</div></div><p class="print">print only</p></main>`,
      `<style>${wordsCss}main{padding:24px}.cols{display:block}.cols>div{background:#fff3bf;margin:8px;padding:8px}` +
        `@media (min-width: 1000px){.cols{display:flex}.cols>div{background:#d3f9d8}h1{color:#2b8a3e}}` +
        `@media (max-width: 600px){h1{color:#c92a2a}}@media screen and (orientation: landscape){main{border-left:16px solid #1c7ed6}}` +
        `.print{display:none}@media print{.print{display:block}}</style>`
    ),
    "/h/details": doc(
      "Details",
      `<main style="padding:24px"><h1>Details and summary</h1>
<details open><summary>Open section</summary><div style="background:#e7f5ff;padding:16px">${prose(2, 20)}</div></details>
<details><summary>Closed section</summary><p>hidden text</p></details>
<details open><summary>Second open</summary><img src="/a/orange.png" width="400" height="200" alt=""></details>
<dialog open style="position:static;border:3px solid #333">an open dialog</dialog></main>`,
      `<style>${wordsCss}summary{font-size:22px;cursor:pointer}</style>`
    ),
    "/h/data-uri": doc(
      "Data URI",
      `<main style="padding:24px"><h1>data: images</h1><img src="data:image/png;base64,${dataPng}" width="240" height="160" alt="">` +
        `<div class="svgbg"></div>${prose(3, 21)}</main>`,
      `<style>${wordsCss}.svgbg{height:150px;background:url("data:image/svg+xml,${
        encodeURIComponent(svg(`<circle cx="40" cy="40" r="30" fill="#099268"/>`, 80, 80))
      }")}</style>`
    ),
    "/h/cross-origin-css": doc(
      "Cross-origin stylesheet",
      `<main style="padding:24px"><h1>Styles from another origin</h1><div class="card"></div><div class="card"></div>` +
        `<img src="${other}/a/purple.png" width="400" height="200" alt="">${prose(2, 22)}</main>`,
      `<style>${wordsCss}</style><link rel="stylesheet" href="${other}/x/cross.css">`
    ),
    "/h/object-embed": doc(
      "Object and embed",
      `<main style="padding:24px"><h1>SVG in object and embed</h1>
<object data="/a/diagram.svg" type="image/svg+xml" width="400" height="300"></object>
<embed src="/a/diagram.svg" type="image/svg+xml" width="400" height="300">${prose(2, 23)}</main>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/variables": doc(
      "Variables",
      `<main><h1>Custom properties</h1><div class="swatch a"></div><div class="swatch b"></div><div class="bg"></div>${
        prose(2, 24)
      }</main>`,
      `<style>:root{--accent:#e8590c;--gap:24px;--size:calc(var(--gap) * 8);--bg:url(/a/pattern.png)}${wordsCss}` +
        `main{padding:var(--gap)}h1{color:var(--accent)}.swatch{width:var(--size);height:100px;display:inline-block;margin-right:var(--gap)}` +
        `.a{background:var(--accent)}.b{background:var(--missing,#5c940d)}.bg{height:200px;margin-top:var(--gap);background:var(--bg)}</style>`
    ),
    "/h/base-href": doc(
      "Base",
      `<main style="padding:24px"><h1>Relative to a base</h1><img src="pic.png" width="300" height="150" alt=""><div class="based"></div>${
        prose(2, 25)
      }</main>`,
      `<base href="/deep/path/"><link rel="stylesheet" href="style.css"><style>${wordsCss}</style>`
    ),
    "/h/lazy-observer": doc(
      "Lazy by observer",
      `<main style="padding:24px"><h1>Lazy images by IntersectionObserver</h1>${
        [0, 1, 2, 3].map((i) =>
          `${prose(6, 26 + i)}<img class="lazy" data-src="/a/${
            ["red", "green", "blue", "purple"][i]
          }.png" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="600" height="300" style="background:#dee2e6" alt="">`
        ).join("")
      }</main>
<script>const io=new IntersectionObserver((entries)=>{for(const e of entries){if(e.isIntersecting){e.target.src=e.target.dataset.src;io.unobserve(e.target)}}});
document.querySelectorAll("img.lazy").forEach((img)=>io.observe(img))</script>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/article": doc(
      "Article",
      `<header class="mast">The Held-Out Times</header><article><h1>A long article with a figure</h1>
<div class="cols">${prose(6, 30)}</div><figure><img src="/a/purple.png" width="800" height="400" alt=""><figcaption>A figure caption</figcaption></figure>
<blockquote>A quotation set apart from the text.</blockquote><table>${
        Array.from({ length: 12 }, (_, r) => `<tr><td>row ${r}</td><td>${r * 17}</td><td>${r % 3 ? "yes" : "no"}</td></tr>`)
          .join("")
      }</table>
<pre><code>const copy = await archive(page)\nconsole.log(copy.bytes)</code></pre>${prose(6, 31)}</article><footer>© nobody</footer>`,
      `<style>${wordsCss}.mast{font:700 40px Georgia,serif;text-align:center;border-bottom:4px double #000;padding:16px}` +
        `article{max-width:860px;margin:0 auto;padding:24px}.cols{column-count:2;column-gap:40px}figure{margin:24px 0}` +
        `figcaption{font-style:italic;color:#666}blockquote{border-left:6px solid #adb5bd;margin:24px 0;padding:8px 24px;font-size:22px}` +
        `table{border-collapse:collapse;width:100%}tr:nth-child(odd){background:#f1f3f5}td{padding:6px;border:1px solid #ced4da}` +
        `pre{background:#212529;color:#63e6be;padding:16px}footer{background:#343a40;color:#fff;padding:24px;text-align:center}</style>`
    ),
    "/h/pseudo-elements": doc(
      "Pseudo elements",
      `<main style="padding:24px"><h1>Generated content</h1><ol class="steps">${
        Array.from({ length: 6 }, (_, i) => `<li>step text ${i}</li>`).join("")
      }</ol><ul class="icons"><li>one</li><li>two</li><li>three</li></ul><div class="framed">border image</div>${
        prose(2, 32)
      }</main>`,
      `<style>${wordsCss}.steps{counter-reset:s;list-style:none}.steps li{counter-increment:s;margin:8px 0}` +
        `.steps li::before{content:counter(s) ". ";display:inline-block;width:36px;height:36px;background:#f03e3e;color:#fff;text-align:center;margin-right:12px}` +
        `.icons{list-style-image:url(/a/tile.bmp)}h1::after{content:url(/a/logo.svg);display:inline-block;margin-left:16px;vertical-align:middle}` +
        `.framed{border:24px solid transparent;border-image:url(/a/pattern.png) 16 round;padding:24px;font-size:22px}</style>`
    ),
    "/h/srcdoc": doc(
      "Srcdoc",
      `<main style="padding:24px"><h1>Frames by srcdoc and by address</h1>
<iframe width="600" height="260" style="border:2px solid #333" srcdoc="<style>body{margin:0;background:#fff0f6;font:20px sans-serif}</style><p>a srcdoc frame</p><img src='/a/blue.png' width='300' height='150'>"></iframe>
<iframe width="600" height="300" style="border:2px solid #333" src="/frame/plain"></iframe>${prose(2, 33)}</main>`,
      `<style>${wordsCss}</style>`
    ),
    "/h/mask-filter": doc(
      "Mask and filter",
      `<main style="padding:24px"><h1>Masks, filters and transforms</h1><div class="row">
<img class="masked" src="/a/orange.png" width="300" height="200" alt=""><img class="gray" src="/a/green.png" width="300" height="200" alt="">
<div class="clip"></div><div class="turn"></div></div>${prose(2, 34)}</main>`,
      `<style>${wordsCss}.row{display:flex;gap:24px;flex-wrap:wrap}.masked{mask-image:url(/a/mask.svg);mask-size:contain;mask-repeat:no-repeat}` +
        `.gray{filter:grayscale(1) contrast(1.4)}.clip{width:200px;height:200px;background:#1098ad;clip-path:polygon(50% 0,100% 100%,0 100%)}` +
        `.turn{width:160px;height:160px;background:url(/a/pattern.png);transform:rotate(20deg) scale(.9);mix-blend-mode:multiply}</style>`
    )
  }
}
