/**
 * Our own small script (served as a file, never inline): copy buttons and confirmation before destructive forms.
 * Everything it does also works without it (text can be selected; confirmation pages exist).
 */
export const js = `
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
`
