/**
 * Our own small script (served as a file, never inline). Everything it does also works without it, or is a
 * convenience on top: copy buttons; the person's time zone kept in the `tz` cookie (pages format times in it,
 * `TimeZone.ts`); the save form cleared after an in-place save; keyboard shortcuts (`/` search, `j`/`k` move,
 * `o` open, `e` edit, `x` tick for a bulk action, `?` the sheet); "Tick all on this page" for bulk actions.
 */
export const js = `
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone && document.cookie.indexOf("tz=" + zone) === -1) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax"
    }
  } catch (e) {}
})()
document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-copy]") : null
  if (!button) return
  var source = document.getElementById(button.getAttribute("data-copy") || "")
  if (!source || !navigator.clipboard) return
  navigator.clipboard.writeText(source.textContent || "").then(function () {
    var status = button.parentElement && button.parentElement.querySelector("[data-copied]")
    if (status) status.textContent = "Copied"
  })
})
// Bulk actions: the button that ticks every card shown exists only with this script (it is hidden without it).
var showPickPage = function () {
  var button = document.querySelector("[data-pick-page]")
  if (button) button.hidden = false
}
document.addEventListener("DOMContentLoaded", showPickPage)
document.addEventListener("htmx:afterSettle", showPickPage)
document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-pick-page]") : null
  if (!button) return
  var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-pick]"))
  var all = boxes.every(function (box) { return box.checked })
  boxes.forEach(function (box) { box.checked = !all })
  button.textContent = all ? "Tick all on this page" : "Untick all"
  var selected = document.querySelector("#bulk input[name=scope][value=selected]")
  if (selected) selected.checked = true
})
var sentValues = null
document.addEventListener("htmx:beforeRequest", function (event) {
  var form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-save")) return
  sentValues = [form.url.value, form.tags.value, form.note.value]
})
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-save") || !sentValues) return
  var ok = event.detail && event.detail.successful && !form.parentElement.querySelector("#save-status [role=alert]")
  // Only what was sent is cleared: an address typed meanwhile (and queued by a second Save) stays.
  if (ok && form.url.value === sentValues[0]) {
    form.url.value = ""
    if (form.tags.value === sentValues[1]) form.tags.value = ""
    if (form.note.value === sentValues[2]) form.note.value = ""
    form.url.focus()
  }
  sentValues = null
})
document.addEventListener("keydown", function (event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return
  var target = event.target
  if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return
  var cards = Array.prototype.slice.call(document.querySelectorAll("[data-card]"))
  var current = document.querySelector("[data-card].selected")
  var index = cards.indexOf(current)
  var select = function (next) {
    if (!next) return
    if (current) current.classList.remove("selected")
    next.classList.add("selected")
    var link = next.querySelector("[data-open]")
    if (link) link.focus()
  }
  if (event.key === "/") {
    var search = document.getElementById("q")
    if (search) { event.preventDefault(); search.focus(); search.select() }
  } else if (event.key === "j") {
    select(cards[index + 1] || cards[0])
  } else if (event.key === "k") {
    select(cards[index - 1] || cards[0])
  } else if (event.key === "o" && current) {
    var open = current.querySelector("[data-open]")
    if (open) open.click()
  } else if (event.key === "e" && current) {
    var edit = current.getAttribute("data-edit")
    if (edit) location.href = edit
  } else if (event.key === "x" && current) {
    var box = current.querySelector("[data-pick]")
    if (box) box.checked = !box.checked
  } else if (event.key === "?") {
    var sheet = document.getElementById("shortcuts")
    if (sheet && sheet.showModal && !sheet.open) sheet.showModal()
  }
})
`
