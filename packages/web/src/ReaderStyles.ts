/**
 * The reader view's stylesheet (docs/reading.md), loaded by that page only. A measure of about 65 characters, a
 * serif face at a comfortable size and line height, and its own light and dark palettes: the system's by default,
 * or the one chosen in the reader (`data-theme` on `<html>`, set by ReaderScript.ts). Text size steps are
 * `data-size` 1–7 (the CSP allows no inline style, so sizes are classes of the sheet, not values of a script). On a
 * phone the bar (two rows there) scrolls away with the page, and only the thin progress line stays at the top.
 */
const light =
  "--bg:#fbf9f4;--fg:#1f1e1c;--muted:#5f5b53;--line:#e2ddd2;--card:#fffdf8;--accent:#2b59c3;--accent-fg:#fff;--quote:#8a7f6a"
const dark =
  "--bg:#15161a;--fg:#e7e4dc;--muted:#a9a59b;--line:#34363d;--card:#1d1f24;--accent:#93b4ff;--accent-fg:#0d1530;--quote:#6f6a60"

export const css = `
:root.reader-root{${light};color-scheme:light}
@media (prefers-color-scheme:dark){:root.reader-root{${dark};color-scheme:dark}}
:root.reader-root[data-theme=light]{${light};color-scheme:light}
:root.reader-root[data-theme=dark]{${dark};color-scheme:dark}
.reader-page{background:var(--bg);color:var(--fg)}
.reader-bar{position:sticky;top:0;z-index:5;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;padding:.25rem max(1rem,calc((100vw - 46rem)/2));background:var(--bg);border-bottom:1px solid var(--line)}
.reader-nav{display:flex;flex-wrap:wrap;gap:0 1.1rem;margin-right:auto}
.reader-nav a{display:inline-flex;align-items:center;min-height:44px;color:var(--muted);text-decoration:none;font-size:.95rem}
.reader-nav a:hover{color:var(--accent);text-decoration:underline}
.reader-tools{display:flex;gap:.25rem}
.reader-tools[hidden]{display:none}
.reader-tools button{min-width:44px;justify-content:center;padding:.3rem .6rem;border-color:var(--line);color:var(--fg);font-weight:500}
.reader-progress{position:absolute;left:0;right:0;bottom:-1px;width:100%;height:3px;border:0;background:transparent;appearance:none;-webkit-appearance:none}
.reader-progress::-webkit-progress-bar{background:transparent}
.reader-progress::-webkit-progress-value{background:var(--accent)}
.reader-progress::-moz-progress-bar{background:var(--accent)}
.reader{max-width:65ch;margin:0 auto;padding:2.5rem 1.25rem 4rem;font-family:Charter,"Bitstream Charter","Iowan Old Style","Palatino Linotype",Palatino,Georgia,"Noto Serif",serif;font-size:1.1875rem;line-height:1.65}
.reader-title{font-size:2.1em;line-height:1.2;margin:0 0 .5rem;letter-spacing:-.01em;font-weight:700;overflow-wrap:break-word}
.reader-meta{display:flex;flex-wrap:wrap;gap:.2rem 1.1rem;margin:0 0 2.25rem;color:var(--muted);font:.875rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.reader-content{overflow-wrap:break-word;hyphens:auto}
.reader-content>:first-child{margin-top:0}
.reader-content p,.reader-content ul,.reader-content ol,.reader-content dl,.reader-content blockquote,.reader-content pre,.reader-content figure,.reader-content table{margin:0 0 1.15em}
.reader-content h2,.reader-content h3,.reader-content h4,.reader-content h5,.reader-content h6{line-height:1.3;margin:1.8em 0 .6em}
.reader-content h2{font-size:1.45em}.reader-content h3{font-size:1.2em}.reader-content h4,.reader-content h5,.reader-content h6{font-size:1em}
.reader-content a[href]{color:var(--accent);text-underline-offset:.15em}
.reader-content img{display:block;max-width:100%;height:auto;margin:1.5em auto;border-radius:4px}
.reader-content figure img{margin-bottom:.5em}
.reader-content figcaption{color:var(--muted);font-size:.85em;text-align:center}
.reader-content blockquote{margin-left:0;padding-left:1.1em;border-left:3px solid var(--quote);color:var(--muted);font-style:italic}
.reader-content pre{overflow-x:auto;padding:.9em 1em;background:var(--card);border:1px solid var(--line);border-radius:6px;font-size:.8em;line-height:1.5}
.reader-content code,.reader-content kbd,.reader-content samp{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em}
.reader-content :not(pre)>code{background:var(--card);border:1px solid var(--line);border-radius:4px;padding:.05em .3em}
.reader-content table{display:block;overflow-x:auto;border-collapse:collapse;font-size:.85em}
.reader-content th,.reader-content td{border:1px solid var(--line);padding:.35em .6em;text-align:left;vertical-align:top}
.reader-content hr{border:0;border-top:1px solid var(--line);margin:2em auto;width:40%}
.reader-content li{margin:.25em 0}
.reader-empty{padding:1.5rem;border:1px dashed var(--line);border-radius:8px;color:var(--muted)}
.reader-source{font-size:.85rem;font-family:system-ui,sans-serif}
.reader-end{margin-top:3rem;padding-top:1.5rem;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:1rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem}
.reader-end p{margin:0}
.reader-end.reached button{box-shadow:0 0 0 4px color-mix(in srgb,var(--accent) 30%,transparent)}
html[data-size="1"] .reader{font-size:.9375rem}
html[data-size="2"] .reader{font-size:1.0625rem}
html[data-size="3"] .reader{font-size:1.1875rem}
html[data-size="4"] .reader{font-size:1.3125rem}
html[data-size="5"] .reader{font-size:1.4375rem}
html[data-size="6"] .reader{font-size:1.625rem}
html[data-size="7"] .reader{font-size:1.875rem}
@media (max-width:40rem){.reader{padding:1.5rem 1.1rem 3rem;font-size:1.125rem;line-height:1.6}.reader-title{font-size:1.75em}.reader-bar{position:static;padding:.25rem .75rem;gap:0 .75rem}.reader-progress{position:fixed;top:0;bottom:auto;z-index:6}.reader-nav{gap:0 .9rem}}
@media print{.reader-bar,.reader-end,.skip{display:none}.reader{max-width:none}}
`
