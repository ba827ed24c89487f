/** News articles: NewsArticle JSON-LD, site-name suffixes, kickers, consent banners, players and paywalls. */
import type { Page } from "../Page.js"
import { news, type Site } from "../Skins.js"

const harbour: Site = { name: "Harbour Times", host: "www.harbourtimes.co.uk" }
const ledger: Site = { name: "The Daily Ledger", host: "dailyledger.com", sep: " - " }
const circuit: Site = { name: "Circuit & Signal", host: "circuitandsignal.com", sep: " | " }
const northern: Site = { name: "Northern Post", host: "www.northernpost.news", sep: " | " }
const wire: Site = { name: "Global Wire", host: "globalwire.org", sep: " — " }
const herald: Site = { name: "Science Herald", host: "scienceherald.net", sep: " · " }

export const pages: ReadonlyArray<Page> = [
  news(harbour, {
    slug: "storm-surge-closes-ferry-terminal",
    title: "Storm surge closes ferry terminal as sea wall gives way",
    description:
      "Ferries between Kirkwall and the mainland were cancelled after a section of the sea wall collapsed during Tuesday's storm.",
    sections: [
      {
        paragraphs: [
          "Ferry services between Kirkwall and the mainland were suspended on Tuesday after a forty-metre section of the harbour sea wall collapsed during a storm surge. No one was injured, but the terminal building was flooded and two vehicles were swept into the water.",
          "The harbour authority said the wall, built in 1956, had been due for repair next spring. Engineers will inspect the remaining sections once the wind drops below gale force.",
          "About 1,200 passengers a day use the crossing in winter, many of them commuters and lorry drivers carrying supplies to the islands."
        ]
      },
      {
        heading: "Islanders worry about supplies",
        paragraphs: [
          "Shopkeepers in Kirkwall said fresh food could run short by the weekend if the ferries do not resume. The council has asked a freight operator to divert a cargo ship from Aberdeen.",
          "Coastal engineers have warned for years that rising sea levels put older harbour defences under strain. The Scottish government said it would review funding for sea walls across the islands."
        ]
      }
    ],
    topics: [
      "ferry",
      "storm surge",
      "sea wall",
      "kirkwall",
      "harbour",
      "terminal",
      "islands",
      "passengers",
      "supplies",
      "engineers",
      "storm",
      "mainland"
    ]
  }, {
    section: "Scotland",
    author: "Morag Sinclair",
    widgets: ["cookie", "newsletter", "share", "related", "comments"]
  }),

  news(ledger, {
    slug: "central-bank-holds-rates",
    title: "Central bank holds interest rates as inflation cools to 2.4%",
    description: "Policymakers kept the main rate at 3.75% but signalled that cuts could come before the summer.",
    sections: [
      {
        paragraphs: [
          "The central bank left its main interest rate unchanged at 3.75% on Thursday, saying inflation was cooling faster than expected but that wage growth remained strong. Seven of the nine members of the rate-setting committee voted to hold.",
          "Inflation fell to 2.4% in February, the lowest level in three years, helped by cheaper energy and a slowdown in food prices. Economists had expected a reading of 2.7%.",
          "The governor said the committee would need to see more evidence that price pressures were easing before it lowered borrowing costs."
        ]
      },
      {
        heading: "Markets expect a cut by June",
        paragraphs: [
          "Traders increased their bets on a rate cut in June after the decision, and the currency weakened slightly against the dollar. Mortgage lenders said fixed-rate deals had already become cheaper in anticipation.",
          "Business groups urged the bank to move sooner, arguing that high borrowing costs were holding back investment in factories and equipment."
        ]
      }
    ],
    topics: [
      "central bank",
      "interest rates",
      "inflation",
      "rate",
      "rates",
      "committee",
      "borrowing costs",
      "economists",
      "mortgage",
      "governor",
      "rate cut",
      "markets"
    ]
  }, { section: "Business", author: "Daniel Okafor", standfirst: true, widgets: ["consent", "ads", "share"] }),

  news(circuit, {
    slug: "router-bug-exposes-devices",
    title: "Two-year-old bug exposes thousands of home routers to takeover",
    description:
      "A flaw in a widely used firmware component lets attackers run code on routers that still use the factory password.",
    sections: [
      {
        paragraphs: [
          "Security researchers have found that a bug first reported two years ago still leaves tens of thousands of home routers open to remote takeover. The flaw sits in the web administration panel shared by several router brands.",
          "Attackers can exploit it by sending a single crafted request to a router that still uses its factory password. Once inside, they can change the DNS settings and redirect the owner's traffic.",
          "The researchers scanned the internet in February and counted more than 38,000 vulnerable devices, most of them in Europe and South America."
        ]
      },
      {
        heading: "Patches exist, but few install them",
        paragraphs: [
          "The firmware vendor released a fix in 2024, but router makers were slow to ship it, and most owners never update their devices. Some of the affected models are no longer supported at all.",
          "Owners can protect themselves by changing the administrator password and turning off remote management. The researchers have published a list of affected models."
        ]
      }
    ],
    topics: [
      "router",
      "routers",
      "bug",
      "firmware",
      "security researchers",
      "attackers",
      "flaw",
      "devices",
      "password",
      "vulnerable",
      "dns",
      "remote takeover",
      "patches"
    ]
  }, {
    section: "Biz & IT",
    author: "Lena Hartmann",
    kickerInHeadline: true,
    ogTitle: "Two-year-old bug exposes thousands of home routers to takeover",
    widgets: ["player", "share", "comments"]
  }),

  news(northern, {
    slug: "library-reopens-after-fire",
    title: "Town library reopens three years after fire",
    sections: [
      {
        paragraphs: [
          "Hexham's public library reopened its doors on Saturday, three years after a fire destroyed its reading room and much of its local history collection. Hundreds of residents queued in the rain for the opening.",
          "The restored building has a new children's wing, a café and a digitisation studio where volunteers are scanning the surviving parish records.",
          "Librarians rescued about 4,000 books from the fire, many of them damaged by smoke and water, and sent them to specialists in Durham for cleaning."
        ]
      },
      {
        paragraphs: [
          "The rebuild cost £6.2 million, most of it from the council's insurance and a heritage lottery grant. A local fundraising campaign paid for the children's wing.",
          "The head librarian said she had been moved by the number of people who returned books borrowed before the fire, some of them years overdue."
        ]
      }
    ],
    topics: [
      "library",
      "fire",
      "hexham",
      "librarians",
      "books",
      "reading room",
      "local history",
      "children's wing",
      "digitisation",
      "parish records",
      "volunteers",
      "rebuild"
    ]
  }, {
    section: "Local",
    author: "Peter Graham",
    ogTitle: "Northern Post",
    metaDescription: "The Northern Post: the latest news, sport and weather from across the North of England.",
    ogDescription: null,
    widgets: ["cookie", "related"]
  }),

  news(wire, {
    slug: "glacier-retreat-record",
    title: "Alpine glaciers lost a record 4% of their ice last year",
    description:
      "Swiss scientists say a hot summer and a thin winter snowpack drove the fastest melt since measurements began.",
    sections: [
      {
        paragraphs: [
          "Glaciers in the Swiss Alps lost 4% of their remaining ice volume in 2025, the largest annual loss since measurements began more than a century ago, scientists said on Monday.",
          "The Swiss glacier monitoring network blamed a winter with little snow followed by long summer heatwaves. Dust from the Sahara darkened the ice and made it absorb more sunlight.",
          "Several smaller glaciers have broken apart completely and are no longer measured, the network said in its annual report."
        ]
      },
      {
        heading: "Water supplies at risk",
        paragraphs: [
          "Meltwater from glaciers feeds the Rhine and the Rhône in late summer, when rainfall is low. Hydrologists warned that farms and power plants downstream will face shortages as the glaciers shrink.",
          "The report estimates that the Alps could lose most of their glacier ice by the end of the century even if global warming is held to two degrees."
        ]
      }
    ],
    topics: [
      "glaciers",
      "glacier",
      "alps",
      "ice",
      "melt",
      "swiss",
      "scientists",
      "meltwater",
      "heatwaves",
      "snow",
      "rhine",
      "hydrologists",
      "global warming"
    ]
  }, { section: "Climate", author: "Reuters-style staff", schemaType: "ReportageNewsArticle", widgets: ["share"] }),

  news(herald, {
    slug: "bees-recognise-faces",
    title: "Honeybees can learn to recognise human faces, study finds",
    description:
      "Trained with sugar rewards, bees picked out a photo of the same face among others, even when it was shown from a new angle.",
    sections: [
      {
        paragraphs: [
          "Honeybees can be trained to recognise individual human faces, according to a study published on Wednesday in the journal Animal Cognition. The bees learned to pick out one photograph among several after a few hours of training.",
          "Researchers at the University of Toulouse rewarded the insects with a drop of sugar water each time they landed on the correct face. After training, most bees chose the right photo even without a reward.",
          "The findings suggest that a brain with fewer than a million neurons can solve a task once thought to need specialised face-processing areas."
        ]
      },
      {
        heading: "A trick of configuration",
        paragraphs: [
          "The bees appear to learn the arrangement of features, such as the distance between the eyes and the mouth, rather than the features themselves. People use a similar strategy.",
          "The team now wants to test whether bumblebees and wasps share the ability, which could help engineers design simpler image-recognition software."
        ]
      }
    ],
    topics: [
      "honeybees",
      "bees",
      "faces",
      "human faces",
      "recognise",
      "study",
      "researchers",
      "training",
      "sugar water",
      "brain",
      "neurons",
      "animal cognition",
      "toulouse"
    ]
  }, { section: "Biology", author: "Aisha Rahman", widgets: ["cookie", "newsletter", "ads", "comments"] }),

  news(harbour, {
    slug: "lifeboat-crew-rescue",
    title: "Lifeboat crew rescues six from fishing boat in night operation",
    description: "The volunteers were at sea for nine hours after the trawler lost power 30 miles off the coast.",
    sections: [
      {
        paragraphs: [
          "A volunteer lifeboat crew rescued six fishermen from a trawler that lost power in heavy seas 30 miles off Peterhead early on Sunday. The crew were at sea for nine hours in winds of up to 50 knots.",
          "The trawler's skipper radioed for help shortly after midnight when the engine failed and the boat began drifting towards a rocky shore.",
          "The lifeboat towed the vessel back to Peterhead harbour, where an ambulance met the fishermen; none needed hospital treatment."
        ]
      },
      {
        paragraphs: [
          "The station's coxswain said the tow was one of the hardest the crew had attempted. He praised the fishermen for keeping calm and following instructions.",
          "The lifeboat charity relies on donations and volunteers, and the station is recruiting new crew members this spring."
        ]
      }
    ],
    topics: [
      "lifeboat",
      "crew",
      "rescue",
      "fishermen",
      "trawler",
      "peterhead",
      "volunteers",
      "fishing boat",
      "coxswain",
      "tow",
      "skipper",
      "harbour"
    ]
  }, {
    section: "Scotland",
    author: "Morag Sinclair",
    titleTag: "Lifeboat crew rescues six from fishing boat in night operation - Harbour Times",
    widgets: ["paywall", "share"]
  }),

  news(ledger, {
    slug: "city-trams-return",
    title: "Trams return to city streets after 70 years",
    description:
      "The first line of the new network opens next month, linking the railway station with the university and the hospital.",
    sections: [
      {
        paragraphs: [
          "Trams will run through the centre of Norwich next month for the first time since 1935, when the last line closed in favour of buses. The first route links the railway station with the university and the hospital.",
          "The new trams are battery powered and recharge at stops, so no overhead wires are needed in the historic streets around the cathedral.",
          "Officials expect 20,000 passengers a day once the line is fully running, and a second route to the airport is planned for 2029."
        ]
      },
      {
        heading: "Shops fear disruption",
        paragraphs: [
          "Some traders along the route say two years of roadworks have cost them customers. The council has promised grants to businesses that can show a drop in trade.",
          "Cycling groups welcomed the new tram line but asked for safer crossings where the rails meet cycle lanes."
        ]
      }
    ],
    topics: [
      "trams",
      "tram",
      "norwich",
      "route",
      "passengers",
      "battery",
      "line",
      "council",
      "roadworks",
      "cycling",
      "university",
      "hospital",
      "railway station"
    ]
  }, {
    section: "Transport",
    author: "Daniel Okafor",
    ogDescription:
      "The first line of the new network opens next month, linking the railway station with the university and the hospital.",
    widgets: ["ads", "related"]
  }),

  news(circuit, {
    slug: "open-source-maintainers-funding",
    title: "Open-source maintainers get a pay rise from a new public fund",
    description:
      "A government-backed fund will pay maintainers of critical open-source libraries to fix bugs and review security reports.",
    sections: [
      {
        paragraphs: [
          "A new public fund will pay the maintainers of widely used open-source libraries to spend time on security fixes and code review. The first grants, worth up to €50,000 each, go to the developers of compression, parsing and cryptography libraries.",
          "Many of these projects are run by one or two volunteers in their spare time, even though banks, hospitals and governments depend on them.",
          "The fund's board said it chose projects by counting how many other packages depend on them and how often they appear in security advisories."
        ]
      },
      {
        paragraphs: [
          "Maintainers welcomed the money but said long-term support matters more than one-off grants. Several asked for help with documentation and testing rather than new features.",
          "The fund plans to open applications to smaller projects next year."
        ]
      }
    ],
    topics: [
      "open-source",
      "open source",
      "maintainers",
      "fund",
      "libraries",
      "security",
      "grants",
      "code review",
      "volunteers",
      "projects",
      "developers",
      "cryptography"
    ]
  }, { section: "Tech Policy", author: "Lena Hartmann", widgets: ["consent", "newsletter", "share", "comments"] }),

  news(wire, {
    slug: "marathon-record-falls",
    title: "Kenyan runner breaks women's marathon record in Berlin",
    description:
      "Ruth Chepkoech finished in 2:09:21, taking more than a minute off the previous best on a cool, windless morning.",
    sections: [
      {
        paragraphs: [
          "Ruth Chepkoech of Kenya broke the women's marathon world record in Berlin on Sunday, finishing in two hours, nine minutes and 21 seconds. The previous record had stood for three years.",
          "Chepkoech ran with two pacemakers until the 30-kilometre mark and then pulled away alone through the Tiergarten, crossing the finish line at the Brandenburg Gate more than four minutes ahead of the field.",
          "Race organisers said cool temperatures and still air had made the course faster than ever."
        ]
      },
      {
        paragraphs: [
          "The 28-year-old only started running marathons in 2023, after years on the track. She said she had trained at altitude in Iten for four months before the race.",
          "Athletics officials will ratify the record once drug test results are confirmed, a process that usually takes several weeks."
        ]
      }
    ],
    topics: [
      "marathon",
      "record",
      "world record",
      "berlin",
      "chepkoech",
      "ruth chepkoech",
      "kenya",
      "kenyan",
      "runner",
      "pacemakers",
      "athletics",
      "race",
      "finish line"
    ]
  }, { section: "Sport", author: "Global Wire staff", widgets: ["player", "related"] })
]
