/** Styles of bulk actions: a checkbox on each card, the bulk form above the results (pages/LibraryBulk.ts). */
export const css = `
.card{position:relative}
.card .pick{position:absolute;top:.4rem;left:.4rem;z-index:1;display:flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;cursor:pointer}
.card .pick input{width:1.3rem;height:1.3rem;margin:0;accent-color:var(--accent);cursor:pointer;box-shadow:0 0 0 3px var(--card);border-radius:4px}
.card:has(.pick input:checked){outline:3px solid var(--accent);outline-offset:-3px}
ul.results.list .card .pick{position:static;flex:none;align-self:center}
@media (max-width:40rem){.card .pick{top:0;left:0}}
.bulk{padding:.75rem 1rem}
.bulk-panel>summary{display:none}
@media (min-width:40.01rem){.bulk-panel::details-content{content-visibility:visible;display:contents}}
@media (max-width:40rem){.bulk-panel{padding:0;border:none;background:none;margin:.5rem 0}.bulk-panel>summary{display:inline-flex;list-style:none}.bulk-panel>summary::-webkit-details-marker{display:none}.bulk-panel[open]{padding:.75rem 1rem;border:1px solid var(--line);background:var(--card)}.bulk-panel[open]>summary{display:none}}
.bulk .scope{border:0;padding:0;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:center}
.bulk .scope legend{font-weight:600;padding:0;margin-bottom:.25rem}
.bulk .scope label{display:inline-flex;gap:.4rem;align-items:center;min-height:44px}
.bulk .scope input{width:1.1rem;height:1.1rem;accent-color:var(--accent)}
.bulk [data-pick-page]{min-height:44px}
.bulk [data-pick-page][hidden]{display:none}
`
