/** The one stylesheet: system fonts, light and dark schemes, a layout that holds from 360 px up. */
export const css = `
:root{color-scheme:light dark;--bg:#fbfaf8;--fg:#1d1d1f;--muted:#5d5d66;--line:#dedbd5;--card:#fff;--accent:#2f5fd0;--accent-fg:#fff;--danger:#b3261e;--danger-fg:#fff;--ok:#1e7a3c;--warn:#8a5a00;--focus:#f0a020;--radius:10px}
@media (prefers-color-scheme:dark){:root{--bg:#16171a;--fg:#ececef;--muted:#a4a5ad;--line:#33353b;--card:#1e2024;--accent:#8fb0ff;--accent-fg:#0d1530;--danger:#ff8a80;--danger-fg:#2a0705;--ok:#7fd39a;--warn:#ffc266}}
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
.brand{font-weight:700;text-decoration:none;color:var(--fg);margin-right:auto;min-height:44px;display:inline-flex;align-items:center}
.menu>summary{list-style:none;display:none}
.menu>summary::-webkit-details-marker{display:none}
.menu-body{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem}
@media (min-width:48.01rem){.menu::details-content{content-visibility:visible;display:contents}.menu{display:contents}}
@media (max-width:48rem){.menu>summary{display:inline-flex;align-items:center;gap:.5rem;min-height:44px;padding:0 .75rem;border:1px solid var(--line);border-radius:8px;color:var(--fg)}
.burger,.burger::before,.burger::after{display:block;width:1.1rem;height:2px;background:currentColor;position:relative}
.burger::before,.burger::after{content:"";position:absolute;left:0}.burger::before{top:-6px}.burger::after{top:6px}
.menu[open]{flex-basis:100%;order:3}.menu[open]>summary{margin-left:auto}.menu[open]{display:flex;flex-direction:column;align-items:flex-end}
.menu-body{flex-direction:column;align-items:stretch;width:100%;padding:.5rem 0}
.menu-body ul{flex-direction:column;gap:0}.menu-body a,.menu-body button.link{display:flex;align-items:center;min-height:44px;padding:0 .25rem;width:100%}
.bar{flex-wrap:wrap}}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem .9rem;margin:0;padding:0}
nav a{text-decoration:none;color:var(--muted);padding:.25rem 0;display:inline-block;min-height:44px;line-height:2.75rem}
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
input[type=text],input[type=url],input[type=email],input[type=password],input[type=search],input[type=date],select,textarea{width:100%;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.5rem .65rem;min-height:44px}
textarea{min-height:6rem;resize:vertical}
button,.button{font:inherit;font-weight:600;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);padding:.45rem 1rem;min-height:44px;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;gap:.4rem}
button.quiet,.button.quiet{background:transparent;color:var(--accent)}
button.danger{background:var(--danger);border-color:var(--danger);color:var(--danger-fg)}
button.link{background:none;border:none;color:var(--muted);padding:.25rem 0;min-height:44px;font-weight:400;text-decoration:underline}
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
.link-health{border-left:4px solid var(--danger);background:var(--card);padding:.5rem .9rem;border-radius:6px;margin:.75rem 0}
.link-health.moved{border-color:var(--accent)}
.link-health p{margin:.3rem 0}
.link-health .actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.error-text{color:var(--danger)}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:.5rem 0 1rem}
.filters>div{flex:1 1 8rem}
.filters .search{flex:1 1 100%}
.views a{margin-right:.75rem}
ul.results{list-style:none;padding:0;margin:0}
ul.results.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;display:flex;flex-direction:column;min-width:0}
.card.selected{outline:3px solid var(--focus);outline-offset:2px}
.card .thumb{display:block;aspect-ratio:16/9;background:var(--line);overflow:hidden;flex:none}
.card .thumb img{width:100%;height:100%;object-fit:cover;display:block}
.thumb.placeholder{display:flex;align-items:center;justify-content:center;text-decoration:none;color:#fff;font-size:2.4rem;font-weight:700}
.thumb.hue-0{background:#3b5bab}.thumb.hue-1{background:#8a3b8f}.thumb.hue-2{background:#1f7a6d}.thumb.hue-3{background:#a4452c}.thumb.hue-4{background:#5b6b1f}
.thumb.hue-5{background:#2c6e9e}.thumb.hue-6{background:#9b2f55}.thumb.hue-7{background:#6a4fb3}.thumb.hue-8{background:#2f7d3a}.thumb.hue-9{background:#7a5a1f}
.card .body{padding:.6rem .8rem .75rem;display:flex;flex-direction:column;gap:.3rem;min-width:0;flex:1}
.card h3{font-size:1rem;margin:0;line-height:1.35;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.card h3 a{color:var(--fg);text-decoration:none}
.card h3 a:hover{text-decoration:underline}
.desc{margin:0;color:var(--muted);font-size:.875rem;line-height:1.4;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere}
.meta{margin:0;color:var(--muted);font-size:.8rem;display:flex;flex-wrap:wrap;align-items:center;gap:0 .1rem;margin-top:auto}
.site{display:inline-flex;align-items:center;gap:.35rem;overflow-wrap:anywhere}
.icon{width:16px;height:16px;border-radius:3px;flex:none}
.note-mark{margin-left:.5rem}
.read-link{margin-left:auto;padding:0 .2rem;font-weight:600;text-decoration:none}.read-link:hover{text-decoration:underline}
.note-body>:first-child{margin-top:0}.note-body>:last-child{margin-bottom:0}.note-body p{margin:0 0 .6em}.note-body ul,.note-body ol{margin:0 0 .6em;padding-left:1.3em}.note-body pre{overflow-x:auto;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.5rem}.note-body blockquote{margin:0 0 .6em;padding-left:.8em;border-left:3px solid var(--line);color:var(--muted)}
.note-preview{border:1px dashed var(--line);border-radius:8px;padding:.6rem .8rem;min-height:2.5rem;overflow-wrap:anywhere}
.sep{margin:0 .35rem}
.save-panel h2{margin-top:0}
.tag-lines{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center}
.tag-lines .tags{margin:0}
.tags.generated a{border-style:dashed;font-style:italic}
.more-tags{display:inline}.more-tags>summary{display:inline-flex;align-items:center;font-size:.8rem;font-weight:400;color:var(--muted);border:1px dashed var(--line);border-radius:999px;padding:.05rem .55rem;list-style:none}
.more-tags>summary::-webkit-details-marker{display:none}
.more-tags[open]{display:contents}.more-tags[open]>summary{display:none}
.list .card{flex-direction:row;align-items:center;gap:.75rem;border-radius:0;border-width:0 0 1px;background:none;padding:.4rem 0}
.list .card .thumb{aspect-ratio:1;width:2.5rem;border-radius:6px;font-size:1.1rem}
.list .card .body{padding:0;display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.1rem .75rem;align-items:baseline}
.list .card h3{-webkit-line-clamp:1;grid-column:1}
.list .card .desc{display:none}
.list .card .meta{grid-column:2;grid-row:1;margin:0;white-space:nowrap}
.list .card .meta .site{display:none}
.list .card .status,.list .card .tag-lines{grid-column:1/-1}
@media (max-width:40rem){ul.results.grid{grid-template-columns:minmax(0,1fr);gap:.6rem}.grid .card{flex-direction:row}.grid .card .thumb{width:6.5rem;aspect-ratio:auto;min-height:5.5rem;font-size:1.8rem}}
@media (max-width:40rem){.list .card .body{grid-template-columns:minmax(0,1fr)}.list .card .meta{grid-column:1;grid-row:auto}}
.host{color:var(--muted);font-size:.85rem;overflow-wrap:anywhere}
.tags{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;padding:0;margin:.25rem 0}
.tags a{font-size:.8rem;text-decoration:none;border:1px solid var(--line);border-radius:999px;padding:.05rem .55rem;color:var(--muted)}
.tags a:hover{border-color:var(--accent);color:var(--accent)}
.tags .generated a{border-style:dashed;border-color:var(--muted);font-style:italic}
.review{margin:.5rem 0}
.status{font-size:.85rem;color:var(--muted);display:inline-flex;align-items:center;gap:.35rem}
.status.failed{color:var(--muted);font-style:italic}
.spinner{width:.85rem;height:.85rem;border:2px solid var(--line);border-top-color:var(--accent);border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.more{grid-column:1/-1;text-align:center;padding:1rem}
.empty-state{padding:2rem 1rem;text-align:center;color:var(--muted);grid-column:1/-1}
.card~.empty-state{display:none}
.count{margin:0 0 .5rem}
.save-panel>summary{display:none}
@media (min-width:40.01rem){.save-panel::details-content{content-visibility:visible;display:contents}}
@media (max-width:40rem){.save-panel{padding:0;border:none;background:none}.save-panel>summary{display:inline-flex;list-style:none}.save-panel>summary::-webkit-details-marker{display:none}.save-panel[open]{padding:1rem;border:1px solid var(--line);background:var(--card)}.save-panel[open]>summary{display:none}}
.prose{white-space:pre-wrap}
.prose.note-body{white-space:normal}
.back{margin:0 0 .5rem}
.bookmark-head{display:grid;gap:1rem;align-items:start}
@media (min-width:48rem){.bookmark-head{grid-template-columns:minmax(0,1fr) 20rem}.bookmark-head .preview{order:2}}
.preview{width:100%;height:auto;border-radius:var(--radius);border:1px solid var(--line)}
.site-line{display:flex;align-items:center;gap:.4rem;overflow-wrap:anywhere;min-width:0}
.site-line a{min-width:0}
dialog{background:var(--card);color:var(--fg);border:1px solid var(--line);border-radius:var(--radius);max-width:min(28rem,calc(100vw - 2rem))}
dialog::backdrop{background:rgb(0 0 0/.4)}
kbd{font-family:ui-monospace,monospace;border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 .35rem}
.bookmarklet{display:inline-flex}
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
@media (max-width:40rem){table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack tr{border:1px solid var(--line);border-radius:8px;padding:.4rem .6rem;margin:0 0 .6rem;background:var(--card)}
table.stack td{border:none;padding:.15rem 0;display:flex;gap:.75rem;justify-content:space-between;align-items:center;overflow-wrap:anywhere}
table.stack td[data-label]::before{content:attr(data-label);color:var(--muted);font-size:.85rem;flex:none}
table.stack td:empty{display:none}
.table-wrap{overflow-x:visible}}
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

.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.htmx-request .when-loading{display:inline-block}
.when-loading{display:none}
.query-text{white-space:pre-wrap;background:var(--card);border:1px solid var(--line);border-radius:4px;padding:0 .3rem}
.query-text mark.fault{background:none;color:var(--danger);font-weight:700;text-decoration:underline wavy var(--danger);text-decoration-thickness:2px;text-underline-offset:4px}
.states{display:flex;gap:.5rem;flex-wrap:wrap;margin:.5rem 0}
.states button[aria-pressed="true"]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent)}
.groups{list-style:none;padding:0}
.groups>li{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:1rem;margin:0 0 1rem}
.groups h2{margin-top:0;overflow-wrap:anywhere}
.groups ol{margin:.5rem 0;padding-left:1.25rem;overflow-wrap:anywhere}
`
