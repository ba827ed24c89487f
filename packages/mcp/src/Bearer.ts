/** The `Authorization: Bearer <key>` header: the key, "" when there is no header, none for another scheme. */
import { Option } from "effect"

const bearer = /^bearer(?:\s+(.*))?$/is

export const read = (header: string | undefined): Option.Option<string> => {
  if (header === undefined) return Option.some("")
  const match = bearer.exec(header.trim())
  return match === null ? Option.none() : Option.some((match[1] ?? "").trim())
}
