/** Options every client command takes. */
import { Options } from "@effect/cli"

export const json = Options.boolean("json").pipe(Options.withDescription("Print JSON instead of lines of text"))

export const url = Options.text("url").pipe(
  Options.withDescription("Server address, e.g. https://bookmarks.example.com (default: BOOKMARKS_URL, else http://HOST:PORT)"),
  Options.optional
)
