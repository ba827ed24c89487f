/** Video pages: VideoObject JSON-LD, og:type video, player controls in the DOM, channel and comment furniture. */
import type { Page } from "../Page.js"
import { type Site, video } from "../Skins.js"

const tube: Site = { name: "YouTube", host: "www.youtube.com" }
const vimeo: Site = { name: "Vimeo", host: "vimeo.com" }
const talks: Site = { name: "Ideas Worth Sharing", host: "www.ideastalks.example" }

export const pages: ReadonlyArray<Page> = [
  video(tube, {
    slug: "glaciers-carve-valleys",
    title: "How Glaciers Carve Valleys",
    description:
      "Why do glacial valleys have a U shape while river valleys look like a V? A geologist explains how moving ice grinds rock.",
    sections: [{
      paragraphs: [
        "Why do glacial valleys have a U shape while river valleys look like a V? In this video a geologist explains how moving ice grinds and plucks the rock beneath it.",
        "We visit the Lauterbrunnen valley in Switzerland, one of the most famous U-shaped valleys in the world, and look at the scratches glaciers left on its walls.",
        "Chapters: the shape of valleys, how ice moves, plucking and abrasion, hanging valleys and waterfalls."
      ]
    }],
    gist: [0, 1],
    topics: [
      "glaciers",
      "glacial valleys",
      "valleys",
      "valley",
      "ice",
      "geologist",
      "u-shaped valleys",
      "river valleys",
      "rock",
      "lauterbrunnen",
      "hanging valleys",
      "waterfalls",
      "abrasion",
      "plucking",
      "switzerland"
    ]
  }, {
    titleTag: "How Glaciers Carve Valleys - YouTube",
    channel: "Earth Explained",
    duration: "12:04",
    views: "1,234,567"
  }),

  video(tube, {
    slug: "sharpen-kitchen-knife",
    title: "How to Sharpen a Kitchen Knife with a Whetstone",
    description:
      "A step-by-step guide to sharpening a chef's knife on a whetstone: angle, pressure, burr and polishing.",
    sections: [{
      paragraphs: [
        "In this step-by-step guide I show you how to sharpen a chef's knife on a whetstone, from finding the right angle to raising a burr and polishing the edge.",
        "Soak the whetstone for ten minutes, hold the blade at about fifteen degrees and use light, even pressure along the whole edge.",
        "You will know you are done when you can feel a small burr along the opposite side of the blade."
      ]
    }],
    topics: [
      "knife",
      "kitchen knife",
      "chef's knife",
      "sharpen",
      "sharpening",
      "whetstone",
      "blade",
      "edge",
      "burr",
      "angle",
      "polishing",
      "pressure"
    ]
  }, {
    titleTag: "How to Sharpen a Kitchen Knife with a Whetstone - YouTube",
    channel: "Knife Nerd",
    duration: "9:47",
    views: "3,402,118"
  }),

  video(vimeo, {
    slug: "north-sea-keepers",
    title: "The Keepers: a short film about the last lighthouse keepers",
    description:
      "A documentary short about the men who kept the lights burning on the North Sea rocks, and the day the last of them left.",
    sections: [{
      paragraphs: [
        "The Keepers is a documentary short about the men who kept the lights burning on the North Sea rocks, told through their own letters and logbooks.",
        "Filmed over two winters on the Longstone and Bell Rock lighthouses, the film follows the last three keepers back to the towers they left in 1990.",
        "Official selection at the Edinburgh Short Film Festival."
      ]
    }],
    gist: [0, 1],
    topics: [
      "lighthouse keepers",
      "keepers",
      "lighthouse",
      "lighthouses",
      "documentary",
      "short film",
      "film",
      "north sea",
      "longstone",
      "bell rock",
      "logbooks",
      "letters",
      "towers"
    ]
  }, {
    titleTag: "The Keepers: a short film about the last lighthouse keepers on Vimeo",
    channel: "Salt Films",
    duration: "18:30",
    views: "84,210"
  }),

  video(talks, {
    slug: "why-we-sleep-talk",
    title: "The surprising science of why we sleep",
    description:
      "A neuroscientist explains what happens in the brain during sleep, and why one bad night affects memory and mood.",
    sections: [{
      paragraphs: [
        "Sleep is not a waste of time. In this talk, a neuroscientist explains what happens in the brain during deep sleep and dreaming, and why memory depends on both.",
        "During deep sleep the brain replays what we learned during the day and moves it from short-term to long-term memory.",
        "Even a single short night reduces our ability to learn new facts by about forty percent, she argues, and it makes us more anxious the next day."
      ]
    }],
    topics: [
      "sleep",
      "deep sleep",
      "brain",
      "neuroscientist",
      "memory",
      "long-term memory",
      "dreaming",
      "science",
      "talk",
      "learning",
      "mood",
      "anxious"
    ]
  }, {
    titleTag: "The surprising science of why we sleep | Ideas Worth Sharing",
    channel: "Ideas Worth Sharing",
    duration: "16:12",
    views: "5,901,447"
  }),

  video(tube, {
    slug: "repair-bike-puncture",
    title: "Fix a Bike Puncture in 5 Minutes",
    description: "Everything you need to repair a flat tyre at the roadside: tyre levers, a patch kit and a pump.",
    sections: [{
      paragraphs: [
        "Everything you need to repair a flat tyre at the roadside: two tyre levers, a patch kit and a pump.",
        "Find the hole by pumping a little air into the inner tube and listening, then roughen the rubber, apply the glue and wait until it turns tacky before pressing on the patch.",
        "Always run your fingers around the inside of the tyre to find the thorn or glass that caused the puncture, or it will happen again."
      ]
    }],
    topics: [
      "bike puncture",
      "puncture",
      "flat tyre",
      "tyre",
      "inner tube",
      "patch kit",
      "patch",
      "tyre levers",
      "pump",
      "glue",
      "bike",
      "repair",
      "roadside"
    ]
  }, {
    titleTag: "Fix a Bike Puncture in 5 Minutes - YouTube",
    channel: "Ride Ready",
    duration: "5:31",
    views: "988,004"
  })
]
