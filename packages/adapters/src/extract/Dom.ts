/**
 * The few DOM operations extraction needs, over linkedom. linkedom's typings name DOM lib types this project
 * does not load, so its document arrives untyped: these interfaces give it the shape we rely on.
 */
import { parseHTML } from "linkedom"

export interface DomAttribute {
  readonly name: string
  readonly value: string
}

/** A node of the tree: elements (1) and text (3) matter; the rest is skipped. */
export interface DomNode {
  readonly nodeType: number
  readonly nodeValue: string | null
  readonly childNodes: ArrayLike<DomNode>
}

export interface DomElement extends DomNode {
  readonly tagName: string
  readonly parentElement: DomElement | null
  readonly textContent: string | null
  readonly outerHTML: string
  readonly innerHTML: string
  readonly attributes: Iterable<DomAttribute>
  getAttribute(name: string): string | null
  querySelector(selectors: string): DomElement | null
  querySelectorAll(selectors: string): Iterable<DomElement>
  closest(selectors: string): DomElement | null
  removeAttribute(name: string): void
  remove(): void
}

export interface DomDocument {
  readonly documentElement: DomElement | null
  querySelector(selectors: string): DomElement | null
  querySelectorAll(selectors: string): Iterable<DomElement>
}

/**
 * linkedom keeps only what it is given: without `<html>` there is no root and without `<body>` the text of the
 * page is lost. Give it both, the way a browser would infer them.
 */
const withSkeleton = (html: string): string => {
  let out = html.replace(/^\s*<!doctype[^>]*>/i, "")
  if (!/<body[\s>]/i.test(out)) {
    const headEnd = /<\/head\s*>/i.exec(out) ?? /<html\b[^>]*>/i.exec(out)
    const at = headEnd ? headEnd.index + headEnd[0].length : 0
    out = `${out.slice(0, at)}<body>${out.slice(at)}`
  }
  return /<html[\s>]/i.test(out) ? out : `<html>${out}`
}

export const parse = (html: string): DomDocument => {
  const { document } = parseHTML(withSkeleton(html))
  return document
}

/** Attribute by case-insensitive name: linkedom keeps `CONTENT="…"` as written. */
export const attr = (element: DomElement, name: string): string => {
  const direct = element.getAttribute(name)
  if (direct !== null) return direct
  for (const attribute of element.attributes) {
    if (attribute.name.toLowerCase() === name) return attribute.value
  }
  return ""
}

export const body = (document: DomDocument): DomElement | null =>
  document.querySelector("body") ?? document.documentElement

export const isElement = (node: DomNode): node is DomElement => node.nodeType === 1
