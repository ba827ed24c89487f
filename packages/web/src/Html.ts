/**
 * The template layer: `html` tagged templates escape every interpolated value unless it is already `Html`
 * (made by `html` itself or, for trusted constant markup only, by `raw`). User content can never become markup.
 */

export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

/** Values a template accepts: text (escaped), numbers, Html (kept), lists of those (joined), nothing. */
export type Part = Html | string | number | null | undefined | false | ReadonlyArray<Part>

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\"": "&quot;",
  "'": "&#39;",
  "`": "&#96;"
}

/** Text escaped for element content and quoted attribute values alike. */
export const escape = (text: string): string => text.replace(/[&<>"'`]/g, (c) => entities[c] ?? c)

const render = (part: Part): string => {
  if (part instanceof Html) return part.value
  if (part === null || part === undefined || part === false) return ""
  if (typeof part === "number") return String(part)
  if (typeof part === "string") return escape(part)
  return part.map(render).join("")
}

export const html = (strings: TemplateStringsArray, ...parts: ReadonlyArray<Part>): Html => {
  let out = strings[0] ?? ""
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + (strings[i + 1] ?? "")
  return new Html(out)
}

/** Markup written by us, never anything derived from input. */
export const raw = (markup: string): Html => new Html(markup)

/** `name` when `on`, for boolean attributes such as `checked` or `selected`. */
export const flag = (on: boolean, name: string): Html => (on ? raw(` ${name}`) : raw(""))
