/** TitlePick: the title a reader would name the page by, among what it declares and shows. */
import { describe, expect, it } from "@effect/vitest"
import { pick, type TitleSources } from "../../src/extract/TitlePick.js"

const none: TitleSources = {
  dublinCore: "",
  og: "",
  twitter: "",
  declared: "",
  jsonLd: [],
  titleTag: "",
  h1: "",
  readability: "",
  siteNames: [],
  host: "example.com"
}
const title = (sources: Partial<TitleSources>) => pick({ ...none, ...sources })

describe("TitlePick", () => {
  it("an encyclopaedia article: JSON-LD headline is a short description, the name agrees with <title> and h1", () => {
    expect(title({
      jsonLd: ["Island country in the Pacific Ocean", "New Zealand"],
      titleTag: "New Zealand - Wikipedia",
      og: "New Zealand - Wikipedia",
      h1: "New Zealand",
      host: "en.wikipedia.org"
    })).toBe("New Zealand")
    expect(title({
      jsonLd: ["Matrix equal to its conjugate-transpose", "Hermitian matrix"],
      titleTag: "Hermitian matrix - Wikipedia",
      h1: "Hermitian matrix",
      host: "en.wikipedia.org"
    })).toBe("Hermitian matrix")
  })

  it("site names come off either end, only when they are one", () => {
    expect(title({ titleTag: "Storm surge closes ferry terminal | Harbour Times", host: "www.harbourtimes.co.uk" }))
      .toBe("Storm surge closes ferry terminal")
    expect(title({ titleTag: "Git - git-rebase Documentation", siteNames: ["Git"] })).toBe("git-rebase Documentation")
    expect(title({ og: "Why we moved back to a monolith | by Priya Natarajan | Medium", siteNames: ["Medium"] }))
      .toBe("Why we moved back to a monolith")
    // Separators inside a title that are not a site name stay.
    expect(title({ titleTag: "Café crème – “naïve” résumé", host: "cafe.example" })).toBe("Café crème – “naïve” résumé")
    expect(title({ titleTag: "Star Wars: A New Hope", host: "films.example" })).toBe("Star Wars: A New Hope")
    expect(title({ titleTag: "Two-year-old bug exposes routers", host: "circuit.example" })).toBe(
      "Two-year-old bug exposes routers"
    )
  })

  it("the main heading agrees with a title once its site and section are cut off", () => {
    expect(
      title({
        og: "Array.prototype.map() - JavaScript | MDN",
        titleTag: "Array.prototype.map() - JavaScript | MDN",
        h1: "Array.prototype.map()"
      })
    )
      .toBe("Array.prototype.map()")
    expect(title({ og: "r/Sourdough on Reddit: My starter stopped rising", h1: "My starter stopped rising" }))
      .toBe("My starter stopped rising")
    expect(title({ titleTag: "PostgreSQL: Documentation: 17: CREATE INDEX", h1: "CREATE INDEX" })).toBe("CREATE INDEX")
  })

  it("a title that is only the site's name (og:title on every page) loses to what names the page", () => {
    expect(title({
      og: "Northern Post",
      siteNames: ["Northern Post"],
      jsonLd: ["Town library reopens three years after fire"],
      titleTag: "Town library reopens three years after fire | Northern Post",
      h1: "Town library reopens three years after fire"
    })).toBe("Town library reopens three years after fire")
    // A home page may be titled by its name alone.
    expect(title({ og: "Northern Post", titleTag: "Northern Post", siteNames: ["Northern Post"] })).toBe(
      "Northern Post"
    )
  })

  it("a declared title wins over a different <title> or h1 when nothing agrees with those", () => {
    expect(
      title({
        og: "Central bank holds rates as inflation cools",
        titleTag: "Rates on hold | Ledger",
        h1: "Rates on hold today"
      })
    )
      .toBe("Central bank holds rates as inflation cools")
  })
})
