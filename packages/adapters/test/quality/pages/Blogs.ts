/** Blog posts: personal sites, hosted platforms with " | by Author | Platform" titles, posts without metadata. */
import type { Page } from "../Page.js"
import { blog, type Site } from "../Skins.js"

const garden: Site = { name: "Notes from the Allotment", host: "allotmentnotes.blog" }
const medium: Site = { name: "Medium", host: "medium.com", sep: " | " }
const jvns: Site = { name: "Julia's Workshop", host: "workshop.example.dev", sep: " - " }
const substack: Site = { name: "The Slow Traveller", host: "slowtraveller.substack.com", sep: " - " }
const dev: Site = { name: "DEV Community", host: "dev.to", sep: " - " }
const photo: Site = { name: "Light & Grain", host: "lightandgrain.photo", sep: " — " }
const runner: Site = { name: "Miles Ahead", host: "milesahead.run", sep: " | " }

export const pages: ReadonlyArray<Page> = [
  blog(garden, {
    slug: "saving-tomato-seeds",
    title: "Saving tomato seeds from this year's harvest",
    description: "How I ferment, dry and store tomato seeds so next year's plants come true to type.",
    sections: [
      {
        paragraphs: [
          "Every autumn I save seeds from the best tomatoes on the allotment, and every spring I am glad I did. Heirloom varieties come true from seed, so the plants next year will taste just like this year's.",
          "The trick is fermentation. Scoop the seeds and their jelly into a jar, add a little water and leave it on the windowsill for three days, until a layer of mould forms on top.",
          "The mould breaks down the gel coat that stops seeds from sprouting inside the fruit, and it kills some of the diseases that tomatoes pass on through their seeds."
        ]
      },
      {
        heading: "Drying and storing",
        paragraphs: [
          "Rinse the seeds in a sieve, spread them on a plate and let them dry for a week. Paper towels are a mistake: the seeds stick to them for good.",
          "I keep mine in paper envelopes in a biscuit tin in the shed, labelled with the variety and the year. Stored cool and dry, tomato seeds stay viable for four or five years."
        ]
      }
    ],
    topics: [
      "tomato seeds",
      "tomato",
      "tomatoes",
      "seeds",
      "seed",
      "fermentation",
      "allotment",
      "heirloom varieties",
      "mould",
      "harvest",
      "plants",
      "storing",
      "drying",
      "gel coat",
      "varieties"
    ]
  }, { author: "Ruth Evans", comments: true, schemaType: null }),

  blog(medium, {
    slug: "why-we-moved-off-microservices",
    title: "Why we moved back from microservices to a monolith",
    description:
      "After three years and forty services, our team merged everything back into one deployable application. Here is what we learned.",
    sections: [
      {
        paragraphs: [
          "Three years ago our team of twelve engineers split a Rails monolith into forty microservices. Last month we finished merging them back into a single application, and our deploys have never been calmer.",
          "Microservices promised independent teams and independent deployments. In practice, almost every feature touched four or five services, and every change needed a coordinated release.",
          "The hardest part was not the code but the data: each service owned its own database, and keeping them consistent took more of our time than building features."
        ]
      },
      {
        heading: "What we would do differently",
        paragraphs: [
          "We would start with a modular monolith and clear boundaries inside one codebase. Splitting out a service is easy later, when a real need for independent scaling appears.",
          "We would also measure the cost of the network between services before adding more of them. Every call that used to be a function call became a possible timeout."
        ]
      }
    ],
    topics: [
      "microservices",
      "monolith",
      "modular monolith",
      "services",
      "service",
      "engineers",
      "deploys",
      "deployments",
      "database",
      "rails",
      "codebase",
      "team",
      "network",
      "scaling"
    ]
  }, {
    author: "Priya Natarajan",
    titleTag: "Why we moved back from microservices to a monolith | by Priya Natarajan | Medium",
    ogTitle: "Why we moved back from microservices to a monolith",
    newsletter: false,
    schemaType: "NewsArticle"
  }),

  blog(jvns, {
    slug: "how-dns-caching-works",
    title: "How DNS caching works (and why your change takes an hour)",
    sections: [
      {
        paragraphs: [
          "Last week I changed the IP address of a domain and then spent an hour wondering why half my friends still saw the old site. The answer, as usual, was DNS caching.",
          "Every DNS record has a TTL, a time to live, measured in seconds. A resolver that looks up your record is allowed to keep the answer for that long before it asks again.",
          "So if your record had a TTL of 3600, some resolvers will keep handing out the old address for up to an hour, and there is nothing you can do about it once it is cached."
        ]
      },
      {
        heading: "Negative caching is a thing too",
        paragraphs: [
          "Resolvers also cache the fact that a name does not exist. If someone looked up your new subdomain before you created it, they may keep getting an error until the negative TTL runs out.",
          "My new habit is to lower the TTL a day before any change, make the change, and raise it again afterwards."
        ]
      }
    ],
    topics: [
      "dns",
      "dns caching",
      "caching",
      "ttl",
      "resolver",
      "resolvers",
      "record",
      "domain",
      "ip address",
      "negative caching",
      "subdomain",
      "time to live"
    ]
  }, { author: "Julia", metaDescription: null, ogDescription: null, schemaType: null, comments: false }),

  blog(substack, {
    slug: "night-train-to-lisbon",
    title: "The night train to Lisbon",
    description:
      "Fourteen hours, two borders and one very small couchette: notes from the sleeper between Hendaye and Lisbon.",
    sections: [
      {
        paragraphs: [
          "I boarded the sleeper at Hendaye just after seven in the evening, with a bag of oranges and a paperback I never opened. By the time we crossed into Spain, the corridor smelled of coffee and someone was playing a guitar two carriages down.",
          "The couchette was narrower than a bookshelf, and I shared it with a retired teacher from Porto who told me the history of every station we passed.",
          "Somewhere after Salamanca I fell asleep, and I woke to olive groves and a pale sky over the Tagus valley."
        ]
      },
      {
        heading: "Why I keep taking slow trains",
        paragraphs: [
          "Flying would have taken two hours. But the train gave me a night of conversations, a sunrise over the Portuguese border and the feeling of actually having travelled the distance.",
          "Sleeper trains are coming back across Europe, and I hope more people give them a chance before the routes disappear again."
        ]
      }
    ],
    topics: [
      "night train",
      "train",
      "trains",
      "sleeper",
      "sleeper trains",
      "lisbon",
      "hendaye",
      "couchette",
      "spain",
      "porto",
      "salamanca",
      "tagus valley",
      "slow trains",
      "europe",
      "travel"
    ]
  }, { author: "Clara Moss", newsletter: true, comments: true }),

  blog(dev, {
    slug: "css-container-queries",
    title: "CSS container queries finally made my card component simple",
    description:
      "Container queries let a component respond to the size of its container instead of the viewport. A practical walkthrough.",
    sections: [
      {
        paragraphs: [
          "For years my card component needed three versions: one for the sidebar, one for the grid and one for the full-width list. Container queries finally let me write it once.",
          "A media query asks how wide the viewport is. A container query asks how wide the element's container is, which is what a reusable component actually cares about.",
          "You mark the parent with container-type: inline-size, and then write @container rules that change the card's layout when the container crosses a width."
        ]
      },
      {
        heading: "Browser support",
        paragraphs: [
          "Container queries are supported in every current browser, so there is no reason to wait. I removed about two hundred lines of CSS from our design system after switching."
        ]
      }
    ],
    topics: [
      "css",
      "container queries",
      "container query",
      "card component",
      "component",
      "container",
      "media query",
      "viewport",
      "layout",
      "design system",
      "browser support",
      "sidebar",
      "grid"
    ]
  }, {
    author: "Marco Bianchi",
    titleTag: "CSS container queries finally made my card component simple - DEV Community",
    comments: true
  }),

  blog(photo, {
    slug: "shooting-film-in-winter",
    title: "Shooting film in the cold: what I learned in Lapland",
    description:
      "Batteries die, film snaps and lenses fog. A week of photographing the Arctic winter on a forty-year-old camera.",
    sections: [
      {
        paragraphs: [
          "I spent a week in Finnish Lapland with a mechanical film camera and twenty rolls of black-and-white film. The temperature rarely rose above minus twenty degrees.",
          "The first lesson came on day one: film becomes brittle in extreme cold, and if you advance it too quickly it can snap inside the camera. I learned to wind slowly, with gloves off for as little time as possible.",
          "Mechanical cameras are the right choice for the Arctic because they need no battery for the shutter. My light meter's battery died on the second morning, so I metered by eye for the rest of the trip."
        ]
      },
      {
        heading: "Condensation is the real enemy",
        paragraphs: [
          "Bringing a frozen camera into a warm cabin covers it in condensation, inside and out. I kept it in a sealed plastic bag until it had warmed up, and the lenses stayed clear."
        ]
      }
    ],
    topics: [
      "film",
      "camera",
      "film camera",
      "mechanical cameras",
      "lapland",
      "arctic",
      "cold",
      "winter",
      "photography",
      "photographing",
      "condensation",
      "light meter",
      "battery",
      "lenses",
      "black-and-white film"
    ]
  }, {
    author: "Jonas Lind",
    titleTag: "Shooting film in the cold: what I learned in Lapland — Light & Grain",
    schemaType: "Article"
  }),

  blog(runner, {
    slug: "first-ultramarathon",
    title: "What my first ultramarathon taught me about pacing",
    description:
      "Fifty kilometres, one wrong turn and a lot of boiled potatoes: a beginner's report from a mountain ultra.",
    sections: [
      {
        paragraphs: [
          "I finished my first ultramarathon last Saturday, a fifty-kilometre trail race with 2,000 metres of climbing. It took me seven hours and forty minutes, and I walked more of it than I expected.",
          "The biggest mistake I made was starting too fast. The first ten kilometres felt easy, so I ran every hill, and by halfway my legs had nothing left for the long descent.",
          "Experienced ultrarunners walk the climbs from the start and save their energy for the second half. Next time I will run by effort, not by pace."
        ]
      },
      {
        heading: "Eating on the move",
        paragraphs: [
          "Food matters more than in a marathon. The aid stations had boiled potatoes with salt, which turned out to be the best thing I ate all year."
        ]
      }
    ],
    topics: [
      "ultramarathon",
      "ultra",
      "pacing",
      "trail race",
      "race",
      "running",
      "ultrarunners",
      "climbing",
      "hills",
      "aid stations",
      "marathon",
      "descent",
      "pace",
      "effort"
    ]
  }, { author: "Kate Ndlovu", h1: "What my first ultramarathon taught me about pacing", comments: true })
]
