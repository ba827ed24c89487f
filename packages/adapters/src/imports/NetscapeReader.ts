/**
 * Netscape bookmark HTML (what browsers, Linkding, Raindrop and Karakeep export), read with htmlparser2's
 * tokenizer and a small state machine that tolerates the format's mess: missing `<p>` and `</DT>`, lower-case tags,
 * unclosed `<A>` and `<DD>`, folders without a list, entities in titles. Folders become one tag (FolderTags.ts)
 * or lists, as the import chose;
 * a `DD` is the person's note, except Linkding's, whose description and `[linkding-notes]` are told apart.
 */
import type { ImportItem } from "@bookmark-library/domain"
import { Result } from "effect"
import { Parser } from "htmlparser2"
import * as Dates from "./Dates.js"
import { folderTag, isRootName } from "./FolderTags.js"
import { lineIndex } from "./Lines.js"

interface Link {
  readonly line: number
  readonly href: string | undefined
  readonly addDate: string | undefined
  readonly tags: string | undefined
  readonly folders: ReadonlyArray<string>
  title: string
  dd: string
}

/** Attributes of a root folder as browsers mark them (Firefox, Chrome, Edge). */
const rootMarks = ["personal_toolbar_folder", "unfiled_bookmarks_folder"]

const linkdingNotes = /\[linkding-notes\]([\s\S]*?)\[\/linkding-notes\]/

const toCandidate = (link: Link): ImportItem.Candidate => {
  const dd = link.dd.trim()
  const notes = linkdingNotes.exec(dd)
  const fileTags = (link.tags ?? "").split(",").map((t) => t.trim()).filter((t) => t !== "")
  return {
    kind: "link",
    url: (link.href ?? "").trim(),
    title: link.title.trim(),
    description: notes === null ? "" : dd.replace(linkdingNotes, "").trim(),
    note: notes === null ? dd : (notes[1] ?? "").trim(),
    tags: fileTags,
    // The import makes it a tag after the file's own, or lists (ImportItem.withFolders).
    ...(link.folders.length === 0 ? {} : { folder: { path: link.folders, tags: folderTag(link.folders) } }),
    createdAt: Dates.fromText(link.addDate)
  }
}

export const read = (text: string): ReadonlyArray<ImportItem.Row> => {
  const lineOf = lineIndex(text)
  const links: Array<Link> = []
  /** One entry per open `<DL>`: the folder it lists (null for a list with no heading, such as the root). */
  const folders: Array<string | null> = []
  let heading: { text: string; root: boolean } | undefined
  /** The heading just closed, waiting for its `<DL>`; "" for a browser's own top folder (it gives no tag). */
  let pendingFolder: string | undefined
  let open: Link | undefined
  let inDd: Link | undefined

  /** The open folders, outermost first ("" for a top folder that gives no tag). */
  const path = () => folders.filter((f): f is string => f !== null)
  const closeLink = () => {
    open = undefined
  }

  const parser = new Parser({
    onopentag(name, attribs) {
      if (name !== "br") inDd = undefined
      switch (name) {
        case "a": {
          closeLink()
          const link: Link = {
            line: lineOf(parser.startIndex),
            href: attribs["href"],
            addDate: attribs["add_date"],
            tags: attribs["tags"],
            folders: path(),
            title: "",
            dd: ""
          }
          links.push(link)
          open = link
          break
        }
        case "h3":
          closeLink()
          heading = { text: "", root: rootMarks.some((mark) => attribs[mark] !== undefined) }
          break
        case "dl":
          closeLink()
          folders.push(pendingFolder ?? null)
          pendingFolder = undefined
          break
        case "dd":
          inDd = links[links.length - 1]
          closeLink()
          break
        case "dt":
        case "hr":
          closeLink()
          break
      }
    },
    ontext(data) {
      if (open !== undefined) open.title += data
      else if (heading !== undefined) heading.text += data
      else if (inDd !== undefined) inDd.dd += data
    },
    onclosetag(name) {
      if (name === "a") closeLink()
      else if (name === "h3" && heading !== undefined) {
        const name = heading.text.trim()
        // The browser's own top folders are not the person's organisation: they give no tag.
        const root = heading.root || (path().length === 0 && isRootName(name))
        pendingFolder = root ? "" : name
        heading = undefined
      } else if (name === "dl") {
        folders.pop()
        inDd = undefined
      } else if (name === "dd") inDd = undefined
    }
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true })
  parser.write(text)
  parser.end()

  return links.map((link) => ({
    position: `line ${link.line}`,
    candidate: link.href === undefined
      ? Result.fail("link has no HREF")
      : Result.succeed(toCandidate({ ...link, folders: link.folders.filter((f) => f !== "") }))
  }))
}
