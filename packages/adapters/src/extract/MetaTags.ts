/** The page's `<meta>` declarations by name: `property`, `name` and `itemprop` may each hold several names. */
import { attr, type DomDocument } from "./Dom.js"
import * as Entities from "./Entities.js"
import { collapse } from "./TextBounds.js"

export interface MetaTags {
  /** The first non-empty value declared under any of the names, in the order of the names. */
  readonly first: (...names: ReadonlyArray<string>) => string
}

export const read = (document: DomDocument): MetaTags => {
  const values = new Map<string, Array<string>>()
  for (const meta of document.querySelectorAll("meta")) {
    const content = collapse(Entities.decode(attr(meta, "content") || attr(meta, "value")))
    if (content === "") continue
    const names = `${attr(meta, "property")} ${attr(meta, "name")} ${attr(meta, "itemprop")}`
      .toLowerCase()
      .split(/\s+/)
      .filter((name) => name !== "")
    for (const name of new Set(names)) {
      const list = values.get(name)
      if (list) list.push(content)
      else values.set(name, [content])
    }
  }
  return {
    first: (...names) => {
      for (const name of names) {
        const found = values.get(name)?.[0]
        if (found !== undefined) return found
      }
      return ""
    }
  }
}
