/**
 * The reader's highlighting script (docs/reading.md, "Highlights"), a file served by the app and loaded by the
 * reader page only. It finds each saved highlight again in the article's text (`anchorJs`, a plain-JS copy of the
 * domain's `TextAnchor.locate`, held to it by a property test), draws the found ones as `<mark>`s and moves the
 * others to the list of orphaned highlights; a click on a mark opens its edit form. Selecting text shows the
 * toolbar: its hidden fields get the passage's anchor, and its buttons post it as an ordinary form (CSRF token
 * included), so the server does the saving.
 */

/** The anchoring: `locate(text, anchor)` as the domain's `TextAnchor.locate`. */
export const anchorJs = `
var CONTEXT = 32, MAX_FUZZY_WORK = 20000000, MAX_FUZZY_LENGTH = 1000
function tolerance(n) { return n < 8 ? 0 : Math.floor(n / 5) }
function contextScore(text, a, start, end) {
  var score = 0, i
  for (i = 1; i <= a.prefix.length && start - i >= 0 && text[start - i] === a.prefix[a.prefix.length - i]; i++) score++
  for (i = 0; i < a.suffix.length && end + i < text.length && text[end + i] === a.suffix[i]; i++) score++
  return score
}
function better(a, b) {
  return b === undefined || a.cost < b.cost ||
    (a.cost === b.cost && (a.score > b.score || (a.score === b.score && a.distance < b.distance)))
}
function approximate(text, a) {
  var p = a.exact, m = p.length, k = tolerance(m)
  if (k === 0 || m > MAX_FUZZY_LENGTH) return { kind: "orphaned" }
  var span = Math.floor(MAX_FUZZY_WORK / m)
  var from = text.length <= span ? 0 : Math.max(0, Math.min(text.length - span, a.start - Math.floor(span / 2)))
  var to = Math.min(text.length, from + span)
  var cost = new Int32Array(m + 1), start = new Int32Array(m + 1)
  var nextCost = new Int32Array(m + 1), nextStart = new Int32Array(m + 1), swap, i, j, best
  for (i = 0; i <= m; i++) { cost[i] = i; start[i] = from }
  for (j = from; j < to; j++) {
    var c = text[j]
    nextCost[0] = 0; nextStart[0] = j + 1
    for (i = 1; i <= m; i++) {
      var value = cost[i - 1] + (p[i - 1] === c ? 0 : 1), origin = start[i - 1]
      if (cost[i] + 1 < value) { value = cost[i] + 1; origin = start[i] }
      if (nextCost[i - 1] + 1 < value) { value = nextCost[i - 1] + 1; origin = nextStart[i - 1] }
      nextCost[i] = value; nextStart[i] = origin
    }
    if (nextCost[m] <= k && nextStart[m] < j + 1) {
      var candidate = { start: nextStart[m], end: j + 1, cost: nextCost[m],
        score: contextScore(text, a, nextStart[m], j + 1), distance: Math.abs(nextStart[m] - a.start) }
      if (better(candidate, best)) best = candidate
    }
    swap = cost; cost = nextCost; nextCost = swap
    swap = start; start = nextStart; nextStart = swap
  }
  return best === undefined ? { kind: "orphaned" } : { kind: "fuzzy", start: best.start, end: best.end }
}
function locate(text, a) {
  if (a.exact === "") return { kind: "orphaned" }
  if (text.slice(a.start, a.end) === a.exact &&
    contextScore(text, a, a.start, a.end) === a.prefix.length + a.suffix.length) {
    return { kind: "position", start: a.start, end: a.end }
  }
  var best, at
  for (at = text.indexOf(a.exact); at !== -1; at = text.indexOf(a.exact, at + 1)) {
    var candidate = { start: at, end: at + a.exact.length, cost: 0,
      score: contextScore(text, a, at, at + a.exact.length), distance: Math.abs(at - a.start) }
    if (better(candidate, best)) best = candidate
  }
  if (best !== undefined) return { kind: "quote", start: best.start, end: best.end }
  return approximate(text, a)
}
`

