/**
 * Linkwarden's JSON backup: `{collections: [{id, name, parentId, links: [{name, url, description, createdAt,
 * tags: [{name}]}]}]}`. A link's collection becomes one tag, the collection path (sub-collections under their
 * parents) as for browser folders; its own tags are kept. Uploaded files (no URL) are reported, not imported.
 */
import type { ImportItem } from "@bookmark-library/domain"
import { Result, Schema } from "effect"
import * as Dates from "./Dates.js"
import { folderTag } from "./FolderTags.js"
import { row } from "./JsonRows.js"

const Collection = Schema.Struct({
  id: Schema.optional(Schema.Union([Schema.Number, Schema.String])),
  name: Schema.optional(Schema.NullOr(Schema.String)),
  parentId: Schema.optional(Schema.NullOr(Schema.Union([Schema.Number, Schema.String]))),
  links: Schema.optional(Schema.NullOr(Schema.Array(Schema.Unknown)))
})

const Link = Schema.Struct({
  name: Schema.optional(Schema.NullOr(Schema.String)),
  url: Schema.optional(Schema.NullOr(Schema.String)),
  description: Schema.optional(Schema.NullOr(Schema.String)),
  textContent: Schema.optional(Schema.Unknown),
  createdAt: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  tags: Schema.optional(Schema.NullOr(Schema.Array(Schema.Struct({ name: Schema.String }))))
})

export const Export = Schema.Struct({ collections: Schema.Array(Schema.Unknown) })

const decodeCollection = Schema.decodeUnknownResult(Collection, { onExcessProperty: "ignore" })

/** Each collection's path of names, outermost first, following `parentId` (cycles cut). */
const paths = (collections: ReadonlyArray<typeof Collection.Type>) => {
  const byId = new Map(collections.flatMap((c) => (c.id === undefined ? [] : [[String(c.id), c] as const])))
  return (collection: typeof Collection.Type): ReadonlyArray<string> => {
    const names: Array<string> = []
    const seen = new Set<string>()
    for (let c: typeof Collection.Type | undefined = collection; c !== undefined;) {
      names.unshift(c.name ?? "")
      const parent: string | undefined = c.parentId === null || c.parentId === undefined
        ? undefined
        : String(c.parentId)
      if (parent === undefined || seen.has(parent)) break
      seen.add(parent)
      c = byId.get(parent)
    }
    return names
  }
}

export const read = (file: typeof Export.Type): ReadonlyArray<ImportItem.Row> => {
  const collections = file.collections.map((c) => Result.getOrUndefined(decodeCollection(c)))
  const pathOf = paths(collections.filter((c): c is typeof Collection.Type => c !== undefined))
  return collections.flatMap((collection, i): ReadonlyArray<ImportItem.Row> => {
    if (collection === undefined) {
      return [{ position: `collections[${i}]`, candidate: Result.fail("collection is not an object with links") }]
    }
    const tag = folderTag(pathOf(collection))
    const toRow = row(Link, (link): Result.Result<ImportItem.Candidate, string> =>
      (link.url ?? "") === ""
        ? Result.fail("a link without a URL (an uploaded file) cannot be imported")
        : Result.succeed({
          kind: "link",
          url: link.url ?? "",
          title: link.name ?? "",
          description: link.description ?? "",
          note: "",
          tags: [...(link.tags ?? []).map((t) => t.name), ...tag],
          createdAt: Dates.fromJson(link.createdAt)
        }))
    return (collection.links ?? []).map((link, j) => toRow(`collections[${i}].links[${j}]`, link))
  })
}
