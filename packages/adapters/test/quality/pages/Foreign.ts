/** Pages in other languages: German, French, Spanish, Italian, Dutch and Japanese, each in its site's habits. */
import type { Page } from "../Page.js"
import { blog, news, recipe, type Site, wiki } from "../Skins.js"

const spiegel: Site = {
  name: "DER SPIEGEL",
  host: "www.spiegel.example",
  sep: " - ",
  nav: ["Politik", "Ausland", "Wirtschaft", "Wissenschaft", "Sport", "Kultur"]
}
const monde: Site = {
  name: "Le Quotidien",
  host: "www.lequotidien.example",
  sep: " | ",
  nav: ["International", "Politique", "Économie", "Sciences", "Culture"]
}
const cuisine: Site = {
  name: "La Cocina de Marta",
  host: "lacocinademarta.example",
  nav: ["Recetas", "Postres", "Panes", "Sobre mí"]
}
const carnet: Site = { name: "Carnet de route", host: "carnetderoute.example", sep: " – " }
const fiets: Site = { name: "Fietsblog", host: "fietsblog.example.nl", sep: " | " }
const nhk: Site = {
  name: "NHKニュース",
  host: "www3.nhk.example.jp",
  sep: " | ",
  nav: ["社会", "政治", "経済", "国際", "科学・文化"]
}

