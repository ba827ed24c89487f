/**
 * The readable part of a page as Markdown, for assistants (docs/mcp.md, "Content as Markdown"): `turndown` with
 * the GitHub-flavoured plugin (tables, strikethrough, task lists), both maintained and pinned, rather than a
 * converter of our own. Links and images are made absolute against the page; inline `data:` images (kilobytes of
 * base64 an assistant cannot read) and `javascript:` links keep only their words.
 */
import type { gfm as Gfm } from "@joplin/turndown-plugin-gfm"
import type TurndownService from "turndown"
import { onFirstUse } from "../OnFirstUse.js"
import { resolve } from "./PageUrl.js"
import { clip } from "./TextBounds.js"

const turndown = onFirstUse("turndown", (module) => module as typeof TurndownService)
const gfm = onFirstUse("@joplin/turndown-plugin-gfm", (module) => (module as { readonly gfm: typeof Gfm }).gfm)

const attribute = (node: TurndownService.Node, name: string): string =>
  "getAttribute" in node && typeof node.getAttribute === "function" ? node.getAttribute(name) ?? "" : ""

/** A title attribute as Markdown writes it: quotes escaped, on one line. */
const titlePart = (node: TurndownService.Node): string => {
  const title = attribute(node, "title").replace(/\s+/g, " ").trim()
  return title === "" ? "" : ` "${title.replace(/"/g, "\\\"")}"`
}

/** Angle brackets keep a URL with spaces or parentheses in one piece. */
const destination = (url: string): string =>
  /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url

const make = (base: string): TurndownService => {
  const Service = turndown()
  const service = new Service({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    hr: "---"
  })
  service.use(gfm())
  // What a reader never sees; the cleaner removed scripts and styles already, these may come from the article.
  service.remove(["script", "style", "noscript", "template", "iframe", "object", "embed", "form", "button", "select"])
  service.addRule("absoluteLinks", {
    filter: (node) => node.nodeName === "A" && attribute(node, "href") !== "",
    replacement: (content, node) => {
      const href = resolve(attribute(node, "href"), base)
      const words = content.trim()
      if (href === "" || words === "") return content
      return `[${words}](${destination(href)}${titlePart(node)})`
    }
  })
  service.addRule("absoluteImages", {
    filter: "img",
    replacement: (_content, node) => {
      const alt = attribute(node, "alt").replace(/\s+/g, " ").trim().replace(/[[\]]/g, "\\$&")
      const src = resolve(attribute(node, "src"), base)
      if (src === "") return alt
      return `![${alt}](${destination(src)}${titlePart(node)})`
    }
  })
  return service
}

/** Services by base URL would grow without bound; one per call costs about 0.1 ms, a page's conversion far more. */
export const fromHtml = (html: string, base: string, maxLength: number): string => {
  if (html.trim() === "") return ""
  const markdown = make(base).turndown(html).replace(/\n{3,}/g, "\n\n").trim()
  return clip(markdown, maxLength, false)
}
