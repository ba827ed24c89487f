/** The account web app: server-rendered pages over the domain's use cases, mounted beside the JSON API. */
export * as Html from "./Html.js"
export * as OAuthMount from "./oauth/OAuthMount.js"
export * as Security from "./Security.js"
export * as SessionCookie from "./SessionCookie.js"
export * as WebApp from "./WebApp.js"