export const pages: ReadonlyArray<Page> = [
  news(spiegel, {
    slug: "wolf-niedersachsen",
    lang: "de",
    title: "Wie viele Wölfe verträgt Niedersachsen?",
    description:
      "Die Zahl der Wolfsrudel in Niedersachsen ist weiter gestiegen. Schäfer fordern Abschüsse, Naturschützer warnen vor Panikmache.",
    sections: [
      {
        paragraphs: [
          "In Niedersachsen leben inzwischen mehr als fünfzig Wolfsrudel, so viele wie in keinem anderen Bundesland. Das geht aus dem neuen Bericht der Landesjägerschaft hervor, der am Mittwoch in Hannover vorgestellt wurde.",
          "Schäfer und Weidetierhalter berichten von immer mehr gerissenen Schafen und fordern, problematische Wölfe schneller zum Abschuss freizugeben.",
          "Naturschützer halten dagegen, dass gut geschützte Herden nur selten angegriffen werden, und verlangen mehr Geld für Zäune und Herdenschutzhunde."
        ]
      },
      {
        heading: "Streit um den Schutzstatus",
        paragraphs: [
          "Seit die Europäische Union den Schutzstatus des Wolfs gesenkt hat, dürfen die Länder leichter eingreifen. Die Landesregierung will noch in diesem Jahr eine neue Verordnung vorlegen."
        ]
      }
    ],
    topics: [
      "wolf",
      "wölfe",
      "wolfsrudel",
      "niedersachsen",
      "schäfer",
      "weidetierhalter",
      "schafe",
      "naturschützer",
      "herdenschutzhunde",
      "schutzstatus",
      "abschuss",
      "landesregierung",
      "herden",
      "zäune",
      "hannover"
    ]
  }, { section: "Wissenschaft", author: "Anna Becker", widgets: ["consent", "paywall", "share"] }),

  wiki({
    slug: "schwarzwald",
    lang: "de",
    title: "Schwarzwald",
    sections: [
      {
        paragraphs: [
          "Der Schwarzwald ist das höchste und größte zusammenhängende Mittelgebirge Deutschlands. Er liegt im Südwesten Baden-Württembergs und erstreckt sich über etwa 160 Kilometer von Pforzheim bis an den Hochrhein.{1}",
          "Seine höchste Erhebung ist der Feldberg mit 1493 Metern. Der Name geht auf die dichten, dunklen Nadelwälder zurück, die das Gebirge schon in römischer Zeit bedeckten.",
          "Der Schwarzwald ist eine der beliebtesten Urlaubsregionen Deutschlands und bekannt für Kuckucksuhren, Schwarzwälder Kirschtorte und den Schwarzwälder Schinken."
        ]
      },
      {
        heading: "Geologie",
        paragraphs: [
          "Geologisch besteht der Schwarzwald aus einem Sockel aus Gneis und Granit, der im Norden und Osten von Buntsandstein bedeckt ist."
        ]
      }
    ],
    topics: [
      "schwarzwald",
      "mittelgebirge",
      "gebirge",
      "deutschland",
      "deutschlands",
      "baden-württemberg",
      "baden-württembergs",
      "feldberg",
      "nadelwälder",
      "kuckucksuhren",
      "schwarzwälder kirschtorte",
      "gneis",
      "granit",
      "buntsandstein",
      "urlaubsregionen",
      "pforzheim",
      "hochrhein"
    ]
  }, { shortDescription: "Mittelgebirge in Baden-Württemberg", suffix: " – Wikipedia", og: false }),

  news(monde, {
    slug: "velo-paris-record",
    lang: "fr",
    title: "À Paris, le vélo dépasse la voiture aux heures de pointe",
    description:
      "Selon une nouvelle étude, les cyclistes sont désormais plus nombreux que les automobilistes sur les grands axes de la capitale.",
    sections: [
      {
        paragraphs: [
          "Pour la première fois, les cyclistes sont plus nombreux que les automobilistes sur les grands axes de Paris aux heures de pointe. C'est la conclusion d'une étude publiée mardi par l'Institut Paris Région.",
          "Les pistes cyclables créées depuis 2020 ont transformé les habitudes des Parisiens, en particulier sur la rue de Rivoli, où le vélo représente désormais plus de la moitié des déplacements.",
          "La mairie veut encore ajouter 180 kilomètres de pistes cyclables d'ici 2030."
        ]
      },
      {
        heading: "Des tensions persistent",
        paragraphs: [
          "Les associations de piétons dénoncent des conflits sur les trottoirs et aux carrefours, tandis que les commerçants craignent une baisse de fréquentation."
        ]
      }
    ],
    topics: [
      "vélo",
      "paris",
      "cyclistes",
      "automobilistes",
      "voiture",
      "pistes cyclables",
      "heures de pointe",
      "étude",
      "rue de rivoli",
      "parisiens",
      "mairie",
      "déplacements",
      "piétons",
      "capitale"
    ]
  }, { section: "Planète", author: "Claire Dubois", widgets: ["cookie", "newsletter", "related"] }),

  blog(carnet, {
    slug: "randonnee-gr20",
    lang: "fr",
    title: "Quinze jours sur le GR20, le sentier le plus dur d'Europe",
    description:
      "Récit de ma traversée de la Corse du nord au sud, entre refuges, crêtes de granit et orages de fin d'après-midi.",
    sections: [
      {
        paragraphs: [
          "Le GR20 traverse la Corse du nord au sud sur environ 180 kilomètres, et on le présente souvent comme le sentier de grande randonnée le plus difficile d'Europe. Après quinze jours de marche, je comprends pourquoi.",
          "Les étapes enchaînent les crêtes de granit, les pierriers et les passages équipés de chaînes, avec parfois plus de mille mètres de dénivelé dans la journée.",
          "Chaque soir, nous dormions dans un refuge ou sous la tente, et les orages de fin d'après-midi nous obligeaient à partir avant le lever du soleil."
        ]
      },
      {
        heading: "Ce que je referais",
        paragraphs: [
          "Je partirais plus léger. Un sac de douze kilos suffit largement, car les refuges vendent de quoi manger presque partout."
        ]
      }
    ],
    topics: [
      "gr20",
      "corse",
      "randonnée",
      "sentier",
      "grande randonnée",
      "refuges",
      "refuge",
      "crêtes",
      "granit",
      "étapes",
      "marche",
      "dénivelé",
      "orages",
      "europe",
      "tente"
    ]
  }, { author: "Julien Marchetti", comments: true }),

  recipe(cuisine, {
    slug: "tortilla-de-patatas",
    lang: "es",
    title: "Tortilla de patatas jugosa",
    description:
      "La receta tradicional de tortilla de patatas con cebolla, jugosa por dentro y dorada por fuera, paso a paso.",
    sections: [
      {
        paragraphs: [
          "La tortilla de patatas es uno de los platos más queridos de la cocina española, y cada familia tiene su propia receta. La mía lleva cebolla y queda jugosa por dentro.",
          "El secreto está en confitar las patatas a fuego lento en abundante aceite de oliva, sin que lleguen a dorarse, y dejarlas reposar unos minutos con el huevo batido.",
          "Para darle la vuelta, usa un plato llano algo más grande que la sartén y hazlo con decisión."
        ]
      },
      {
        heading: "¿Con o sin cebolla?",
        paragraphs: [
          "Es el gran debate de la cocina española. La cebolla aporta dulzor y jugosidad, pero si prefieres una tortilla más clásica, puedes prescindir de ella."
        ]
      }
    ],
    topics: [
      "tortilla de patatas",
      "tortilla",
      "patatas",
      "cebolla",
      "huevo",
      "aceite de oliva",
      "sartén",
      "receta",
      "cocina española",
      "jugosa",
      "plato",
      "fuego lento"
    ]
  }, {
    titleTag: "Tortilla de patatas jugosa, receta tradicional - La Cocina de Marta",
    recipeName: "Tortilla de patatas jugosa",
    ingredients: ["4 patatas medianas", "1 cebolla", "6 huevos", "250 ml de aceite de oliva virgen extra", "Sal"],
    steps: [
      "Pela y corta las patatas en láminas finas.",
      "Confita las patatas y la cebolla en aceite a fuego lento durante 20 minutos.",
      "Escurre y mezcla con los huevos batidos.",
      "Cuaja la tortilla en la sartén y dale la vuelta con un plato."
    ],
    totalTime: "45 minutos",
    yield: "4 raciones",
    author: "Marta Ruiz"
  }),

  wiki({
    slug: "colosseo",
    lang: "it",
    title: "Colosseo",
    sections: [
      {
        paragraphs: [
          "Il Colosseo, originariamente conosciuto come Anfiteatro Flavio, è il più grande anfiteatro del mondo, situato nel centro della città di Roma.{1} Costruito in epoca romana, era in grado di contenere tra 50 000 e 87 000 spettatori.",
          "La costruzione fu iniziata dall'imperatore Vespasiano nel 72 d.C. e completata da suo figlio Tito nell'80 d.C. L'anfiteatro ospitava spettacoli di gladiatori, cacce ad animali selvatici e rievocazioni di battaglie.",
          "Nel 1980 il Colosseo è stato inserito, insieme a tutto il centro storico di Roma, nella lista dei patrimoni dell'umanità dell'UNESCO."
        ]
      },
      {
        heading: "Architettura",
        paragraphs: [
          "La struttura esprime con chiarezza le concezioni architettoniche e costruttive romane della prima età imperiale, basate rispettivamente sulla linea curva e avvolgente offerta dalla pianta ellittica."
        ]
      }
    ],
    topics: [
      "colosseo",
      "anfiteatro",
      "anfiteatro flavio",
      "roma",
      "vespasiano",
      "tito",
      "gladiatori",
      "spettatori",
      "unesco",
      "patrimoni dell'umanità",
      "architettura",
      "epoca romana",
      "imperatore"
    ]
  }, { shortDescription: "Anfiteatro di Roma", suffix: " - Wikipedia" }),

  blog(fiets, {
    slug: "fietsen-in-de-winter",
    lang: "nl",
    title: "Zo blijf je fietsen in de winter",
    description:
      "Met de juiste banden, verlichting en kleding is fietsen in de winter helemaal niet erg. Mijn tips na tien jaar forenzen.",
    sections: [
      {
        paragraphs: [
          "Ik fiets al tien jaar elke dag naar mijn werk, ook in de winter. Met de juiste banden, goede verlichting en warme kleding is dat helemaal niet erg.",
          "Winterbanden met een grof profiel geven veel meer grip op natte bladeren en ijzel dan gewone banden. Laat de bandenspanning ook iets zakken.",
          "Zorg dat je fietsverlichting op batterijen of een dynamo werkt en altijd aan staat, want in december is het om vijf uur al donker."
        ]
      },
      {
        heading: "Kleding in lagen",
        paragraphs: [
          "Draag meerdere dunne lagen in plaats van één dikke jas, dan kun je onderweg iets uittrekken als je het warm krijgt."
        ]
      }
    ],
    topics: [
      "fietsen",
      "fiets",
      "winter",
      "banden",
      "winterbanden",
      "verlichting",
      "fietsverlichting",
      "kleding",
      "grip",
      "ijzel",
      "forenzen",
      "bandenspanning",
      "lagen",
      "dynamo"
    ]
  }, { author: "Sanne de Vries" }),

  news(nhk, {
    slug: "sakura-tokyo",
    lang: "ja",
    title: "東京で桜が満開 平年より5日早く",
    description: "気象庁は、東京の桜が満開になったと発表しました。平年より5日早く、去年より2日早い満開です。",
    sections: [
      {
        paragraphs: [
          "気象庁は27日、東京・千代田区の靖国神社にある標本木で桜が満開になったと発表しました。平年より5日早く、去年より2日早い満開です。",
          "都内の公園では、満開の桜の下で花見を楽しむ人たちの姿が多く見られました。",
          "気象庁によりますと、今月は気温の高い日が続いたため、桜の開花から満開までが早く進んだということです。"
        ]
      },
      {
        paragraphs: [
          "上野公園では、週末に向けて多くの花見客が訪れると見込まれ、公園の管理者はごみの持ち帰りを呼びかけています。"
        ]
      }
    ],
    topics: [
      "桜",
      "満開",
      "東京",
      "気象庁",
      "花見",
      "開花",
      "靖国神社",
      "標本木",
      "上野公園",
      "公園",
      "平年",
      "気温",
      "花見客"
    ]
  }, { section: "社会", author: "NHK", widgets: ["share"] })
]
