/** The one stylesheet: system fonts, light and dark schemes, a layout that holds from 360 px up. */
export const css = `
:root{color-scheme:light dark;--bg:#fbfaf8;--fg:#1d1d1f;--muted:#5d5d66;--line:#dedbd5;--card:#fff;--accent:#2f5fd0;--accent-fg:#fff;--danger:#b3261e;--ok:#1e7a3c;--warn:#8a5a00;--focus:#f0a020;--radius:10px}
@media (prefers-color-scheme:dark){:root{--bg:#16171a;--fg:#ececef;--muted:#a4a5ad;--line:#33353b;--card:#1e2024;--accent:#8fb0ff;--accent-fg:#0d1530;--danger:#ff8a80;--ok:#7fd39a;--warn:#ffc266}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:4px}
.skip{position:absolute;left:-999px;top:0}
.skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem 1rem;z-index:10}
header.top{border-bottom:1px solid var(--line);background:var(--card)}
.bar{max-width:64rem;margin:0 auto;padding:.5rem 1rem;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem}
.brand{font-weight:700;text-decoration:none;color:var(--fg);margin-right:auto}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem .9rem;margin:0;padding:0}
nav a{text-decoration:none;color:var(--muted);padding:.25rem 0;display:inline-block}
nav a[aria-current=page]{color:var(--fg);font-weight:600;border-bottom:2px solid var(--accent)}
main{max-width:64rem;margin:0 auto;padding:1rem 1rem 4rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:1.75rem 0 .75rem}
p,dl,ul,ol{margin:.5rem 0}
.muted{color:var(--muted)}
.small{font-size:.875rem}
.narrow{max-width:26rem;margin:2rem auto}
form.stack{display:grid;gap:.75rem;grid-template-columns:minmax(0,1fr)}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:.2rem}
.hint{font-weight:400;color:var(--muted);font-size:.85rem}
input[type=text],input[type=url],input[type=email],input[type=password],input[type=search],select,textarea{width:100%;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.5rem .65rem;min-height:2.5rem}
textarea{min-height:6rem;resize:vertical}
button,.button{font:inherit;font-weight:600;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);padding:.45rem 1rem;min-height:2.5rem;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;gap:.4rem}
button.quiet,.button.quiet{background:transparent;color:var(--accent)}
button.danger{background:var(--danger);border-color:var(--danger);color:#fff}
button.link{background:none;border:none;color:var(--muted);padding:.25rem 0;min-height:0;font-weight:400;text-decoration:underline}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}
.row>*{flex:1 1 12rem}
.row>button,.row>.button{flex:0 0 auto}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0}
.actions form{margin:0}
.panel{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:1rem;margin:1rem 0}
.panel>h2{margin-top:0}
fieldset{border:1px solid var(--line);border-radius:8px;padding:.5rem .75rem}
legend{font-weight:600;font-size:.9rem;padding:0 .25rem}
fieldset label{display:inline-flex;gap:.4rem;align-items:center;font-weight:400;margin-right:1rem}
.notice{border-left:4px solid var(--ok);background:var(--card);padding:.6rem .9rem;border-radius:6px;margin:1rem 0}
.notice.error{border-color:var(--danger)}
.error-text{color:var(--danger)}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:.5rem 0 1rem}
.filters>div{flex:1 1 10rem}
.filters .search{flex:3 1 16rem}
.views a{margin-right:.75rem}
ul.results{list-style:none;padding:0;margin:0}
ul.results.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;display:flex;flex-direction:column;min-width:0}
.card .thumb{display:block;aspect-ratio:16/10;background:var(--line);overflow:hidden}
.card .thumb img{width:100%;height:100%;object-fit:cover;object-position:top;display:block}
.card .thumb.empty{display:flex;align-items:center;justify-content:center;color:var(--muted);font-size:.85rem;aspect-ratio:16/4;text-decoration:none}
.card .body{padding:.65rem .8rem .8rem;display:grid;gap:.25rem;min-width:0}
.card h3{font-size:1rem;margin:0;line-height:1.35;overflow-wrap:anywhere}
.card h3 a{color:var(--fg);text-decoration:none}
.card h3 a:hover{text-decoration:underline}
.list .card{flex-direction:row;border-radius:0;border-width:0 0 1px;background:none}
.list .card .thumb{display:none}
.list .card .body{padding:.6rem 0}
.host{color:var(--muted);font-size:.85rem;overflow-wrap:anywhere}
.tags{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;padding:0;margin:.25rem 0}
.tags a{font-size:.8rem;text-decoration:none;border:1px solid var(--line);border-radius:999px;padding:.05rem .55rem;color:var(--muted)}
.tags a:hover{border-color:var(--accent);color:var(--accent)}
.status{font-size:.85rem;color:var(--muted);display:inline-flex;align-items:center;gap:.35rem}
.status.failed{color:var(--warn)}
.spinner{width:.85rem;height:.85rem;border:2px solid var(--line);border-top-color:var(--accent);border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.more{grid-column:1/-1;text-align:center;padding:1rem}
.empty-state{padding:2rem 1rem;text-align:center;color:var(--muted)}
dl.fields{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:.35rem 1rem}
dl.fields dt{color:var(--muted)}
dl.fields dd{margin:0;overflow-wrap:anywhere;min-width:0}
.shot{max-width:100%;border:1px solid var(--line);border-radius:var(--radius)}
table{width:100%;border-collapse:collapse;font-size:.92rem}
th,td{text-align:left;padding:.5rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600}
.table-wrap{overflow-x:auto;position:relative}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em;overflow-wrap:anywhere}
.secret{display:block;background:var(--bg);border:1px dashed var(--line);border-radius:8px;padding:.5rem;margin:.4rem 0;user-select:all}
details>summary{cursor:pointer;color:var(--accent);font-weight:600}
.badge{display:inline-block;border-radius:999px;padding:0 .5rem;font-size:.8rem;border:1px solid var(--line)}
.badge.ok{color:var(--ok);border-color:var(--ok)}
.badge.off{color:var(--danger);border-color:var(--danger)}
meter,progress{width:100%;height:1rem}
.chart{width:100%;height:auto;max-height:12rem}
.chart rect{fill:var(--accent)}
.chart text{fill:var(--muted);font-size:10px}
.cols{display:grid;gap:1rem}
@media (min-width:48rem){.cols{grid-template-columns:1fr 1fr}}
table.keys code{white-space:nowrap}
@media (max-width:40rem){table.keys th:nth-child(3),table.keys td:nth-child(3),table.keys th:nth-child(5),table.keys td:nth-child(5){display:none}}
label.check{display:inline-flex;gap:.45rem;align-items:center}
input[type=file]{font:inherit;max-width:100%}
.bars{display:grid;gap:.2rem;margin:1rem 0}
.bars label{font-weight:400;margin-top:.4rem}
dl.counts{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:1rem 0}
dl.counts .count{display:grid}
dl.counts dt{color:var(--muted);font-size:.85rem}
dl.counts dd{margin:0;font-size:1.35rem;font-weight:600}
table.failures td.mono{white-space:nowrap}
.import-state{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .45rem}
@media (max-width:40rem){table.imports th:nth-child(2),table.imports td:nth-child(2){display:none}}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.htmx-request .when-loading{display:inline-block}
.when-loading{display:none}
`
