/** Flags every client command takes. */
import { Flag } from "effect/cli"

export const json = Flag.Boolean("json").pipe(
  Flag.withDescription("Print JSON instead of lines of text"),
  Flag.withDefault(false)
)

export const url = Flag.String("url").pipe(
  Flag.withDescription(
    "Server address, e.g. https://bookmarks.example.com (default: BOOKMARKS_URL, else http://HOST:PORT)"
  ),
  Flag.optional
)
