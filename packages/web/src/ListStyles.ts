/** Styles of the lists: the sidebar beside the content (a row of chips on a phone), the picker and the tree. */
const depths = Array.from({ length: 8 }, (_, i) => `.depth-${i + 1}{--depth:${i}}`).join("")

export const css = `
main.with-aside{max-width:80rem;display:grid;grid-template-columns:14rem minmax(0,1fr);gap:2rem;align-items:start}
main.with-aside>.content{min-width:0}
.lists-sidebar{position:sticky;top:1rem;font-size:.95rem}
.lists-sidebar h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:.75rem 0 .4rem}
.lists-sidebar ul{display:block;list-style:none;margin:0;padding:0}
.lists-sidebar li{padding-left:calc(var(--depth,0)*.9rem)}
.lists-sidebar li a{display:flex;justify-content:space-between;gap:.5rem;padding:.3rem .5rem;border-radius:6px;text-decoration:none;color:var(--fg)}
.lists-sidebar li a:hover{background:var(--card)}
.lists-sidebar li a[aria-current=page]{background:var(--card);font-weight:600;box-shadow:inset 3px 0 0 var(--accent)}
.lists-sidebar .name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lists-sidebar .count{color:var(--muted);font-variant-numeric:tabular-nums}
${depths}
.list-tree,.list-picker ul{list-style:none;padding:0;margin:0}
.list-tree li,.list-picker li{padding:.2rem 0 .2rem calc(var(--depth,0)*1.25rem)}
.list-picker fieldset{border:0;padding:0;margin:0 0 .75rem}
.list-picker label{display:inline-flex;gap:.5rem;align-items:center;font-weight:400;font-size:1rem;min-height:2rem}
.list-picker input[type=checkbox]{width:1.1rem;height:1.1rem}
form.inline{display:inline}
.panel form+form{margin-top:1rem}
h2.shared-title{font-size:1.05rem;margin:0 0 .25rem}
.tags-table{width:100%;border-collapse:collapse}
.tags-table th,.tags-table td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line)}
.tags-table .num{text-align:right;font-variant-numeric:tabular-nums}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:48rem){
main.with-aside{display:block}
.lists-sidebar{position:static;margin-bottom:1rem}
.lists-sidebar h2{display:none}
.lists-sidebar ul{display:flex;flex-wrap:nowrap;gap:.4rem;overflow-x:auto;padding-bottom:.35rem}
.lists-sidebar li{padding-left:0;flex:0 0 auto}
.lists-sidebar li a{border:1px solid var(--line);border-radius:999px;padding:.35rem .8rem;min-height:2.25rem;align-items:center}
.lists-sidebar p{margin:.25rem 0 0}
}
`
