/**
 * Encyclopaedia articles in the Wikipedia style (prose written for this suite): the JSON-LD `Article` names the
 * page in `name` and carries the short description in `headline`; `<title>` and og:title add " - Wikipedia".
 */
import type { Page } from "../Page.js"
import { wiki } from "../Skins.js"

export const pages: ReadonlyArray<Page> = [
  wiki({
    slug: "new-zealand",
    title: "New Zealand",
    sections: [
      {
        paragraphs: [
          "New Zealand is an island country in the southwestern [[Pacific Ocean]]. It consists of two main landmasses, the North Island and the South Island, and more than 700 smaller islands.{1} It lies east of [[Australia]] across the Tasman Sea.",
          "The country's varied landscape of mountains, volcanic plateaus and fjords was shaped by tectonic uplift and volcanic eruptions. Its capital is Wellington, and its most populous city is Auckland.{2}",
          "New Zealand is a constitutional monarchy with a parliamentary democracy. Māori, the first settlers, arrived from Polynesia in the thirteenth century, and British settlement followed the Treaty of Waitangi in 1840.{3}"
        ]
      },
      {
        heading: "Etymology",
        paragraphs: [
          "The Dutch navigator Abel Tasman sighted the islands in 1642 and called them Staten Land. Dutch mapmakers later named them Nova Zeelandia, after the province of Zeeland.",
          "The Māori name Aotearoa, often translated as land of the long white cloud, is widely used alongside the English name."
        ]
      },
      {
        heading: "Geography",
        paragraphs: [
          "The Southern Alps run along the South Island, and their highest peak, Aoraki / Mount Cook, rises to 3,724 metres. The North Island has several active volcanoes around the central plateau.",
          "Because the islands were isolated for about 80 million years, many of their plants and animals, such as the kiwi and the kākāpō, are found nowhere else."
        ]
      }
    ],
    topics: [
      "new zealand",
      "island",
      "islands",
      "country",
      "māori",
      "pacific ocean",
      "wellington",
      "auckland",
      "aotearoa",
      "volcanoes",
      "southern alps",
      "north island",
      "south island",
      "constitutional monarchy",
      "abel tasman",
      "kiwi"
    ]
  }, {
    shortDescription: "Island country in the Pacific Ocean",
    infobox: [["Capital", "Wellington"], ["Largest city", "Auckland"], [
      "Official languages",
      "English, Māori, NZ Sign Language"
    ], ["Population", "5,300,000"]],
    hatnote: "This article is about the country. For other uses, see New Zealand (disambiguation)."
  }),

  wiki({
    slug: "hermitian-matrix",
    title: "Hermitian matrix",
    sections: [
      {
        paragraphs: [
          "In mathematics, a Hermitian matrix is a complex square matrix that is equal to its own conjugate transpose. The element in the i-th row and j-th column is equal to the complex conjugate of the element in the j-th row and i-th column.{1}",
          "Hermitian matrices are named after the French mathematician Charles Hermite, who showed in 1855 that their eigenvalues are always real numbers.",
          "They can be understood as the complex extension of real symmetric matrices, and they play a central role in quantum mechanics, where observables are represented by Hermitian operators.{2}"
        ]
      },
      {
        heading: "Properties",
        paragraphs: [
          "The diagonal entries of a Hermitian matrix are real, because each is equal to its own complex conjugate. The sum of two Hermitian matrices is again Hermitian.",
          "Every Hermitian matrix can be diagonalised by a unitary matrix, and its eigenvectors for distinct eigenvalues are orthogonal. This result is known as the spectral theorem."
        ]
      }
    ],
    topics: [
      "hermitian matrix",
      "hermitian",
      "matrix",
      "matrices",
      "conjugate transpose",
      "eigenvalues",
      "charles hermite",
      "quantum mechanics",
      "complex conjugate",
      "symmetric matrices",
      "spectral theorem",
      "unitary matrix",
      "mathematics",
      "eigenvectors",
      "square matrix",
      "complex"
    ]
  }, { shortDescription: "Matrix equal to its conjugate-transpose", og: false }),

  wiki({
    slug: "lighthouse",
    title: "Lighthouse",
    sections: [
      {
        paragraphs: [
          "A lighthouse is a tower, building or other structure designed to emit light from a system of lamps and lenses and to serve as a beacon for navigational aid for maritime pilots at sea or on inland waterways.",
          "Lighthouses mark dangerous coastlines, hazardous shoals, reefs and rocks, and safe entries to harbours. They also assist in aerial navigation.{1}",
          "The number of operational lighthouses has declined because of the expense of maintenance and the arrival of satellite navigation systems."
        ]
      },
      {
        heading: "History",
        paragraphs: [
          "The Pharos of Alexandria, built in the third century BC, is the most famous lighthouse of the ancient world. It stood for more than a thousand years before earthquakes brought it down.",
          "Modern lighthouses began with the Eddystone Lighthouse off Plymouth, whose third tower, built by John Smeaton in 1759, pioneered the use of interlocking granite blocks."
        ]
      },
      {
        heading: "Lenses",
        paragraphs: [
          "The Fresnel lens, invented by Augustin-Jean Fresnel in 1822, concentrates light into a narrow beam using concentric rings of glass prisms. It made lighthouse beams visible for more than twenty miles."
        ]
      }
    ],
    topics: [
      "lighthouse",
      "lighthouses",
      "beacon",
      "navigation",
      "lamps",
      "lenses",
      "fresnel lens",
      "tower",
      "pharos of alexandria",
      "eddystone lighthouse",
      "maritime",
      "coastlines",
      "reefs",
      "harbours",
      "john smeaton"
    ]
  }, { shortDescription: "Structure designed to emit light to aid navigation" }),

  wiki({
    slug: "sourdough",
    title: "Sourdough",
    sections: [
      {
        paragraphs: [
          "Sourdough is a type of bread made by the fermentation of dough using wild lactobacillaceae and yeast. Lactic acid from fermentation imparts a sour taste and improves keeping qualities.{1}",
          "Sourdough is one of the oldest forms of leavened bread. It was the main method of leavening until baker's yeast became widely available in the nineteenth century.",
          "A sourdough starter is a culture of flour and water that is fed regularly and used to leaven new dough; some bakeries have kept the same starter alive for more than a century."
        ]
      },
      {
        heading: "Fermentation",
        paragraphs: [
          "The yeast in a starter produces carbon dioxide, which makes the dough rise, while the bacteria produce lactic and acetic acids. Longer, cooler fermentation gives a more sour flavour.",
          "Because the acids break down some of the starches and proteins in flour, some people find sourdough bread easier to digest."
        ]
      }
    ],
    topics: [
      "sourdough",
      "bread",
      "fermentation",
      "dough",
      "yeast",
      "starter",
      "sourdough starter",
      "lactic acid",
      "flour",
      "leavening",
      "bakeries",
      "bacteria",
      "lactobacillaceae"
    ]
  }, { shortDescription: "Bread made by fermenting dough with wild yeast and bacteria", suffix: " - Wikipedia" }),

  wiki({
    slug: "ada-lovelace",
    title: "Ada Lovelace",
    sections: [
      {
        paragraphs: [
          "Augusta Ada King, Countess of Lovelace, was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.{1}",
          "She was the first to recognise that the machine had applications beyond pure calculation, and she published the first algorithm intended to be carried out by such a machine. As a result, she is often regarded as the first computer programmer.{2}",
          "Lovelace was the only legitimate child of the poet Lord Byron and the mathematician Anne Isabella Milbanke."
        ]
      },
      {
        heading: "Legacy",
        paragraphs: [
          "The programming language Ada, developed for the United States Department of Defense, was named after her. Ada Lovelace Day, held each October, celebrates the achievements of women in science and technology."
        ]
      }
    ],
    topics: [
      "ada lovelace",
      "lovelace",
      "mathematician",
      "charles babbage",
      "analytical engine",
      "computer",
      "algorithm",
      "programmer",
      "lord byron",
      "programming language",
      "ada",
      "women in science"
    ]
  }, { shortDescription: "English mathematician (1815–1852)", og: false }),

  wiki({
    slug: "rust-language",
    title: "Rust (programming language)",
    sections: [
      {
        paragraphs: [
          "Rust is a general-purpose programming language emphasizing performance, type safety and concurrency. It enforces memory safety, meaning that all references point to valid memory, without a garbage collector.{1}",
          "To enforce memory safety and prevent data races, its borrow checker tracks the object lifetime of all references in a program during compilation.",
          "Software developer Graydon Hoare created Rust in 2006 while working at Mozilla Research, which officially sponsored the project in 2009. The first stable release, Rust 1.0, was published in May 2015.{2}"
        ]
      },
      {
        heading: "Adoption",
        paragraphs: [
          "Rust has been adopted by companies including Amazon, Discord, Dropbox, Google and Microsoft, and support for Rust was added to the Linux kernel in 2022.",
          "It has been named the most admired programming language in the Stack Overflow Developer Survey every year since 2016."
        ]
      }
    ],
    topics: [
      "rust",
      "programming language",
      "memory safety",
      "borrow checker",
      "references",
      "concurrency",
      "type safety",
      "mozilla",
      "graydon hoare",
      "data races",
      "garbage collector",
      "linux kernel",
      "compilation",
      "performance"
    ]
  }, { shortDescription: "General-purpose programming language" }),

  wiki({
    slug: "photosynthesis",
    title: "Photosynthesis",
    sections: [
      {
        paragraphs: [
          "Photosynthesis is a system of biological processes by which photosynthetic organisms, such as most plants, algae and cyanobacteria, convert light energy, typically from sunlight, into the chemical energy necessary to fuel their metabolism.{1}",
          "Most photosynthetic organisms release oxygen as a by-product. The oxygen in Earth's atmosphere comes almost entirely from photosynthesis.",
          "In plants, photosynthesis takes place mainly in the leaves, inside organelles called chloroplasts, which contain the green pigment chlorophyll."
        ]
      },
      {
        heading: "Light-dependent reactions",
        paragraphs: [
          "In the light-dependent reactions, chlorophyll absorbs light and uses its energy to split water molecules, releasing oxygen and storing energy in the molecules ATP and NADPH.",
          "The Calvin cycle then uses that stored energy to fix carbon dioxide from the air into sugars."
        ]
      }
    ],
    topics: [
      "photosynthesis",
      "plants",
      "algae",
      "cyanobacteria",
      "light energy",
      "chemical energy",
      "oxygen",
      "chloroplasts",
      "chlorophyll",
      "carbon dioxide",
      "calvin cycle",
      "sugars",
      "leaves",
      "sunlight"
    ]
  }, { shortDescription: "Biological process to convert light into chemical energy" })
]
