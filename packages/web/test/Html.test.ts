/** The template layer escapes every value; only markup made by `html` or `raw` stays markup. */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { escape, html, raw } from "../src/Html.js"

/**
 * Any text: code points from the whole range, lone surrogates included, with the characters markup gives a meaning
 * to drawn often enough to meet each other.
 */
const anyText = Arbitrary.schema(Schema.Array(Schema.Union([
  Schema.Literals(["<", ">", "\"", "'", "`", "&", "="]),
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 0x10ffff }))
]))).pipe(
  Arbitrary.map((units) => units.map((unit) => typeof unit === "string" ? unit : String.fromCodePoint(unit)).join(""))
)

describe("html templates", () => {
  it("escape text in content and attributes, keep Html, join lists, drop empty values", () => {
    const title = `<script>alert("x")</script> & 'quotes' \`tick\``
    const out = html`<a title="${title}">${title}</a>${[html`<b>${"<i>"}</b>`, " & "]}${null}${false}${undefined}${3}`
    expect(out.value).toBe(
      `<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &#96;tick&#96;">` +
        `&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &#96;tick&#96;</a><b>&lt;i&gt;</b> &amp; 3`
    )
    expect(html`${raw("<hr>")}`.value).toBe("<hr>")
  })

  it.prop("no interpolated string can open a tag or leave a quoted attribute", [anyText], ([text]) => {
    const escaped = escape(text)
    expect(escaped).not.toMatch(/[<>"'`]/)
    expect(html`<p title="${text}">${text}</p>`.value).toBe(`<p title="${escaped}">${escaped}</p>`)
  })
})
