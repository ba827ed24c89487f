/**
 * The reader view's own script (docs/reading.md), a file loaded by that page only, in `<head>` without `defer` so
 * the chosen theme and text size are on `<html>` before the body is drawn (no flash of the other theme). It keeps
 * in `localStorage`: the theme (`reader-theme`: light, dark, or absent for the system's), the text size
 * (`reader-size`, 1–7) and each bookmark's reading position (`reader-pos:<id>`, the fraction scrolled, at most 200
 * bookmarks kept). Everything else of the page works without it.
 */
export const js = `
(function () {
  var root = document.documentElement
  var store = {
    get: function (key) { try { return localStorage.getItem(key) } catch (e) { return null } },
    set: function (key, value) {
      try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value) } catch (e) {}
    }
  }
  var themes = [null, "light", "dark"]
  var themeIcons = { auto: "◐", light: "☀", dark: "☾" }
  var themeLabels = { auto: "Auto", light: "Light", dark: "Dark" }
  var theme = store.get("reader-theme")
  if (themes.indexOf(theme) < 0) theme = null
  var size = Number(store.get("reader-size")) || 0
  var apply = function () {
    if (theme) root.setAttribute("data-theme", theme); else root.removeAttribute("data-theme")
    if (size >= 1 && size <= 7) root.setAttribute("data-size", String(size)); else root.removeAttribute("data-size")
  }
  apply()

  var ready = function () {
    var tools = document.querySelector("[data-reader-tools]")
    var article = document.getElementById("reader-content")
    var progress = document.getElementById("reader-progress")
    var end = document.getElementById("reader-end")
    if (tools) {
      tools.hidden = false
      var themeButton = tools.querySelector("[data-theme-next]")
      var label = function () {
        if (!themeButton) return
        themeButton.querySelector("[data-theme-icon]").textContent = themeIcons[theme || "auto"]
        themeButton.querySelector("[data-theme-label]").textContent = themeLabels[theme || "auto"]
      }
      label()
      tools.addEventListener("click", function (event) {
        var button = event.target instanceof Element ? event.target.closest("button") : null
        if (!button) return
        if (button.hasAttribute("data-theme-next")) {
          theme = themes[(themes.indexOf(theme) + 1) % themes.length]
          store.set("reader-theme", theme)
          label()
        } else if (button.hasAttribute("data-size-step")) {
          var current = size || 3
          size = Math.min(7, Math.max(1, current + Number(button.getAttribute("data-size-step"))))
          store.set("reader-size", String(size))
        }
        apply()
      })
    }
    if (!article) return
    var key = "reader-pos:" + article.getAttribute("data-bookmark-id")
    var scrollable = function () { return Math.max(1, root.scrollHeight - window.innerHeight) }
    var saved = Number(store.get(key))
    if (saved > 0.01 && saved < 0.99) window.scrollTo(0, saved * scrollable())
    var pending = false
    var update = function () {
      pending = false
      var fraction = Math.min(1, Math.max(0, window.scrollY / scrollable()))
      if (progress) progress.value = fraction
      if (end && end.getBoundingClientRect().top < window.innerHeight) end.classList.add("reached")
      store.set(key, fraction > 0.01 && fraction < 0.99 ? fraction.toFixed(4) : null)
      remember(key)
    }
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(update) }
    }, { passive: true })
    update()
  }

  // The most recent 200 positions: older keys are dropped so the store never grows without end.
  var remember = function (key) {
    var list = (store.get("reader-recent") || "").split("\\n").filter(function (k) { return k && k !== key })
    list.unshift(key)
    while (list.length > 200) store.set(list.pop(), null)
    store.set("reader-recent", list.join("\\n"))
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready()
})()
`