export const js = `
(function () {
${anchorJs}
  var ready = function () {
    var article = document.getElementById("reader-content")
    var panel = document.getElementById("highlights")
    if (!article || !panel) return
    var text = article.textContent || ""

    /** The text nodes of the article with their offsets in its text. */
    var textNodes = function () {
      var out = [], offset = 0, walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT), node
      while ((node = walker.nextNode())) { out.push({ node: node, start: offset }); offset += node.data.length }
      return out
    }
    var wrap = function (start, end, colour, id) {
      var nodes = textNodes()
      for (var n = 0; n < nodes.length; n++) {
        var node = nodes[n].node, from = nodes[n].start, to = from + node.data.length
        if (to <= start || from >= end || node.data.length === 0) continue
        var a = Math.max(start, from) - from, b = Math.min(end, to) - from
        var piece = node
        if (a > 0) piece = piece.splitText(a)
        if (b - a < piece.data.length) piece.splitText(b - a)
        if (/^\\s*$/.test(piece.data) && piece.parentNode && /^(TABLE|TBODY|TR|UL|OL)$/.test(piece.parentNode.nodeName)) continue
        var mark = document.createElement("mark")
        mark.className = "hl hl-" + colour
        mark.setAttribute("data-highlight-id", id)
        piece.parentNode.insertBefore(mark, piece)
        mark.appendChild(piece)
      }
    }
    var orphans = document.getElementById("orphaned-highlights")
    var orphanList = orphans && orphans.querySelector("ul")
    var items = Array.prototype.slice.call(panel.querySelectorAll("[data-highlight-id]"))
    items.forEach(function (item) {
      var anchor = {
        exact: item.getAttribute("data-exact") || "",
        prefix: item.getAttribute("data-prefix") || "",
        suffix: item.getAttribute("data-suffix") || "",
        start: Number(item.getAttribute("data-start")),
        end: Number(item.getAttribute("data-end"))
      }
      var found = locate(text, anchor)
      if (found.kind === "orphaned") {
        item.classList.add("orphaned")
        if (orphanList) { orphanList.appendChild(item); orphans.hidden = false }
        return
      }
      item.setAttribute("data-found", found.kind)
      wrap(found.start, found.end, item.getAttribute("data-colour") || "yellow", item.getAttribute("data-highlight-id"))
    })
    var anchored = panel.querySelector("[data-anchored-list]")
    if (anchored && anchored.children.length === 0) panel.querySelector("[data-anchored]").hidden = true

    article.addEventListener("click", function (event) {
      var mark = event.target instanceof Element ? event.target.closest("mark[data-highlight-id]") : null
      if (!mark) return
      var item = document.getElementById("hl-" + mark.getAttribute("data-highlight-id"))
      if (!item) return
      var details = item.querySelector("details")
      if (details) details.open = true
      item.scrollIntoView({ block: "center" })
      var field = item.querySelector("textarea")
      if (field) field.focus({ preventScroll: true })
    })

    var toolbar = document.getElementById("highlight-toolbar")
    if (!toolbar) return
    var form = toolbar.querySelector("form")
    var offsetOf = function (container, offset) {
      var range = document.createRange()
      range.setStart(article, 0)
      range.setEnd(container, offset)
      return range.toString().length
    }
    var hide = function () { toolbar.hidden = true }
    var show = function () {
      var selection = window.getSelection()
      if (!selection || selection.rangeCount === 0 || selection.isCollapsed) {
        if (!toolbar.contains(document.activeElement)) hide()
        return
      }
      var range = selection.getRangeAt(0)
      if (!article.contains(range.commonAncestorContainer)) return
      var start = offsetOf(range.startContainer, range.startOffset)
      var end = offsetOf(range.endContainer, range.endOffset)
      var whole = article.textContent || ""
      while (start < end && /\\s/.test(whole[start])) start++
      while (end > start && /\\s/.test(whole[end - 1])) end--
      if (end <= start) return hide()
      form.elements["exact"].value = whole.slice(start, end)
      form.elements["prefix"].value = whole.slice(Math.max(0, start - CONTEXT), start)
      form.elements["suffix"].value = whole.slice(end, end + CONTEXT)
      form.elements["start"].value = String(start)
      form.elements["end"].value = String(end)
      var box = range.getBoundingClientRect()
      toolbar.hidden = false
      var width = toolbar.offsetWidth
      var left = Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - width - 8))
      toolbar.style.top = (window.scrollY + box.bottom + 8) + "px"
      toolbar.style.left = left + "px"
    }
    document.addEventListener("selectionchange", function () { window.clearTimeout(show.timer); show.timer = window.setTimeout(show, 150) })
    document.addEventListener("keydown", function (event) { if (event.key === "Escape" && !toolbar.hidden) hide() })
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready)
  else ready()
})()
`
