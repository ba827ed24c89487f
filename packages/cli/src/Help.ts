/** The environment variables `bookmarks --help` lists, with an example each (the full table is in the README). */
import * as HelpLayout from "./HelpLayout.js"

interface Variable {
  readonly name: string
  readonly meaning: string
  readonly example: string
}

const clients: ReadonlyArray<Variable> = [
  {
    name: "BOOKMARKS_URL",
    meaning: "Server the client commands talk to (or --url); default http://HOST:PORT.",
    example: "BOOKMARKS_URL=https://bookmarks.example.com bookmarks accounts list"
  },
  {
    name: "ADMIN_TOKEN",
    meaning:
      "Admin token for accounts, keys, users, webhooks, deliveries, import and export; default: the file DATA_DIR/admin-token the server wrote.",
    example: "ADMIN_TOKEN=adm_... bookmarks accounts create --plan plus"
  },
  {
    name: "BOOKMARKS_API_KEY",
    meaning: "Your API key for save, list and search.",
    example: "BOOKMARKS_API_KEY=bk_... bookmarks save https://example.com/"
  },
  {
    name: "DATA_DIR",
    meaning: "Data directory (default ./data): the embedded database, screenshots, admin-token.",
    example: "DATA_DIR=/var/lib/bookmarks bookmarks keys list --account acc_..."
  }
]

const servers: ReadonlyArray<Variable> = [
  {
    name: "HOST, PORT",
    meaning: "Listen address (default 127.0.0.1:3000); clients use it when BOOKMARKS_URL is unset.",
    example: "HOST=0.0.0.0 PORT=8080 bookmarks start"
  },
  {
    name: "DATABASE_URL",
    meaning: "Postgres instead of the embedded database.",
    example: "DATABASE_URL=postgres://bookmarks@db/bookmarks bookmarks serve"
  },
  {
    name: "REDIS_URL",
    meaning: "Redis for the allowance counters (several API processes).",
    example: "REDIS_URL=redis://cache:6379 bookmarks serve"
  },
  {
    name: "PUBLIC_URL",
    meaning: "Public base address, used in screenshot links.",
    example: "PUBLIC_URL=https://bookmarks.example.com bookmarks start"
  },
  {
    name: "SIGNUP, DEFAULT_PLAN",
    meaning: "SIGNUP=open lets people create accounts in the web app; DEFAULT_PLAN is their plan.",
    example: "SIGNUP=open DEFAULT_PLAN=plus bookmarks start"
  },
  {
    name: "IMPORT_HOST_GAP, IMPORT_LEASE",
    meaning: "Imports' pace per site (default 2s) and how soon a crashed worker's import resumes (15s).",
    example: "IMPORT_HOST_GAP=5s bookmarks work"
  },
  {
    name: "CORS_ORIGINS",
    meaning: "Browser origins allowed to call /v1/api (default: none).",
    example: "CORS_ORIGINS=https://app.example.com bookmarks serve"
  },
  {
    name: "CHROMIUM_PATH, SCREENSHOTS",
    meaning: "Browser for screenshots; SCREENSHOTS=false turns them off.",
    example: "CHROMIUM_PATH=/usr/bin/chromium bookmarks work"
  },
  {
    name: "METRICS_TOKEN, METRICS_PORT",
    meaning:
      "Bearer token /metrics requires (default: open); the port bookmarks work serves /metrics on. METRICS=false turns metrics off.",
    example: "METRICS_TOKEN=... METRICS_PORT=9464 bookmarks work"
  },
  {
    name: "OTEL_EXPORTER_OTLP_ENDPOINT",
    meaning: "Send traces over OTLP/HTTP (default: no traces).",
    example: "OTEL_EXPORTER_OTLP_ENDPOINT=http://otel-collector:4318 bookmarks serve"
  },
  {
    name: "ALLOW_HOSTS, ALLOW_HTTP_WEBHOOKS",
    meaning: "Hosts and ranges of your own network that saved pages and webhooks may reach (default: public " +
      "addresses only); ALLOW_HTTP_WEBHOOKS=true accepts http:// webhook endpoints.",
    example: "ALLOW_HOSTS='wiki.home, 192.168.1.0/24' bookmarks start"
  },
  {
    name: "TRUST_PROXY",
    meaning: "Proxies whose X-Request-Id is kept (addresses, CIDR ranges).",
    example: "TRUST_PROXY=10.0.0.0/8 bookmarks serve"
  },
  {
    name: "DELIVERY_LOG_RETENTION",
    meaning: "How long webhook delivery attempts are kept (default 30d).",
    example: "DELIVERY_LOG_RETENTION=7d bookmarks work"
  },
  {
    name: "LOG_LEVEL, LOG_FORMAT",
    meaning: "info|debug|...; json|pretty.",
    example: "LOG_LEVEL=debug LOG_FORMAT=pretty bookmarks start"
  }
]

/** A variable a paragraph: its name, what it means, an example; each within 80 columns. */
const list = (variables: ReadonlyArray<Variable>) =>
  variables.flatMap((v, i) => [
    ...(i === 0 ? [] : [""]),
    `  ${v.name}`,
    ...HelpLayout.wrap(v.meaning, 6),
    ...HelpLayout.wrap(`e.g. ${v.example}`, 6, 10)
  ])

/** The root command's description: what the command does, in one sentence; the commands follow it. */
export const description =
  "Bookmark library service: run it (start, serve, work, migrate, assets migrate), administer it (accounts, keys, " +
  "users, webhooks, deliveries, import, imports, export) and use it (save, list, search)."

/** What closes the root help page: the environment of its commands. */
export const environment: ReadonlyArray<string> = [
  "ENVIRONMENT OF THE CLIENT COMMANDS",
  "",
  ...list(clients),
  "",
  "ENVIRONMENT OF THE SERVERS (all of it: README, Configuration)",
  "",
  ...list(servers)
]
