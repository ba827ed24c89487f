/** Documentation pages: reference pages with code, book chapters with a sidebar, Sphinx pages with header links. */
import type { Page } from "../Page.js"
import { docs, type Site } from "../Skins.js"

const mdn: Site = { name: "MDN Web Docs", host: "developer.mozilla.org" }
const book: Site = { name: "The Rust Programming Language", host: "doc.rust-lang.org" }
const python: Site = { name: "Python documentation", host: "docs.python.org" }
const pg: Site = { name: "PostgreSQL Documentation", host: "www.postgresql.org" }
const effect: Site = { name: "Effect Documentation", host: "effect.website" }
const git: Site = { name: "Git", host: "git-scm.com" }

export const pages: ReadonlyArray<Page> = [
  docs(mdn, {
    slug: "array-map",
    title: "Array.prototype.map()",
    description:
      "The map() method of Array instances creates a new array populated with the results of calling a provided function on every element in the calling array.",
    sections: [
      {
        paragraphs: [
          "The map() method of Array instances creates a new array populated with the results of calling a provided function on every element in the calling array.",
          "The map() method is an iterative method. It calls a provided callbackFn function once for each element in an array and constructs a new array from the results.",
          "Since map builds a new array, calling it without using the returned array is an anti-pattern; use forEach or for...of instead."
        ],
        code:
          "const array1 = [1, 4, 9, 16];\nconst map1 = array1.map((x) => x * 2);\nconsole.log(map1);\n// Expected output: Array [2, 8, 18, 32]"
      },
      {
        heading: "Syntax",
        paragraphs: [
          "The callback is invoked with three arguments: the value of the element, the index of the element, and the array object being mapped."
        ],
        code: "map(callbackFn)\nmap(callbackFn, thisArg)"
      },
      {
        heading: "Description",
        paragraphs: [
          "The callbackFn is invoked only for array indexes which have assigned values. It is not invoked for empty slots in sparse arrays.",
          "The map() method is generic. It only expects the this value to have a length property and integer-keyed properties."
        ]
      }
    ],
    topics: [
      "map",
      "array",
      "arrays",
      "callback",
      "callbackfn",
      "element",
      "elements",
      "method",
      "function",
      "javascript",
      "iterative method",
      "foreach",
      "sparse arrays"
    ]
  }, {
    style: "mdn",
    titleTag: "Array.prototype.map() - JavaScript | MDN",
    ogTitle: "Array.prototype.map() - JavaScript | MDN",
    sidebar: [
      "Array",
      "Array.prototype.at()",
      "Array.prototype.concat()",
      "Array.prototype.filter()",
      "Array.prototype.map()",
      "Array.prototype.reduce()"
    ],
    path: "/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/map"
  }),

  docs(book, {
    slug: "references-and-borrowing",
    title: "References and Borrowing",
    sections: [
      {
        paragraphs: [
          "The issue with the tuple code in the previous chapter is that we have to return the String to the calling function so we can still use the String after the call to calculate_length. Instead, we can provide a reference to the String value.",
          "A reference is like a pointer in that it's an address we can follow to access the data stored at that address; that data is owned by some other variable. Unlike a pointer, a reference is guaranteed to point to a valid value of a particular type for the life of that reference.",
          "We call the action of creating a reference borrowing. As in real life, if a person owns something, you can borrow it from them. When you're done, you have to give it back. You don't own it."
        ],
        code: "fn calculate_length(s: &String) -> usize {\n    s.len()\n}"
      },
      {
        heading: "Mutable References",
        paragraphs: [
          "We can fix the code so it allows us to modify a borrowed value with just a few small tweaks that use, instead, a mutable reference.",
          "Mutable references have one big restriction: if you have a mutable reference to a value, you can have no other references to that value. This restriction allows for mutation but in a very controlled fashion."
        ]
      },
      {
        heading: "Dangling References",
        paragraphs: [
          "In languages with pointers, it's easy to erroneously create a dangling pointer by freeing some memory while preserving a pointer to that memory. In Rust, by contrast, the compiler guarantees that references will never be dangling references."
        ]
      },
      {
        heading: "The Rules of References",
        paragraphs: [
          "At any given time, you can have either one mutable reference or any number of immutable references. References must always be valid."
        ]
      }
    ],
    topics: [
      "references",
      "reference",
      "borrowing",
      "borrow",
      "mutable references",
      "mutable reference",
      "rust",
      "pointer",
      "pointers",
      "dangling references",
      "string",
      "compiler",
      "value",
      "immutable references",
      "ownership"
    ]
  }, {
    style: "book",
    titleTag: "References and Borrowing - The Rust Programming Language",
    sidebar: [
      "Getting Started",
      "Programming a Guessing Game",
      "Common Programming Concepts",
      "Understanding Ownership",
      "What is Ownership?",
      "References and Borrowing",
      "The Slice Type"
    ],
    path: "/book/ch04-02-references-and-borrowing.html"
  }),

  docs(python, {
    slug: "json",
    title: "json — JSON encoder and decoder",
    description:
      "Source code: Lib/json/__init__.py. JSON (JavaScript Object Notation) is a lightweight data interchange format inspired by JavaScript object literal syntax.",
    sections: [
      {
        paragraphs: [
          "JSON (JavaScript Object Notation), specified by RFC 7159 and by ECMA-404, is a lightweight data interchange format inspired by JavaScript object literal syntax.",
          "The json module exposes an API familiar to users of the standard library marshal and pickle modules. It can encode Python objects as JSON text and decode JSON text into Python objects.",
          "Be cautious when parsing JSON data from untrusted sources. A malicious JSON string may cause the decoder to consume considerable CPU and memory resources."
        ],
        code:
          ">>> import json\n>>> json.dumps(['foo', {'bar': ('baz', None, 1.0, 2)}])\n'[\"foo\", {\"bar\": [\"baz\", null, 1.0, 2]}]'"
      },
      {
        heading: "Basic Usage",
        paragraphs: [
          "The dump function serializes an object as a JSON formatted stream to a file-like object. The load function deserializes a file-like object containing a JSON document to a Python object.",
          "Keys in key-value pairs of JSON are always of the type str. When a dictionary is converted into JSON, all the keys of the dictionary are coerced to strings."
        ]
      }
    ],
    topics: [
      "json",
      "encoder",
      "decoder",
      "python",
      "javascript object notation",
      "data interchange format",
      "module",
      "objects",
      "serializes",
      "deserializes",
      "dictionary",
      "keys",
      "untrusted sources",
      "standard library"
    ]
  }, {
    style: "sphinx",
    titleTag: "json — JSON encoder and decoder — Python 3.13.2 documentation",
    ogTitle: "json — JSON encoder and decoder",
    sidebar: ["Internet Data Handling", "email", "json", "mailbox", "mimetypes", "base64"],
    path: "/3/library/json.html"
  }),

  docs(pg, {
    slug: "create-index",
    title: "CREATE INDEX",
    expectTitle: "CREATE INDEX",
    description: "CREATE INDEX — define a new index",
    sections: [
      {
        paragraphs: [
          "CREATE INDEX constructs an index on the specified column(s) of the specified relation, which can be a table or a materialized view. Indexes are primarily used to enhance database performance, though inappropriate use can result in slower performance.",
          "The key field(s) for the index are specified as column names, or alternatively as expressions written in parentheses. Multiple fields can be specified if the index method supports multicolumn indexes.",
          "PostgreSQL provides the index methods B-tree, hash, GiST, SP-GiST, GIN, and BRIN. Users can also define their own index methods, but that is fairly complicated."
        ],
        code:
          "CREATE [ UNIQUE ] INDEX [ CONCURRENTLY ] [ [ IF NOT EXISTS ] name ] ON [ ONLY ] table_name [ USING method ]\n    ( { column_name | ( expression ) } [ COLLATE collation ] [ opclass ] [ ASC | DESC ] [, ...] )"
      },
      {
        heading: "Building Indexes Concurrently",
        paragraphs: [
          "Creating an index can interfere with regular operation of a database. Normally PostgreSQL locks the table to be indexed against writes and performs the entire index build with a single scan of the table.",
          "PostgreSQL supports building indexes without locking out writes. This method is invoked by specifying the CONCURRENTLY option of CREATE INDEX."
        ]
      }
    ],
    topics: [
      "create index",
      "index",
      "indexes",
      "postgresql",
      "column",
      "table",
      "database",
      "b-tree",
      "concurrently",
      "index methods",
      "performance",
      "gin",
      "brin",
      "multicolumn indexes",
      "writes"
    ]
  }, {
    style: "readme",
    titleTag: "PostgreSQL: Documentation: 17: CREATE INDEX",
    sidebar: ["SQL Commands", "CREATE FUNCTION", "CREATE INDEX", "CREATE MATERIALIZED VIEW", "CREATE TABLE"],
    path: "/docs/current/sql-createindex.html"
  }),

  docs(effect, {
    slug: "retrying",
    title: "Retrying",
    description:
      "Learn how to retry failing effects with schedules: fixed delays, exponential backoff, limits on attempts and fallbacks.",
    sections: [
      {
        paragraphs: [
          "In software development, it's common to encounter situations where an operation may fail temporarily due to various factors such as network issues or unavailable resources. In such cases, it's often desirable to retry the operation automatically.",
          "The retry function takes an effect and a schedule, and runs the effect again whenever it fails, as long as the schedule allows another attempt.",
          "A schedule decides how long to wait between attempts and when to give up. Effect ships schedules for fixed delays, exponential backoff and jitter, and they can be combined."
        ],
        code:
          "const policy = Schedule.addDelay(Schedule.recurs(2), () => \"100 millis\")\nconst repeated = Effect.retry(task, policy)"
      },
      {
        heading: "retryOrElse",
        paragraphs: [
          "The retryOrElse function attempts to retry a failing effect multiple times according to a defined schedule. If the retries are exhausted and the effect still fails, it runs a fallback effect instead.",
          "This is useful when a degraded result, such as a cached value, is better than a failure."
        ]
      }
    ],
    topics: [
      "retry",
      "retrying",
      "retries",
      "schedule",
      "schedules",
      "effect",
      "exponential backoff",
      "fallback",
      "attempts",
      "jitter",
      "retryorelse",
      "delays",
      "operation"
    ]
  }, {
    style: "mdn",
    titleTag: "Retrying | Effect Documentation",
    ogTitle: "Retrying",
    sidebar: ["Getting Started", "Error Management", "Expected Errors", "Retrying", "Timing Out", "Sandboxing"],
    path: "/docs/error-management/retrying/"
  }),

  docs(git, {
    slug: "git-rebase",
    title: "git-rebase Documentation",
    expectTitle: "git-rebase Documentation",
    sections: [
      {
        paragraphs: [
          "Reapply commits on top of another base tip. If the branch is specified, git rebase will perform an automatic git switch to that branch before doing anything else.",
          "All changes made by commits in the current branch but that are not in upstream are saved to a temporary area. The current branch is then reset to upstream, and the saved commits are reapplied one by one, in order.",
          "It is possible that a merge failure will prevent this process from being completely automatic. You will have to resolve any such merge failure and run git rebase --continue."
        ]
      },
      {
        heading: "Interactive mode",
        paragraphs: [
          "Rebasing interactively means that you have a chance to edit the commits which are rebased. You can reorder the commits, and you can remove them, weeding out bad or otherwise unwanted patches.",
          "The interactive mode is meant for this type of workflow: you have a wonderful idea, you edit the code, you prepare a series for submission, and you submit it."
        ]
      }
    ],
    topics: [
      "git",
      "rebase",
      "git rebase",
      "commits",
      "commit",
      "branch",
      "upstream",
      "merge failure",
      "interactive mode",
      "rebasing",
      "patches",
      "base tip",
      "workflow"
    ]
  }, {
    style: "readme",
    titleTag: "Git - git-rebase Documentation",
    sidebar: [
      "Setup and Config",
      "Getting and Creating Projects",
      "Basic Snapshotting",
      "Branching and Merging",
      "Sharing and Updating Projects",
      "Patching"
    ],
    path: "/docs/git-rebase"
  })
]
