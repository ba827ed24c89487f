/**
 * The scope each endpoint of the JSON API needs (docs/oauth.md, "Scopes"), by method and path: reading bookmarks,
 * lists, highlights, tags, screenshots and a batch's progress is `bookmarks:read`; saving, changing a bookmark's lists
 * or generated tags, a batch (`POST /bookmarks/batch`) and any change to lists or highlights is `bookmarks:write`;
 * everything under `/webhooks` is `webhooks`, `/usage` is `usage`. A path of no
 * endpoint needs nothing here (the router answers it 404).
 */
import type { Scope } from "@bookmark-library/domain"
import { publicBase } from "../api/Paths.js"

export const of = (method: string, pathname: string): Scope.Scope | undefined => {
  if (!pathname.startsWith(`${publicBase}/`)) return undefined
  const first = pathname.slice(publicBase.length + 1).split("/")[0]
  switch (first) {
    case "bookmarks":
    case "lists":
    case "highlights":
      return method === "GET" || method === "HEAD" ? "bookmarks:read" : "bookmarks:write"
    case "tags":
    case "assets":
      return "bookmarks:read"
    case "webhooks":
      return "webhooks"
    case "usage":
      return "usage"
    default:
      return undefined
  }
}
