/** Forum threads: Q&A sites whose `<title>` carries a tag prefix and the site, discussion boards with prefixes. */
import type { Page } from "../Page.js"
import { forum, type Site } from "../Skins.js"

const stack: Site = { name: "Stack Overflow", host: "stackoverflow.com" }
const cooking: Site = { name: "Seasoned Advice", host: "cooking.stackexchange.com" }
const reddit: Site = { name: "Reddit", host: "www.reddit.com" }
const discourse: Site = { name: "Homelab Forum", host: "forum.homelab.community" }
const bikes: Site = { name: "Bike Forums", host: "www.bikeforums.example" }

export const pages: ReadonlyArray<Page> = [
  forum(stack, {
    slug: "undo-last-commit",
    title: "How do I undo the most recent local commits in Git?",
    description:
      "I accidentally committed the wrong files to Git, but didn't push the commit to the server yet. How do I undo those commits from the local repository?",
    sections: [{
      paragraphs: [
        "I accidentally committed the wrong files to Git, but didn't push the commit to the server yet. How do I undo those commits from the local repository?",
        "The files themselves are fine, I just want to commit them differently. Is there a way to keep the changes in my working tree?"
      ]
    }],
    gist: [0, 1],
    topics: [
      "git",
      "commit",
      "commits",
      "undo",
      "local repository",
      "working tree",
      "reset",
      "git reset",
      "files",
      "server",
      "push",
      "head"
    ]
  }, {
    style: "stack",
    titleTag: "git - How do I undo the most recent local commits in Git? - Stack Overflow",
    ogTitle: "How do I undo the most recent local commits in Git?",
    category: "git",
    path: "/questions/927358/how-do-i-undo-the-most-recent-local-commits-in-git",
    answers: [
      {
        author: "Esko Luontola",
        votes: 27000,
        accepted: true,
        paragraphs: [
          "Use git reset with the soft option to move the branch pointer back by one commit while keeping your changes staged. Then fix the files and commit again.",
          "If you have already pushed the commit, do not rewrite history that others may have pulled; use git revert to create a new commit that undoes it instead."
        ],
        code: "git reset --soft HEAD~1"
      },
      {
        author: "Andrew",
        votes: 1200,
        paragraphs: [
          "If you want to throw the changes away completely, use the hard option, but be careful: uncommitted work is lost for good."
        ]
      }
    ]
  }),

  forum(cooking, {
    slug: "bread-did-not-rise",
    title: "Why did my whole wheat bread not rise?",
    description:
      "I followed a whole wheat recipe exactly, but the loaf came out dense and flat. The yeast was new and the kitchen was warm.",
    sections: [{
      paragraphs: [
        "I followed a whole wheat recipe exactly, but the loaf came out dense and flat. The yeast was new and the kitchen was warm.",
        "The dough doubled in size during the first rise, but it collapsed when I shaped it and barely grew in the oven. What did I do wrong?"
      ]
    }],
    gist: [0, 1],
    topics: [
      "bread",
      "whole wheat",
      "whole wheat bread",
      "rise",
      "loaf",
      "dough",
      "yeast",
      "gluten",
      "proofing",
      "flour",
      "oven",
      "bran",
      "recipe"
    ]
  }, {
    style: "stack",
    titleTag: "baking - Why did my whole wheat bread not rise? - Seasoned Advice",
    ogTitle: "Why did my whole wheat bread not rise?",
    category: "baking",
    path: "/questions/11234/why-did-my-whole-wheat-bread-not-rise",
    answers: [
      {
        author: "Elendil",
        votes: 31,
        accepted: true,
        paragraphs: [
          "Whole wheat flour has less usable gluten than white flour, because the bran cuts the gluten strands. Your dough was probably over-proofed by the time you shaped it.",
          "Try a shorter first rise and add a tablespoon of vital wheat gluten per cup of flour."
        ]
      }
    ]
  }),

  forum(reddit, {
    slug: "starter-stopped-rising",
    title: "My starter stopped rising after I moved it to the fridge",
    description:
      "It doubled every day on the counter for two weeks. Since I started keeping it in the fridge it barely bubbles, even after feeding.",
    sections: [{
      paragraphs: [
        "It doubled every day on the counter for two weeks. Since I started keeping it in the fridge it barely bubbles, even after feeding.",
        "I feed it equal weights of flour and water once a week and leave it out for an hour before putting it back. Is it dead?"
      ]
    }],
    gist: [0, 1],
    topics: [
      "starter",
      "sourdough starter",
      "sourdough",
      "fridge",
      "feeding",
      "flour",
      "water",
      "rising",
      "bubbles",
      "yeast",
      "counter",
      "room temperature"
    ]
  }, {
    style: "reddit",
    titleTag: "My starter stopped rising after I moved it to the fridge : r/Sourdough",
    ogTitle: "r/Sourdough on Reddit: My starter stopped rising after I moved it to the fridge",
    category: "r/Sourdough",
    path: "/r/Sourdough/comments/1b2c3d/my_starter_stopped_rising_after_i_moved_it_to_the/",
    answers: [
      {
        author: "crumbshot",
        votes: 212,
        paragraphs: [
          "It's not dead, just sleepy. Take it out, feed it twice a day at room temperature for a few days and it will be back to doubling."
        ]
      },
      {
        author: "levain_larry",
        votes: 87,
        paragraphs: ["A fridge starter needs a couple of warm feedings before baking. Plan a day or two ahead."]
      }
    ]
  }),

  forum(discourse, {
    slug: "postgres-pool-exhausted",
    title: "Postgres connection pool exhausted after upgrading the app server",
    description:
      "Since upgrading our app server last week, the connection pool runs out under moderate load and requests time out.",
    sections: [{
      paragraphs: [
        "Since upgrading our app server last week, the connection pool runs out under moderate load and requests time out. The database itself shows only a handful of active queries.",
        "We run four instances with a pool of twenty connections each against a Postgres 15 server that allows a hundred connections. Has anyone seen this after the upgrade?"
      ]
    }],
    gist: [0, 1],
    topics: [
      "postgres",
      "connection pool",
      "connections",
      "pool",
      "app server",
      "upgrade",
      "database",
      "queries",
      "load",
      "requests",
      "instances",
      "transactions",
      "timeout"
    ]
  }, {
    style: "discourse",
    titleTag: "Postgres connection pool exhausted after upgrading the app server - Databases - Homelab Forum",
    ogTitle: "Postgres connection pool exhausted after upgrading the app server",
    category: "Databases",
    path: "/t/postgres-connection-pool-exhausted-after-upgrading-the-app-server/4512",
    answers: [
      {
        author: "pgwizard",
        votes: 14,
        accepted: true,
        paragraphs: [
          "The new version keeps a connection checked out for the whole request, including the time spent rendering templates. Look for long-running transactions that are idle in transaction.",
          "Setting a statement timeout and releasing the connection before rendering fixed the same problem for us."
        ]
      }
    ]
  }),

  forum(bikes, {
    slug: "chain-skips-under-load",
    title: "Chain skips under load on the two smallest cogs",
    description:
      "New chain, new cassette, but the chain still skips when I stand on the pedals in the two smallest cogs.",
    sections: [{
      paragraphs: [
        "New chain, new cassette, but the chain still skips when I stand on the pedals in the two smallest cogs. It only happens under load, never when I spin easily.",
        "The derailleur hanger looks straight to me and the indexing seems fine on the stand. Could the chainrings be worn?"
      ]
    }],
    gist: [0, 1],
    topics: [
      "chain",
      "cogs",
      "cassette",
      "chain skips",
      "skipping",
      "derailleur",
      "derailleur hanger",
      "chainrings",
      "pedals",
      "indexing",
      "load",
      "freehub",
      "worn"
    ]
  }, {
    style: "discourse",
    titleTag: "Chain skips under load on the two smallest cogs - Bicycle Mechanics & Repair | Bike Forums",
    category: "Bicycle Mechanics & Repair",
    path: "/threads/chain-skips-under-load-on-the-two-smallest-cogs.1290871/",
    answers: [
      {
        author: "wrenchy",
        votes: 9,
        paragraphs: [
          "Worn chainrings are a classic cause, but check the freehub body first: a cassette that rocks on a damaged freehub skips exactly like that."
        ]
      }
    ]
  })
]
