/** The development set: pages written for the quality suite in each kind of site's habits; rules are tuned on these. */
import type { Page } from "./Page.js"
import * as Blogs from "./pages/Blogs.js"
import * as Classes from "./pages/Classes.js"
import * as Docs from "./pages/Docs.js"
import * as Foreign from "./pages/Foreign.js"
import * as Forums from "./pages/Forums.js"
import * as Later from "./pages/Later.js"
import * as News from "./pages/News.js"
import * as Products from "./pages/Products.js"
import * as Recipes from "./pages/Recipes.js"
import * as Scripted from "./pages/Scripted.js"
import * as Videos from "./pages/Videos.js"
import * as Wiki from "./pages/Wiki.js"

export const pages: ReadonlyArray<Page> = [
  ...News.pages,
  ...Blogs.pages,
  ...Wiki.pages,
  ...Docs.pages,
  ...Forums.pages,
  ...Recipes.pages,
  ...Products.pages,
  ...Videos.pages,
  ...Foreign.pages,
  ...Scripted.pages,
  ...Later.pages,
  ...Classes.pages
]
