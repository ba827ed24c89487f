/**
 * Recognises bot-challenge and block pages (Cloudflare, DDoS-Guard, PerimeterX, Akamai, Imperva, DataDome,
 * Sucuri, Vercel) and a browser's own error pages: their title and text describe the wall or the failure, not the page.
 */

/** Titles only walls use. */
const wallTitle =
  /^(?:just a moment|attention required|checking your browser|please wait\b.*(?:redirect|verif|check)|ddos-guard|one more step|access denied|access to this page has been denied|pardon our interruption|are you a (?:robot|human)|human verification|security check|verifying you are human|vercel security checkpoint|sucuri website firewall|request rejected|bot verification|you have been blocked|ddos protection)/i

/**
 * Markup of challenge scripts and widgets: decisive unless the page has a real amount of text (an article about them).
 */
const strongMarkers = [
  "cf-browser-verification",
  "cf_chl_opt",
  "cf-challenge-running",
  "__cf_chl_",
  "checking your browser before accessing",
  "checking if the site connection is secure",
  "px-captcha",
  "_pxcaptcha",
  "captcha-delivery.com",
  "_incapsula_resource",
  "incapsula incident id"
]

/**
 * Markup a real page may carry too (Cloudflare injects its `challenge-platform` script into ordinary pages):
 * it counts only when the page has almost no text of its own.
 */
const weakMarkers = [
  "challenge-platform",
  "please enable javascript and cookies",
  "enable javascript and cookies to continue",
  "ddos-guard",
  "access denied",
  "you don't have permission to access",
  "verifying you are human"
]

/**
 * A browser's own error page (Chromium's "This site can't be reached" / "… is blocked", after a refused or failed
 * navigation) stands where the page would be: it describes the failure, not the page. Its markers sit after
 * large inline styles, so the whole document is searched.
 */
const browserErrorPage = /id="main-frame-error"|<body[^>]*class="neterror"/

export const detect = (
  input: { readonly html: string; readonly title: string; readonly textLength: number }
): boolean => {
  if (wallTitle.test(input.title.trim())) return true
  if (input.textLength < 2_000 && browserErrorPage.test(input.html)) return true
  // Walls are small; looking at the start of a large page is enough and keeps this cheap.
  const sample = input.html.slice(0, 200_000).toLowerCase()
  if (input.textLength < 5_000 && strongMarkers.some((marker) => sample.includes(marker))) return true
  return input.textLength < 1_000 && weakMarkers.some((marker) => sample.includes(marker))
}
