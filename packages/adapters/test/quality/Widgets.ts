/**
 * The furniture real pages carry around their content, as sites write it: consent banners, newsletter and
 * subscription prompts, video player controls, share bars, related links, comments, bylines. None of it may
 * reach a summary; some of it hides behind class names that say nothing.
 */
import { escape } from "./Markup.js"

export const cookieBanner = `<div id="cookie-consent" class="cookie-banner" role="dialog" aria-label="Cookie consent">
<p>We use cookies and similar technologies to give you a better experience, to analyse traffic and to show you personalised advertising. By clicking "Accept all" you agree to our use of cookies.</p>
<button>Accept all</button><button>Manage preferences</button></div>`

/** A consent platform's dialog: its class names give nothing away. */
export const consentDialog = `<div class="qc-cmp2-container" id="qc-cmp2-container"><div class="qc-cmp2-summary-info">
<h2>We value your privacy</h2>
<p>We and our partners store and access information on a device, such as unique identifiers in cookies, to process personal data. You may accept or manage your choices at any time by clicking below.</p>
<p>Your choices will be signalled to our partners and will not affect browsing data.</p>
</div><div class="qc-cmp2-footer"><button>More options</button><button>Agree</button></div></div>`

export const newsletter = (brief: string) =>
  `<div class="newsletter-signup">
<h3>${escape(brief)}</h3>
<p>Get the day's most important stories delivered to your inbox every weekday morning. It's free, and you can unsubscribe at any time.</p>
<form><input type="email" placeholder="Your email address"><button>Sign up</button></form></div>`

/** A metered paywall's prompt, in a container named by its vendor. */
export const paywall = `<div class="tp-container-inner"><div class="offer-card">
<p>You have read 3 of your 5 free articles this month. Subscribe today for unlimited access to award-winning journalism from just £1 a week.</p>
<a class="btn" href="/subscribe">Subscribe now</a> <a href="/login">Already a subscriber? Log in</a></div></div>`

/** video.js control bar text, as it sits in the DOM of an embedded player. */
export const videoPlayer = (duration: string) =>
  `<div class="video-embed"><div class="video-js vjs-default-skin" data-player="1">
<div class="vjs-poster"></div><div class="vjs-text-track-display"></div>
<div class="vjs-control-bar"><span class="vjs-control-text">Play Video</span>
<div class="vjs-current-time vjs-time-control"><span class="vjs-control-text">Current Time </span>0:00</div>
<div class="vjs-time-divider"><span>/</span></div>
<div class="vjs-duration vjs-time-control"><span class="vjs-control-text">Duration </span>${duration}</div>
<div class="vjs-progress-control"><span class="vjs-control-text">Loaded: 0%</span><span>Progress: 0%</span></div>
<div class="vjs-remaining-time"><span class="vjs-control-text">Remaining Time </span>-${duration}</div>
<span class="vjs-control-text">Playback Rate</span> 1x <span class="vjs-control-text">Chapters</span>
<span class="vjs-control-text">Captions off, selected</span> <span>Fullscreen</span></div>
<div class="vjs-modal-dialog"><p class="vjs-modal-dialog-description">This is a modal window.</p>
<p>Beginning of dialog window. Escape will cancel and close the window.</p></div></div></div>`

export const shareBar =
  `<div class="share-bar"><span>Share this story</span> <a href="#">Facebook</a> <a href="#">X</a> <a href="#">LinkedIn</a> <a href="#">Email</a> <a href="#">Copy link</a></div>`

export const related = (heading: string, headlines: ReadonlyArray<string>) =>
  `<aside class="related-stories"><h2>${escape(heading)}</h2><ul>
${headlines.map((h, i) => `<li><a href="/story/${i}">${escape(h)}</a></li>`).join("\n")}</ul></aside>`

/** Reader comments: sentences of their own, about the page but not of it. */
export const comments = (items: ReadonlyArray<readonly [string, string]>) =>
  `<section id="comments" class="comments-area">
<h2>${items.length} comments</h2>
${
    items.map(([who, text]) =>
      `<div class="comment"><div class="comment-author">${escape(who)}</div><p>${
        escape(text)
      }</p><a class="reply">Reply</a></div>`
    ).join("\n")
  }
<form class="comment-form"><p>Leave a reply. Your email address will not be published.</p><textarea></textarea><button>Post comment</button></form></section>`

export const byline = (author: string, date: string, minutes: number) =>
  `<div class="byline">By <a rel="author" href="/authors/${encodeURIComponent(author)}">${
    escape(author)
  }</a> · <time datetime="2026-03-14">${escape(date)}</time> · ${minutes} min read</div>`

export const siteNav = (items: ReadonlyArray<string>) =>
  `<nav class="main-nav" aria-label="Main"><ul>${
    items.map((i) => `<li><a href="/${encodeURIComponent(i.toLowerCase())}">${escape(i)}</a></li>`).join("")
  }</ul></nav>`

/** A nav written as plain divs, as some sites do: only its links and shortness tell. */
export const divMenu = (items: ReadonlyArray<string>) =>
  `<div class="top-links">${
    items.map((i) => `<div class="item"><a href="/${encodeURIComponent(i.toLowerCase())}">${escape(i)}</a></div>`).join(
      ""
    )
  }</div>`

export const footer = (site: string) =>
  `<footer class="site-footer"><p>© 2026 ${escape(site)}. All rights reserved.</p>
<a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a> <a href="/cookies">Cookie settings</a> <a href="/contact">Contact us</a></footer>`

export const advert = `<div class="ad-slot" data-ad="mpu"><span class="ad-label">Advertisement</span></div>`
