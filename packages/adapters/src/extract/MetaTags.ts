/**
 * The page's `<meta>` declarations by name: `property`, `name` and `itemprop` may each hold several names
 * separated by spaces (`property="dc:description og:description"`), and every one of them counts. A declaration
 * with an empty `content` is no declaration: it never hides a filled one of the same name.
 */
import { attr, type DomDocument } from "./Dom.js"
import * as Entities from "./Entities.js"
import { collapse } from "./TextBounds.js"

export interface Declared {
  readonly content: string
  /** Which `<meta>` element declared it, in document order: one element under several names is one declaration. */
  readonly element: number
}

export interface MetaTags {
  /** The first non-empty value declared under any of the names, in the order of the names. */
  readonly first: (...names: ReadonlyArray<string>) => string
  /** The same, with the element that declared it. */
  readonly entry: (...names: ReadonlyArray<string>) => Declared | undefined
}

export const read = (document: DomDocument): MetaTags => {
  const values = new Map<string, Array<Declared>>()
  let element = 0
  for (const meta of document.querySelectorAll("meta")) {
    element++
    const content = collapse(Entities.decode(attr(meta, "content") || attr(meta, "value")))
    if (content === "") continue
    const names = `${attr(meta, "property")} ${attr(meta, "name")} ${attr(meta, "itemprop")}`
      .toLowerCase()
      .split(/\s+/)
      .filter((name) => name !== "")
    for (const name of new Set(names)) {
      const list = values.get(name)
      const declared = { content, element }
      if (list) list.push(declared)
      else values.set(name, [declared])
    }
  }
  const entry = (...names: ReadonlyArray<string>): Declared | undefined => {
    for (const name of names) {
      const found = values.get(name)?.[0]
      if (found !== undefined) return found
    }
    return undefined
  }
  return { entry, first: (...names) => entry(...names)?.content ?? "" }
}
