/** Product pages: Product JSON-LD beside the shop's Organization, prices, carts, specifications and reviews. */
import type { Page } from "../Page.js"
import { product, type Site } from "../Skins.js"

const northpeak: Site = { name: "Northpeak Outfitters", host: "northpeak.shop" }
const sonic: Site = { name: "Soundhaus", host: "www.soundhaus.example" }
const brew: Site = { name: "Bean & Burr", host: "beanandburr.coffee" }

export const pages: ReadonlyArray<Page> = [
  product(northpeak, {
    slug: "trailblazer-45l",
    title: "Trailblazer 45L Hiking Backpack",
    description:
      "A light 45-litre backpack for multi-day hikes, with an adjustable back system, a padded hip belt and a built-in rain cover.",
    sections: [{
      paragraphs: [
        "The Trailblazer 45L is built for multi-day hikes when every gram counts. Its adjustable back system fits torso lengths from 40 to 52 centimetres, and the padded hip belt carries most of the weight.",
        "A built-in rain cover tucks into the base, and side pockets hold a water bottle you can reach without taking the pack off.",
        "The fabric is recycled ripstop nylon with a water-repellent finish that contains no PFAS."
      ]
    }],
    topics: [
      "backpack",
      "hiking backpack",
      "trailblazer",
      "hiking",
      "hikes",
      "hip belt",
      "rain cover",
      "back system",
      "pack",
      "ripstop nylon",
      "pockets",
      "water bottle",
      "recycled"
    ]
  }, {
    titleTag: "Trailblazer 45L Hiking Backpack | Northpeak Outfitters",
    ogTitle: "Trailblazer 45L Hiking Backpack | Northpeak Outfitters",
    brand: "Northpeak",
    price: "$149.00",
    features: [
      "Adjustable back system for torso lengths 40–52 cm",
      "Padded hip belt with zip pockets",
      "Integrated rain cover",
      "Recycled ripstop nylon, PFAS-free"
    ],
    specs: [["Volume", "45 L"], ["Weight", "1.35 kg"], ["Material", "Recycled nylon 210D"]],
    reviews: [["Hannah", "Carried it across the Pyrenees for ten days. Comfortable all the way."], [
      "Marc",
      "Great pack, but the hip belt pockets are small."
    ]]
  }),

  product(sonic, {
    slug: "arc-wireless-headphones",
    title: "Arc Wireless Noise-Cancelling Headphones",
    description:
      "Over-ear Bluetooth headphones with adaptive noise cancelling, 40 hours of battery life and a fold-flat design.",
    sections: [{
      paragraphs: [
        "The Arc headphones combine adaptive noise cancelling with a warm, detailed sound. Six microphones measure the noise around you and adjust the cancelling many times a second.",
        "One charge lasts up to 40 hours with noise cancelling on, and ten minutes on the charger gives you five more hours of listening.",
        "The ear cushions use memory foam wrapped in soft protein leather, and the headphones fold flat into the included travel case."
      ]
    }],
    topics: [
      "headphones",
      "wireless headphones",
      "noise cancelling",
      "noise-cancelling",
      "bluetooth",
      "battery life",
      "sound",
      "microphones",
      "ear cushions",
      "memory foam",
      "charge",
      "travel case",
      "listening"
    ]
  }, {
    titleTag: "Arc Wireless Noise-Cancelling Headphones – Soundhaus",
    ogTitle: null,
    brand: "Soundhaus",
    price: "$279.00",
    features: [
      "Adaptive noise cancelling with six microphones",
      "Up to 40 hours of battery life",
      "Fast charging: 10 minutes for 5 hours",
      "Fold-flat design with travel case"
    ],
    specs: [["Driver", "40 mm"], ["Bluetooth", "5.3, multipoint"], ["Weight", "254 g"]],
    reviews: [["Dev", "The noise cancelling on a train is unreal."], [
      "Aiko",
      "Comfortable for a whole flight, the battery lasted all week."
    ]]
  }),

  product(brew, {
    slug: "conical-burr-grinder",
    title: "Precision Conical Burr Coffee Grinder",
    description:
      "A quiet electric grinder with 40 grind settings and steel conical burrs, from fine espresso to coarse French press.",
    sections: [{
      paragraphs: [
        "Freshly ground beans make the biggest difference to a cup of coffee, and this grinder gives you forty settings to get the grind exactly right.",
        "Hardened steel conical burrs turn slowly, so the beans do not heat up and the grind stays even from espresso to French press.",
        "A timer doses the same amount of coffee every morning, and the anti-static container keeps the grounds from clinging to the walls."
      ]
    }],
    topics: [
      "coffee grinder",
      "grinder",
      "burr grinder",
      "conical burrs",
      "burrs",
      "coffee",
      "grind settings",
      "grind",
      "beans",
      "espresso",
      "french press",
      "timer",
      "grounds"
    ]
  }, {
    titleTag: "Precision Conical Burr Coffee Grinder | Bean & Burr",
    brand: "Bean & Burr",
    price: "$189.00",
    features: [
      "40 grind settings from espresso to French press",
      "Hardened steel conical burrs",
      "Dosing timer",
      "Anti-static grounds container"
    ],
    specs: [["Burr size", "40 mm"], ["Hopper capacity", "250 g"], ["Power", "150 W"]],
    reviews: [["Luis", "Huge upgrade from my blade grinder."], [
      "Emma",
      "Quiet enough to use before everyone wakes up."
    ]]
  }),

  product(northpeak, {
    slug: "summit-down-jacket",
    title: "Summit Down Jacket",
    description:
      "A warm, packable down jacket filled with responsibly sourced 800-fill goose down, for cold mornings in the mountains.",
    sections: [{
      paragraphs: [
        "The Summit down jacket keeps you warm on cold mornings at camp and packs into its own pocket when the sun comes out.",
        "It is filled with 800-fill goose down certified to the Responsible Down Standard, and the baffles are stitched to stop the down from shifting.",
        "A water-resistant shell sheds light snow and drizzle, and the hood fits over a climbing helmet."
      ]
    }],
    topics: [
      "down jacket",
      "jacket",
      "goose down",
      "down",
      "summit",
      "warm",
      "packable",
      "baffles",
      "hood",
      "shell",
      "mountains",
      "camp",
      "responsible down standard"
    ]
  }, {
    titleTag: "Summit Down Jacket - Men's | Northpeak Outfitters",
    ogTitle: "Summit Down Jacket",
    brand: "Northpeak",
    price: "$229.00",
    features: [
      "800-fill responsibly sourced goose down",
      "Packs into its own chest pocket",
      "Helmet-compatible hood",
      "Water-resistant shell fabric"
    ],
    specs: [["Fill weight", "180 g"], ["Total weight", "410 g"], ["Fit", "Regular"]],
    reviews: [["Ola", "Warmest jacket I have owned, and it weighs nothing."]]
  }),

  product(sonic, {
    slug: "studio-monitor-speakers",
    title: "Studio 5 Active Monitor Speakers (Pair)",
    description:
      "Five-inch active studio monitors with a flat frequency response, balanced inputs and room correction switches.",
    sections: [{
      paragraphs: [
        "Studio 5 monitors give you an honest picture of your mix: a flat frequency response from 48 Hz to 22 kHz, so what you hear is what is on the recording.",
        "Each speaker has its own bi-amplified power stage, with separate amplifiers for the woofer and the tweeter.",
        "Room correction switches on the back tame the bass when the speakers stand close to a wall."
      ]
    }],
    topics: [
      "studio monitors",
      "monitor speakers",
      "speakers",
      "monitors",
      "frequency response",
      "mix",
      "woofer",
      "tweeter",
      "amplifiers",
      "room correction",
      "bass",
      "studio",
      "recording"
    ]
  }, {
    titleTag: "Studio 5 Active Monitor Speakers (Pair) | Soundhaus",
    brand: "Soundhaus",
    price: "$349.00",
    features: [
      "Flat response 48 Hz – 22 kHz",
      "Bi-amplified, 70 W per speaker",
      "Balanced XLR and TRS inputs",
      "Room correction switches"
    ],
    specs: [["Woofer", "5 inch"], ["Tweeter", "1 inch silk dome"], ["Inputs", "XLR, TRS, RCA"]],
    reviews: [["Producer_K", "My mixes finally translate to the car."]]
  })
]
