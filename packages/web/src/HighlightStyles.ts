/**
 * Styles of highlights (docs/reading.md, "Highlights"): the colours of the marks (dark text on a light tint in both
 * themes, so the contrast holds), the selection toolbar, the reader's list of highlights and the All highlights page.
 */
const colours: ReadonlyArray<readonly [string, string]> = [
  ["yellow", "#fde68a"],
  ["green", "#bbf7d0"],
  ["blue", "#bfdbfe"],
  ["pink", "#fbcfe8"],
  ["purple", "#ddd6fe"]
]

const swatches = colours.map(([name, tint]) =>
  `.hl-${name}{background:${tint};color:#1d1d1f}.swatch-${name}{--tint:${tint}}`
).join("")

export const css = `
${swatches}
mark.hl{border-radius:3px;padding:0 .05em;cursor:pointer;box-decoration-break:clone;-webkit-box-decoration-break:clone}
mark.hl:hover{box-shadow:0 0 0 2px var(--accent)}
.highlight-toolbar{position:absolute;z-index:20;background:var(--card);border:1px solid var(--line);border-radius:10px;box-shadow:0 6px 24px rgba(0,0,0,.18);padding:.5rem;max-width:min(22rem,calc(100vw - 16px))}
.highlight-toolbar form{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:0}
.highlight-toolbar textarea{min-height:2.75rem;height:2.75rem;flex:1 1 100%;font-size:.9rem;resize:vertical}
.swatch{width:44px;height:44px;min-height:44px;padding:0;border-radius:50%;border:2px solid var(--line);background:var(--tint);justify-content:center}
.swatch:hover,.swatch:focus-visible{border-color:var(--accent)}
.highlights-panel{margin:2.5rem 0 0;padding-top:1rem;border-top:1px solid var(--line);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.highlights-panel h2{font-size:1.05rem;margin:.5rem 0}
.highlight-items{list-style:none;padding:0;margin:0 0 1rem}
.highlight-item{border-left:4px solid var(--tint,var(--line));padding:.35rem 0 .35rem .75rem;margin:.75rem 0}
.highlight-item blockquote{margin:0;font-style:normal;color:var(--fg);overflow-wrap:anywhere}
.highlight-item .note{margin:.25rem 0 0;color:var(--muted);white-space:pre-wrap;overflow-wrap:anywhere}
.highlight-item details{margin-top:.35rem}
.highlight-item details summary{cursor:pointer;color:var(--accent);min-height:44px;display:inline-flex;align-items:center}
.highlight-item .edit{display:grid;gap:.5rem;margin:.25rem 0}
.highlight-item .edit fieldset{display:flex;flex-wrap:wrap;gap:.5rem;border:0;padding:0;margin:0}
.highlight-item .edit label.colour{display:inline-flex;align-items:center;gap:.35rem;font-weight:400;min-height:44px}
.highlight-item .actions{display:flex;flex-wrap:wrap;gap:.5rem}
.highlight-item.orphaned{border-left-style:dashed}
.swatch-dot{display:inline-block;width:1rem;height:1rem;border-radius:50%;background:var(--tint);border:1px solid var(--line)}
.orphaned-highlights .hint{margin:.25rem 0}
.highlight-meta{margin:.25rem 0 0;font-size:.85rem;color:var(--muted);display:flex;flex-wrap:wrap;gap:0 .75rem}
.highlights-list .source{margin:0 0 .15rem;font-weight:600;overflow-wrap:anywhere}
`
