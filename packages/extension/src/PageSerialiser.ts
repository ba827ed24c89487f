/**
 * "Save with page copy" (docs/extension.md, "Lists and the page copy"): the page as the person sees it, serialised in
 * its own tab into one self-contained HTML document. `serialisePage` is injected with `chrome.scripting
 * .executeScript({ func })`, which sends its source text to the tab: it must use nothing from outside its own body
 * (no imports, no module-level helpers), and it runs in the extension's isolated world of the page, so its `fetch`
 * is the page's origin with the person's cookies (same-origin resources of a logged-in page load as the person sees
 * them).
 *
 * What it does: the DOM after the page's scripts ran (cloned, the live page untouched); every stylesheet (linked,
 * `<style>`, `@import`ed) replaced in place by its rules as text, with `url()`s (fonts, backgrounds) inlined as
 * data: URIs; images (`currentSrc`, so the `srcset` candidate shown) inlined; `<script>`, `<noscript>`, frames,
 * objects, `<base>`, refreshes, event-handler attributes and `javascript:` addresses removed. Over `maxBytes` the
 * images are dropped and it says so; still over, it gives up with the reason. A resource another origin does not
 * share (CORS) is left out and counted.
 */

export type Serialised =
  | { readonly ok: true; readonly html: string; readonly partial: string }
  | { readonly ok: false; readonly reason: string }

export async function serialisePage(maxBytes: number): Promise<Serialised> {
  let missing = 0
  const cache = new Map<string, Promise<string | undefined>>()
  const dataUrl = (url: string): Promise<string | undefined> => {
    if (url.startsWith("data:")) return Promise.resolve(url)
    if (!/^https?:/i.test(url)) return Promise.resolve(undefined)
    const known = cache.get(url)
    if (known !== undefined) return known
    const made = (async () => {
      try {
        const response = await fetch(url, { credentials: "include" })
        if (!response.ok) throw new Error(String(response.status))
        const blob = await response.blob()
        if (blob.size > maxBytes) throw new Error("too large")
        return await new Promise<string | undefined>((resolve) => {
          const reader = new FileReader()
          reader.onload = () => resolve(String(reader.result))
          reader.onerror = () => resolve(undefined)
          reader.readAsDataURL(blob)
        })
      } catch {
        missing++
        return undefined
      }
    })()
    cache.set(url, made)
    return made
  }
  const cssUrl = /url\(\s*(['"]?)([^'")]*)\1\s*\)/g
  const inlineCss = async (css: string, base: string): Promise<string> => {
    const found = new Map<string, string>()
    for (const match of css.matchAll(cssUrl)) {
      const raw = match[2] ?? ""
      if (raw === "" || raw.startsWith("data:") || raw.startsWith("#")) continue
      let absolute: string
      try {
        absolute = new URL(raw, base).href
      } catch {
        continue
      }
      found.set(raw, (await dataUrl(absolute)) ?? "")
    }
    return css.replace(cssUrl, (whole, _q: string, raw: string) => {
      const inlined = found.get(raw)
      return inlined === undefined ? whole : `url("${inlined}")`
    })
  }
  const sheetText = async (sheet: CSSStyleSheet): Promise<string> => {
    const base = sheet.href ?? document.baseURI
    let rules: CSSRuleList
    try {
      rules = sheet.cssRules
    } catch {
      // Another origin's sheet without CORS: its rules cannot be read; fetch its text instead.
      if (sheet.href === null) return ""
      try {
        const response = await fetch(sheet.href, { credentials: "include" })
        return response.ok ? inlineCss(await response.text(), sheet.href) : ""
      } catch {
        missing++
        return ""
      }
    }
    const parts: Array<string> = []
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSImportRule) {
        if (rule.styleSheet !== null) parts.push(await sheetText(rule.styleSheet))
      } else {
        parts.push(rule.cssText)
      }
    }
    return inlineCss(parts.join("\n"), base)
  }

  const styleOwners = "link[rel~='stylesheet' i], style"
  const liveOwners = Array.from(document.querySelectorAll(styleOwners))
  const texts = await Promise.all(liveOwners.map(async (owner) => {
    const sheet = (owner as HTMLLinkElement | HTMLStyleElement).sheet
    return sheet === null || sheet.disabled ? "" : sheetText(sheet)
  }))
  const liveImages = Array.from(document.images)
  const images = await Promise.all(
    liveImages.map((img) => (img.currentSrc || img.src) ? dataUrl(img.currentSrc || img.src) : undefined)
  )
  const styled = Array.from(document.querySelectorAll<HTMLElement>("[style*='url(' i]"))
  const inlineStyles = await Promise.all(
    styled.map((el) => inlineCss(el.getAttribute("style") ?? "", document.baseURI))
  )

  const build = (withImages: boolean): string => {
    const root = document.documentElement.cloneNode(true) as HTMLElement
    root.querySelectorAll(styleOwners).forEach((owner, i) => {
      const style = document.createElement("style")
      style.textContent = texts[i] ?? ""
      const media = owner.getAttribute("media")
      if (media !== null) style.setAttribute("media", media)
      owner.replaceWith(style)
    })
    root.querySelectorAll("img").forEach((img, i) => {
      img.removeAttribute("srcset")
      img.removeAttribute("sizes")
      img.removeAttribute("loading")
      const inlined = withImages ? images[i] : undefined
      if (inlined === undefined) img.removeAttribute("src")
      else img.setAttribute("src", inlined)
    })
    root.querySelectorAll<HTMLElement>("[style*='url(' i]").forEach((el, i) => {
      const inlined = inlineStyles[i]
      if (inlined !== undefined && withImages) el.setAttribute("style", inlined)
      else el.style.removeProperty("background-image")
    })
    root.querySelectorAll(
      "script, noscript, iframe, frame, object, embed, base, meta[http-equiv='refresh' i], link, picture > source"
    ).forEach((el) => el.remove())
    for (const el of Array.from(root.querySelectorAll("*")).concat(root)) {
      for (const attribute of Array.from(el.attributes)) {
        const name = attribute.name.toLowerCase()
        const script = /^\s*(javascript|vbscript):/i.test(attribute.value)
        if (name.startsWith("on") || (script && /^(href|src|action|formaction|xlink:href)$/.test(name))) {
          el.removeAttribute(attribute.name)
        }
      }
    }
    const head = root.querySelector("head")
    if (head !== null) {
      head.querySelectorAll("meta[charset]").forEach((el) => el.remove())
      const charset = document.createElement("meta")
      charset.setAttribute("charset", "utf-8")
      head.prepend(charset)
    }
    return `<!doctype html>\n${root.outerHTML}`
  }

  const size = (text: string) => new TextEncoder().encode(text).byteLength
  const left = () => missing === 0 ? "" : `${missing} resource(s) could not be read`
  const full = build(true)
  if (size(full) <= maxBytes) return { ok: true, html: full, partial: left() }
  const lighter = build(false)
  if (size(lighter) <= maxBytes) {
    return {
      ok: true,
      html: lighter,
      partial: ["images left out to fit the size cap", left()].filter(Boolean).join("; ")
    }
  }
  return { ok: false, reason: `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB even without images.` }
}
