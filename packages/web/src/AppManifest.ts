/**
 * The web app manifest (docs/lists.md, "Installable app"): installable from Chromium, with a share target that opens
 * the save form filled in (`/share`, pages/SharePage.ts).
 */
export interface IconFiles {
  readonly svg: string
  readonly png192: string
  readonly png512: string
  readonly maskable512: string
}

export const manifest = (icons: IconFiles) =>
  JSON.stringify({
    id: "/",
    name: "Bookmarks",
    short_name: "Bookmarks",
    description: "Your bookmark library: save pages, search them, read later.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#fbfaf8",
    theme_color: "#2f5fd0",
    icons: [
      { src: icons.svg, sizes: "any", type: "image/svg+xml" },
      { src: icons.png192, sizes: "192x192", type: "image/png" },
      { src: icons.png512, sizes: "512x512", type: "image/png" },
      { src: icons.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" }
    ],
    share_target: {
      action: "/share",
      method: "GET",
      enctype: "application/x-www-form-urlencoded",
      params: { title: "title", text: "text", url: "url" }
    }
  })
