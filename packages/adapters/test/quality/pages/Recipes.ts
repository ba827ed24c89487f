/** Recipe pages: Recipe JSON-LD beside a WebSite node, a story before the card, ingredients with units and times. */
import type { Page } from "../Page.js"
import { recipe, type Site } from "../Skins.js"

const sally: Site = { name: "Hearth & Crumb", host: "hearthandcrumb.com" }
const curry: Site = { name: "Spice Route Kitchen", host: "spiceroutekitchen.com" }
const ottolenghi: Site = { name: "Weeknight Table", host: "weeknighttable.co.uk" }

export const pages: ReadonlyArray<Page> = [
  recipe(sally, {
    slug: "classic-banana-bread",
    title: "Classic Banana Bread",
    description:
      "A moist, tender banana bread made with very ripe bananas, brown sugar and a touch of cinnamon. Baking it low and slow keeps the crumb soft.",
    sections: [
      {
        paragraphs: [
          "This classic banana bread is moist, tender and full of flavour, and it is the recipe I bake more than any other. The secret is very ripe bananas, the ones with more brown spots than yellow.",
          "Brown sugar keeps the loaf soft for days, and a little cinnamon makes the whole kitchen smell wonderful while it bakes.",
          "I bake banana bread at a slightly lower temperature than most recipes, so the centre cooks through before the crust gets too dark."
        ]
      },
      {
        heading: "Tips for the best banana bread",
        paragraphs: [
          "Mash the bananas well, but do not overmix the batter once the flour goes in. Overmixing develops gluten and makes the bread tough.",
          "If the top browns too quickly, cover the pan loosely with foil for the last twenty minutes of baking."
        ]
      }
    ],
    topics: [
      "banana bread",
      "bananas",
      "banana",
      "bread",
      "brown sugar",
      "cinnamon",
      "loaf",
      "baking",
      "bake",
      "batter",
      "flour",
      "crumb",
      "recipe",
      "quick bread"
    ]
  }, {
    titleTag: "Classic Banana Bread Recipe - Hearth & Crumb",
    recipeName: "Classic Banana Bread",
    ingredients: [
      "3 very ripe bananas",
      "1/3 cup (75g) melted butter",
      "3/4 cup (150g) brown sugar",
      "1 large egg",
      "1 tsp baking soda",
      "1 tsp cinnamon",
      "1 1/2 cups (190g) all-purpose flour"
    ],
    steps: [
      "Preheat the oven to 165°C (325°F) and butter a loaf pan.",
      "Mash the bananas, then stir in the melted butter, sugar and egg.",
      "Fold in the flour, baking soda and cinnamon until just combined.",
      "Bake for 60 to 65 minutes, until a skewer comes out clean."
    ],
    totalTime: "1 hour 20 minutes",
    yield: "10 slices",
    author: "Sally Porter"
  }),

  recipe(curry, {
    slug: "chicken-tikka-masala",
    title: "Easy Chicken Tikka Masala",
    description: "Tender chicken in a creamy, spiced tomato sauce, ready in 45 minutes with spices you already have.",
    sections: [
      {
        paragraphs: [
          "Chicken tikka masala is the curry my family asks for every week: tender pieces of marinated chicken in a creamy, lightly spiced tomato sauce.",
          "The marinade of yoghurt, garlic, ginger and garam masala tenderises the chicken, and a hot pan gives it the charred edges you would get from a tandoor.",
          "This version comes together in about 45 minutes, which makes it a perfect weeknight dinner with rice or warm naan."
        ]
      },
      {
        heading: "Can I make it ahead?",
        paragraphs: [
          "Yes. The sauce tastes even better the next day, and the curry keeps for three days in the fridge or three months in the freezer."
        ]
      }
    ],
    topics: [
      "chicken tikka masala",
      "chicken",
      "tikka masala",
      "curry",
      "tomato sauce",
      "sauce",
      "marinade",
      "yoghurt",
      "garam masala",
      "spices",
      "garlic",
      "ginger",
      "naan",
      "rice",
      "dinner",
      "tandoor"
    ]
  }, {
    titleTag: "Easy Chicken Tikka Masala (45 Minutes!) | Spice Route Kitchen",
    recipeName: "Easy Chicken Tikka Masala",
    ingredients: [
      "700g boneless chicken thighs",
      "1 cup plain yoghurt",
      "2 tbsp garam masala",
      "4 cloves garlic",
      "1 tbsp grated ginger",
      "400g crushed tomatoes",
      "150ml double cream"
    ],
    steps: [
      "Marinate the chicken in yoghurt and spices for at least 20 minutes.",
      "Sear the chicken in a hot pan until charred at the edges.",
      "Simmer the tomatoes with garlic, ginger and garam masala for 15 minutes.",
      "Stir in the cream and the chicken and simmer for 10 minutes more."
    ],
    totalTime: "45 minutes",
    yield: "4 servings",
    author: "Anjali Mehta"
  }),

  recipe(ottolenghi, {
    slug: "rosemary-focaccia",
    title: "No-Knead Rosemary Focaccia",
    description:
      "A bubbly, golden focaccia with crisp edges, made with a wet no-knead dough that rises overnight in the fridge.",
    sections: [
      {
        paragraphs: [
          "This no-knead focaccia is the easiest bread you will ever bake: stir the dough together in five minutes, leave it in the fridge overnight, and bake it the next day.",
          "A very wet dough and a long, cold rise give the focaccia its big bubbles and open crumb, while plenty of olive oil in the tin makes the bottom crisp and golden.",
          "Press your fingers into the risen dough to make dimples, then scatter it with rosemary and flaky salt just before baking."
        ]
      },
      {
        heading: "Why the cold rise matters",
        paragraphs: [
          "Slow fermentation in the fridge develops flavour that a quick rise cannot match, and it fits around a working day."
        ]
      }
    ],
    topics: [
      "focaccia",
      "rosemary",
      "no-knead",
      "dough",
      "bread",
      "olive oil",
      "cold rise",
      "rise",
      "bubbles",
      "crumb",
      "flaky salt",
      "fermentation",
      "baking",
      "bake"
    ]
  }, {
    titleTag: "No-Knead Rosemary Focaccia | Weeknight Table",
    ogTitle: null,
    recipeName: "No-Knead Rosemary Focaccia",
    ingredients: [
      "500g strong white bread flour",
      "400ml lukewarm water",
      "7g instant yeast",
      "10g fine salt",
      "6 tbsp olive oil",
      "2 sprigs rosemary",
      "1 tsp flaky sea salt"
    ],
    steps: [
      "Stir the flour, water, yeast and salt into a shaggy dough.",
      "Cover and refrigerate for 12 to 24 hours.",
      "Tip the dough into an oiled tin and let it rise for 2 hours.",
      "Dimple, top with rosemary and salt, and bake at 230°C for 22 minutes."
    ],
    totalTime: "14 hours",
    yield: "1 tray",
    author: "Hannah Cole"
  }),

  recipe(sally, {
    slug: "lemon-tart",
    title: "French Lemon Tart",
    description: "A crisp sweet pastry shell filled with a silky, sharp lemon curd, baked just until set.",
    sections: [
      {
        paragraphs: [
          "A French lemon tart is all about contrast: a crisp, buttery pastry shell and a silky filling that is sharp with lemon juice and zest.",
          "The filling is a simple lemon curd of eggs, sugar, cream and juice, poured into the blind-baked pastry case and baked just until it stops wobbling in the centre.",
          "Chill the tart for at least two hours before slicing, so the filling sets cleanly."
        ]
      },
      {
        heading: "Blind baking the pastry",
        paragraphs: [
          "Line the chilled pastry with baking paper and fill it with baking beans, so the base stays flat and the sides do not slump in the oven."
        ]
      }
    ],
    topics: [
      "lemon tart",
      "tart",
      "lemon",
      "lemon curd",
      "pastry",
      "pastry shell",
      "filling",
      "blind baking",
      "lemon juice",
      "zest",
      "eggs",
      "cream",
      "dessert",
      "french"
    ]
  }, {
    titleTag: "French Lemon Tart (Tarte au Citron) - Hearth & Crumb",
    recipeName: "French Lemon Tart",
    ingredients: [
      "1 sweet shortcrust pastry case",
      "4 large eggs",
      "150g caster sugar",
      "150ml double cream",
      "3 lemons, juice and zest"
    ],
    steps: [
      "Blind bake the pastry case at 180°C for 15 minutes.",
      "Whisk the eggs, sugar, cream, lemon juice and zest.",
      "Pour into the case and bake at 140°C for 25 to 30 minutes.",
      "Chill for at least two hours before serving."
    ],
    totalTime: "1 hour 30 minutes",
    yield: "8 slices",
    author: "Sally Porter"
  })
]
