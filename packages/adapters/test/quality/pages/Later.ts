/**
 * Development pages written after the first title, description, summary and tag rules were settled, and run once
 * without changing them then (they were that suite's check on itself; the held-out set of real pages is now that).
 */
import type { Page } from "../Page.js"
import { blog, docs, news, product, type Site, wiki } from "../Skins.js"

const observer: Site = { name: "The Valley Observer", host: "valleyobserver.example", sep: " – " }
const kernel: Site = { name: "Kernel Notes", host: "kernelnotes.example", sep: " :: " }
const mozdocs: Site = { name: "Deno Docs", host: "docs.deno.example" }
const pedal: Site = { name: "Pedal Supply Co.", host: "pedalsupply.example" }

export const pages: ReadonlyArray<Page> = [
  news(observer, {
    slug: "river-otters-return",
    title: "River otters return to the Wye after forty years",
    description:
      "Camera traps have recorded breeding otters along a stretch of the river where they vanished in the 1980s.",
    sections: [
      {
        paragraphs: [
          "Otters are breeding again on the upper River Wye for the first time in forty years, according to wildlife volunteers who have filmed a female with two cubs near Builth Wells.",
          "The animals disappeared from the river in the 1980s, when pesticides washed off farmland poisoned the fish they eat and the otters that ate them.",
          "Cleaner water and new riverbank woodland have allowed the fish, and now the otters, to come back."
        ]
      },
      {
        heading: "Farmers and anglers",
        paragraphs: [
          "Some anglers worry that the otters will take too many salmon, but ecologists say a healthy otter population is a sign of a healthy river.",
          "The wildlife trust is asking walkers to report sightings and to keep dogs on leads near the holts."
        ]
      }
    ],
    topics: [
      "otters",
      "otter",
      "river wye",
      "wye",
      "river",
      "cubs",
      "wildlife",
      "volunteers",
      "camera traps",
      "pesticides",
      "fish",
      "salmon",
      "anglers",
      "ecologists",
      "builth wells",
      "holts",
      "breeding"
    ]
  }, {
    section: "Nature",
    author: "Gwen Price",
    titleTag: "River otters return to the Wye after forty years – The Valley Observer",
    widgets: ["cookie", "ads", "related"]
  }),

  blog(kernel, {
    slug: "why-fsync-is-slow",
    title: "Why fsync is slow, and when you can skip it",
    sections: [
      {
        paragraphs: [
          "Every database eventually calls fsync, and every benchmark eventually discovers that fsync is the slowest thing it does. The call asks the kernel to push a file's dirty pages all the way to stable storage before it returns.",
          "On a laptop SSD an fsync can take a few milliseconds; on a busy network disk it can take a hundred. That is why write-ahead logs batch many commits into one fsync.",
          "Skipping fsync is safe only when you can lose the last few seconds of writes, for example in a cache that can be rebuilt."
        ]
      },
      {
        heading: "fdatasync and friends",
        paragraphs: [
          "The fdatasync call skips the file's metadata when only its contents changed, which saves one extra write on most file systems."
        ]
      }
    ],
    topics: [
      "fsync",
      "fdatasync",
      "kernel",
      "database",
      "databases",
      "storage",
      "stable storage",
      "write-ahead logs",
      "commits",
      "writes",
      "ssd",
      "dirty pages",
      "file systems",
      "cache",
      "benchmark"
    ]
  }, {
    author: "Tomás Herrera",
    metaDescription: null,
    ogDescription: null,
    titleTag: "Why fsync is slow, and when you can skip it :: Kernel Notes",
    schemaType: null
  }),

  docs(mozdocs, {
    slug: "deno-permissions",
    title: "Security and permissions",
    description: "Deno is secure by default: a program has no file, network or environment access unless you grant it.",
    sections: [
      {
        paragraphs: [
          "Deno is secure by default. Unless you specifically enable it, a program run with Deno has no access to sensitive APIs, such as file system access, network connectivity, or environment access.",
          "You must explicitly grant access to these resources with command line flags or with a runtime permission prompt.",
          "This is a major difference from Node, where dependencies are automatically granted full access to all system I/O."
        ],
        code: "deno run --allow-read=./data --allow-net=api.example.com main.ts"
      },
      {
        heading: "Permission flags",
        paragraphs: [
          "Each flag can be scoped: the read permission can be limited to one directory, and the network permission to a list of hosts."
        ]
      }
    ],
    topics: [
      "deno",
      "permissions",
      "permission",
      "security",
      "secure by default",
      "file system",
      "network",
      "environment",
      "flags",
      "command line flags",
      "runtime permission prompt",
      "node",
      "access",
      "dependencies"
    ]
  }, {
    style: "mdn",
    titleTag: "Security and permissions | Deno Docs",
    ogTitle: "Security and permissions",
    sidebar: ["Getting started", "Fundamentals", "Security and permissions", "Modules", "Testing"],
    path: "/runtime/fundamentals/security/"
  }),

  product(pedal, {
    slug: "gravel-tyre-40mm",
    title: "Ridgeline Gravel Tyre 700×40c",
    description:
      "A fast-rolling tubeless-ready gravel tyre with a puncture-resistant casing and a file tread for mixed surfaces.",
    sections: [{
      paragraphs: [
        "The Ridgeline rolls fast on tarmac and grips on loose gravel, thanks to a low file tread in the centre and firmer side knobs.",
        "Its tubeless-ready casing has a puncture-resistant layer under the tread, so sharp flints and thorns rarely get through.",
        "At 40 millimetres wide it fits most gravel frames and gives a comfortable ride at low pressure."
      ]
    }],
    topics: [
      "gravel tyre",
      "tyre",
      "gravel",
      "ridgeline",
      "tubeless-ready",
      "tubeless",
      "tread",
      "casing",
      "puncture-resistant",
      "side knobs",
      "pressure",
      "frames",
      "file tread",
      "ride"
    ]
  }, {
    titleTag: "Ridgeline Gravel Tyre 700×40c – Pedal Supply Co.",
    ogTitle: null,
    brand: "Ridgeline",
    price: "$54.00",
    features: ["Tubeless-ready", "Puncture-resistant layer", "Fast file tread, firm side knobs"],
    specs: [["Size", "700×40c"], ["Weight", "445 g"], ["TPI", "120"]],
    reviews: [["Nadia", "Ran them through a wet winter without a single flat."]]
  }),

  wiki({
    slug: "tardigrade",
    title: "Tardigrade",
    sections: [
      {
        paragraphs: [
          "Tardigrades, known colloquially as water bears or moss piglets, are a phylum of eight-legged segmented micro-animals.{1} They were first described by the German zoologist Johann August Ephraim Goeze in 1773.",
          "Tardigrades are among the most resilient animals known: individual species can survive extreme temperatures, extreme pressures, air deprivation, radiation and dehydration.",
          "They survive drying out by entering a state called cryptobiosis, in which their metabolism slows to less than 0.01% of normal."
        ]
      },
      {
        heading: "Habitat",
        paragraphs: [
          "Tardigrades live in mosses and lichens, in leaf litter and soil, and in fresh and salt water, from mountain tops to the deep sea."
        ]
      }
    ],
    topics: [
      "tardigrades",
      "tardigrade",
      "water bears",
      "moss piglets",
      "micro-animals",
      "phylum",
      "cryptobiosis",
      "metabolism",
      "dehydration",
      "radiation",
      "mosses",
      "lichens",
      "animals",
      "resilient",
      "johann august ephraim goeze"
    ]
  }, { shortDescription: "Phylum of water-dwelling micro-animals", og: false })
]
