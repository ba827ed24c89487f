/**
 * The schema, bundled in code, and how it is applied: every process may run it at start; a Postgres
 * advisory lock makes the first one apply it and the others wait, then find nothing to do.
 */
import { CanonicalUrl } from "@bookmark-library/domain"
import { Effect, Layer, Schema } from "effect"
import * as Migrator from "effect/sql/Migrator"
import * as SqlClient from "effect/sql/SqlClient"
import { storage } from "../clients/SqlFailure.js"
import { contentHashes } from "./ContentHashes.js"
import { tagCounts } from "./TagCounts.js"

const statements = (...ddl: ReadonlyArray<string>) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => Effect.forEach(ddl, (statement) => sql.unsafe(statement), { discard: true })
  )

/*
 * Times are epoch milliseconds in bigint columns: the domain's unit, exact, and ordered like the cursor.
 * Effective title/description/note/tags are written with every change of their inputs (Bookmark.effective),
 * so filters and search see what readers see. `tag_keys` holds `Tags.tagKey` of each effective tag.
 * The URL is indexed twice: as the parser sees it (host, path) and split into its words.
 */
const initial = statements(
  `CREATE TABLE accounts (
    id text PRIMARY KEY,
    plan text NOT NULL,
    created_at bigint NOT NULL,
    plan_changed_at bigint NOT NULL,
    last_bookmark_at bigint,
    webhook_count integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE api_keys (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    key_hash text NOT NULL UNIQUE,
    label text NOT NULL,
    masked text NOT NULL,
    created_at bigint NOT NULL,
    revoked_at bigint,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX api_keys_account ON api_keys (account_id, created_at, seq)`,
  `CREATE TABLE bookmarks (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url text NOT NULL,
    source text NOT NULL,
    created_at bigint NOT NULL,
    status text NOT NULL,
    processing_error text NOT NULL,
    caller_tags jsonb NOT NULL,
    note text NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    type text NOT NULL,
    image text NOT NULL,
    favicon text NOT NULL,
    screenshot text NOT NULL,
    summary text NOT NULL,
    derived_tags jsonb NOT NULL,
    overrides jsonb NOT NULL,
    page_text text NOT NULL,
    effective_title text NOT NULL,
    effective_description text NOT NULL,
    effective_note text NOT NULL,
    effective_tags jsonb NOT NULL,
    tag_keys text[] NOT NULL,
    search tsvector GENERATED ALWAYS AS (
      to_tsvector('english'::regconfig,
        effective_title || ' ' || effective_description || ' ' || summary || ' ' || effective_note || ' ' ||
        url || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g') || ' ' || left(page_text, 200000))
      || to_tsvector('english'::regconfig, effective_tags)
    ) STORED,
    CONSTRAINT bookmarks_account_created UNIQUE (account_id, created_at)
  )`,
  `CREATE INDEX bookmarks_tag_keys ON bookmarks USING gin (tag_keys)`,
  `CREATE INDEX bookmarks_search ON bookmarks USING gin (search)`,
  /*
   * Newest-first pages either walk (account_id, created_at) backwards or take the GIN matches and sort them;
   * the planner picks well only if it knows rare words are rare. The default target tracks 1,000 lexemes
   * and guesses 0.5 % for the rest, which sent rare-word searches over 1M rows down a full backward walk
   * (1.4–2.6 s instead of 20–60 ms, measured on a busy 2-core machine); 10,000 tracked lexemes fix that.
   */
  `ALTER TABLE bookmarks ALTER COLUMN search SET STATISTICS 1000`,
  `ALTER TABLE bookmarks ALTER COLUMN tag_keys SET STATISTICS 1000`,
  `CREATE TABLE jobs (
    id text PRIMARY KEY,
    bookmark_id text NOT NULL REFERENCES bookmarks (id) ON DELETE CASCADE,
    attempts integer NOT NULL DEFAULT 0,
    run_at bigint NOT NULL,
    locked_until bigint NOT NULL DEFAULT 0,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX jobs_due ON jobs (run_at, seq)`,
  `CREATE TABLE webhooks (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url text NOT NULL,
    events text[] NOT NULL,
    description text NOT NULL,
    active boolean NOT NULL,
    secret text NOT NULL,
    failure_count integer NOT NULL,
    last_status integer NOT NULL,
    last_delivered_at bigint,
    failing_since bigint,
    created_at bigint NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX webhooks_account ON webhooks (account_id, created_at, seq)`,
  `CREATE TABLE deliveries (
    id text PRIMARY KEY,
    webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    account_id text NOT NULL,
    event text NOT NULL,
    body text NOT NULL,
    state text NOT NULL,
    attempts integer NOT NULL,
    next_attempt_at bigint NOT NULL,
    created_at bigint NOT NULL,
    locked_until bigint NOT NULL DEFAULT 0,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX deliveries_pending ON deliveries (webhook_id, next_attempt_at, seq) WHERE state = 'pending'`,
  `CREATE INDEX deliveries_webhook ON deliveries (webhook_id, created_at, seq)`,
  `CREATE TABLE allowance_counters (
    account_id text PRIMARY KEY,
    minute_start bigint NOT NULL,
    minute_count bigint NOT NULL,
    period_start bigint NOT NULL,
    period_count bigint NOT NULL,
    total bigint NOT NULL,
    admitted boolean NOT NULL
  )`,
  `CREATE TABLE allowance_key_counters (
    account_id text NOT NULL,
    key_id text NOT NULL,
    period_start bigint NOT NULL,
    count bigint NOT NULL,
    PRIMARY KEY (account_id, key_id)
  )`,
  `CREATE TABLE assets (
    id text PRIMARY KEY,
    content_type text NOT NULL,
    bytes bytea NOT NULL
  )`
)

/*
 * Bookmarks stored the absolute screenshot link (PUBLIC_URL + the assets route); storage now keeps the asset id and
 * the HTTP layer builds the link when it answers (docs/decisions.md, "Asset links"). A value that names no asset
 * becomes "" (no screenshot), which is what answers showed for it anyway.
 */
const screenshotAssetIds = statements(
  `UPDATE bookmarks
    SET screenshot = coalesce(substring(screenshot FROM '/assets/([0-9a-f]{32})$'), '')
    WHERE screenshot <> '' AND screenshot !~ '^[0-9a-f]{32}$'`
)

/** The `url=` filter of a page: one account's bookmarks of one page, newest first, without a scan. */
const bookmarksByUrl = statements(
  `CREATE INDEX bookmarks_account_url ON bookmarks (account_id, url, created_at)`
)

/*
 * People of the web app (docs/people.md). `first_user_claim` holds at most one row: the first-run account is
 * created only by the transaction that inserts it, so two people racing to claim a new server cannot both win.
 * Sessions are stored by the SHA-256 of their token; sign-in failures as one fixed window per key.
 */
const people = statements(
  `CREATE TABLE users (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    created_at bigint NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX users_account ON users (account_id, created_at, seq)`,
  `CREATE TABLE first_user_claim (
    id integer PRIMARY KEY CHECK (id = 1),
    user_id text NOT NULL
  )`,
  `CREATE TABLE sessions (
    hash text PRIMARY KEY,
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL
  )`,
  `CREATE INDEX sessions_user ON sessions (user_id)`,
  `CREATE INDEX sessions_expiry ON sessions (expires_at)`,
  `CREATE TABLE sign_in_failures (
    key text PRIMARY KEY,
    since bigint NOT NULL,
    count integer NOT NULL
  )`
)

/* The delivery log (one row per attempt), and which bookmark each delivery is about (to cancel it on delete). */
const deliveryLog = statements(
  `CREATE TABLE delivery_attempts (
    id text PRIMARY KEY,
    delivery_id text NOT NULL,
    webhook_id text NOT NULL,
    account_id text NOT NULL,
    event text NOT NULL,
    trigger text NOT NULL,
    at bigint NOT NULL,
    status integer,
    error text,
    duration_ms integer NOT NULL,
    response_snippet text NOT NULL
  )`,
  `CREATE INDEX delivery_attempts_webhook ON delivery_attempts (webhook_id, at DESC, id DESC)`,
  `CREATE INDEX delivery_attempts_at ON delivery_attempts (at)`,
  `ALTER TABLE deliveries ADD COLUMN bookmark_id text`,
  `CREATE INDEX deliveries_bookmark ON deliveries (bookmark_id) WHERE state = 'pending'`
)

/* Usage per UTC day and each key's last use, written by the same charge statement as the counters. */
const usageDetail = statements(
  `ALTER TABLE allowance_key_counters ADD COLUMN last_used_at bigint`,
  `CREATE TABLE allowance_days (
    account_id text NOT NULL,
    day bigint NOT NULL,
    count bigint NOT NULL,
    PRIMARY KEY (account_id, day)
  )`
)

/*
 * Imports (docs/import-export.md): the import job with its counts and position, its file apart (read once per
 * run, never by progress polls); enrichment jobs in two lanes, the import lane paced per host through `job_hosts`;
 * the duplicate check (same URL, or same text for text notes, in one account) reads 0005's bookmarks_account_url.
 */
const imports = statements(
  `CREATE TABLE imports (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    format text NOT NULL,
    events boolean NOT NULL,
    state text NOT NULL,
    total integer NOT NULL,
    position integer NOT NULL,
    saved integer NOT NULL,
    duplicates integer NOT NULL,
    failed integer NOT NULL,
    enriched integer NOT NULL,
    failures jsonb NOT NULL,
    created_at bigint NOT NULL,
    finished_at bigint,
    locked_until bigint NOT NULL DEFAULT 0,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX imports_running ON imports (created_at, seq) WHERE state = 'running'`,
  `CREATE TABLE import_files (
    import_id text PRIMARY KEY REFERENCES imports (id) ON DELETE CASCADE,
    bytes bytea NOT NULL
  )`,
  `ALTER TABLE jobs ADD COLUMN lane text NOT NULL DEFAULT 'interactive'`,
  `ALTER TABLE jobs ADD COLUMN host text NOT NULL DEFAULT ''`,
  `ALTER TABLE jobs ADD COLUMN events boolean NOT NULL DEFAULT true`,
  `ALTER TABLE jobs ADD COLUMN import_id text`,
  `DROP INDEX jobs_due`,
  `CREATE INDEX jobs_due ON jobs (lane, run_at, seq)`,
  `CREATE INDEX jobs_import_leased ON jobs (host, locked_until) WHERE lane = 'import'`,
  `CREATE TABLE job_hosts (
    host text PRIMARY KEY,
    next_at bigint NOT NULL
  )`
)

/**
 * The web app lists an account's imports, newest first (docs/import-export.md, "The Import & export page (web app)").
 */
const importsByAccount = statements(`CREATE INDEX imports_account ON imports (account_id, created_at DESC, seq DESC)`)

/** Keys the browser extension's connect flow mints save with source `extension` (docs/extension.md). */
const keySource = statements(`ALTER TABLE api_keys ADD COLUMN source text NOT NULL DEFAULT 'api'`)

/** The card's picture and the site icon, as asset ids in our store (docs/web.md, "Cards"); "" when none. */
const bookmarkPictures = statements(
  `ALTER TABLE bookmarks ADD COLUMN thumbnail text NOT NULL DEFAULT ''`,
  `ALTER TABLE bookmarks ADD COLUMN icon text NOT NULL DEFAULT ''`
)

/**
 * An import skips or keeps rows already in the library (docs/import-export.md, "Duplicates"). Imports started before
 * the choice existed skipped them, and go on doing so.
 */
const importDuplicatePolicy = statements(
  `ALTER TABLE imports ADD COLUMN duplicate_policy text NOT NULL DEFAULT 'skip'`
)
/**
 * An import's choice of what a bookmark file's folders become (`tags` or `lists`, docs/import-export.md), kept so a
 * worker that resumes it decides alike. Imports from before the choice made tags.
 */
const importFolders = statements(`ALTER TABLE imports ADD COLUMN folders text NOT NULL DEFAULT 'tags'`)
/** A storage recount (docs/preservation.md, "Recount") reads and sums one account's counted assets. */
const assetUsageByAccount = statements(`CREATE INDEX asset_usage_account ON asset_usage (account_id)`)
/** Rows the search backfill reads at a time. */
const backfillBatch = 1_000

const UrlRows = Schema.Array(Schema.Struct({ id: Schema.String, url: Schema.String }))

/**
 * Fills `canonical_url` and `site_key` of the rows saved before they existed, computed by the same functions as
 * every later save (CanonicalUrl.ts), a batch at a time in id order (docs/search.md, "Duplicates").
 */
const backfillSearchColumns = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  let after = ""
  for (;;) {
    const rows = yield* Effect.flatMap(
      sql`SELECT id, url FROM bookmarks WHERE id > ${after} AND url <> '' ORDER BY id LIMIT ${backfillBatch}`,
      Schema.decodeUnknownEffect(UrlRows)
    )
    const last = rows[rows.length - 1]
    if (last === undefined) return
    yield* sql`
      UPDATE bookmarks b SET canonical_url = v.canonical, site_key = v.site
      FROM unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => CanonicalUrl.canonical(r.url))}::text[],
        ${rows.map((r) => CanonicalUrl.siteKey(CanonicalUrl.site(r.url)))}::text[]) AS v(id, canonical, site)
      WHERE b.id = v.id`
    after = last.id
  }
})

/**
 * The search language's columns (docs/search.md): the person's states, the canonical URL that finds duplicates and
 * the site key of `site:` (C collation, so a site and its subdomains are one index range).
 */
const searchColumns = Effect.gen(function*() {
  yield* statements(
    `ALTER TABLE bookmarks ADD COLUMN favourite boolean NOT NULL DEFAULT false`,
    `ALTER TABLE bookmarks ADD COLUMN archived boolean NOT NULL DEFAULT false`,
    `ALTER TABLE bookmarks ADD COLUMN canonical_url text NOT NULL DEFAULT ''`,
    `ALTER TABLE bookmarks ADD COLUMN site_key text COLLATE "C" NOT NULL DEFAULT ''`
  )
  yield* backfillSearchColumns
  yield* statements(
    `CREATE INDEX bookmarks_canonical ON bookmarks (account_id, canonical_url, created_at) WHERE canonical_url <> ''`,
    `CREATE INDEX bookmarks_site ON bookmarks (account_id, site_key, created_at)`,
    `CREATE INDEX bookmarks_favourite ON bookmarks (account_id, created_at) WHERE favourite`,
    `CREATE INDEX bookmarks_archived ON bookmarks (account_id, created_at) WHERE archived`
  )
})

/**
 * Lists (docs/lists.md): names unique per account by `List.nameKey` (computed in code, as tag keys are). A member
 * row copies its bookmark's `created_at` (which never changes), so a list's page walks one index newest first.
 * Sublists move up before a list is deleted (in code); `ON DELETE SET NULL` only guards the reference.
 * `member_count` is kept by a trigger on every member row added or removed (a bookmark's deletion included), so the
 * sidebar on every library page reads counts without counting.
 */
const lists = statements(
  `CREATE TABLE lists (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name text NOT NULL,
    name_key text NOT NULL,
    parent_id text REFERENCES lists (id) ON DELETE SET NULL,
    created_at bigint NOT NULL,
    member_count integer NOT NULL DEFAULT 0
  )`,
  `CREATE UNIQUE INDEX lists_account_name ON lists (account_id, name_key)`,
  `CREATE INDEX lists_parent ON lists (parent_id)`,
  `CREATE TABLE list_items (
    list_id text NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    bookmark_id text NOT NULL REFERENCES bookmarks (id) ON DELETE CASCADE,
    created_at bigint NOT NULL,
    added_at bigint NOT NULL,
    PRIMARY KEY (list_id, bookmark_id)
  )`,
  `CREATE INDEX list_items_page ON list_items (list_id, created_at DESC)`,
  `CREATE INDEX list_items_bookmark ON list_items (bookmark_id)`,
  `CREATE FUNCTION list_items_count() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE lists SET member_count = member_count + 1 WHERE id = NEW.list_id;
    ELSE
      UPDATE lists SET member_count = member_count - 1 WHERE id = OLD.list_id;
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER list_items_count AFTER INSERT OR DELETE ON list_items
    FOR EACH ROW EXECUTE FUNCTION list_items_count()`
)

/**
 * Secret links (docs/lists.md, "Feeds", "Shared pages"): a feed of a list or a tag, or a list's public page, found by
 * its token's SHA-256. A link of a deleted list goes with it.
 */
const secretLinks = statements(
  `CREATE TABLE secret_links (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind text NOT NULL,
    purpose text NOT NULL,
    list_id text REFERENCES lists (id) ON DELETE CASCADE,
    tag text NOT NULL DEFAULT '',
    token_hash text NOT NULL UNIQUE,
    created_at bigint NOT NULL,
    revoked_at bigint
  )`,
  `CREATE INDEX secret_links_account ON secret_links (account_id, created_at DESC)`
)

/**
 * Link health (docs/preservation.md, "Link health"): the last decided state ('' until one), when it was checked,
 * failures in a row, where a moved link leads, and when it is due next (NULL: never scheduled, due an interval after
 * its save). The claim reads two partial indexes (scheduled by due time; never scheduled by save time); the broken
 * ones of an account have their own, as the favourites do. `IF NOT EXISTS` lets the migration run again under
 * another number without harm.
 */
const linkHealth = statements(
  `ALTER TABLE bookmarks ADD COLUMN IF NOT EXISTS link_state text NOT NULL DEFAULT ''`,
  `ALTER TABLE bookmarks ADD COLUMN IF NOT EXISTS link_checked_at bigint`,
  `ALTER TABLE bookmarks ADD COLUMN IF NOT EXISTS link_failures integer NOT NULL DEFAULT 0`,
  `ALTER TABLE bookmarks ADD COLUMN IF NOT EXISTS link_moved_to text NOT NULL DEFAULT ''`,
  `ALTER TABLE bookmarks ADD COLUMN IF NOT EXISTS link_check_due bigint`,
  `CREATE INDEX IF NOT EXISTS bookmarks_link_due ON bookmarks (link_check_due) WHERE link_check_due IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS bookmarks_link_unscheduled ON bookmarks (created_at)
    WHERE link_check_due IS NULL AND url <> ''`,
  `CREATE INDEX IF NOT EXISTS bookmarks_link_broken ON bookmarks (account_id, created_at)
    WHERE link_state IN ('gone', 'unreachable')`
)

/** A bookmark's archived copy and the last attempt's problem (docs/preservation.md); NULL: never archived. */
const bookmarkArchive = statements(`ALTER TABLE bookmarks ADD COLUMN archive jsonb`)

/**
 * The readable part of a page as Markdown (docs/mcp.md, "Content as Markdown"); null for bookmarks enriched before
 * it was kept and for pages that give none: their text stands in for it. Read only by the single-bookmark reads.
 */
const bookmarkMarkdown = statements(`ALTER TABLE bookmarks ADD COLUMN page_markdown text`)

/**
 * The bytes each account keeps in the asset store (docs/preservation.md, "Storage used"): every counted asset
 * with its owner and size, and the count per account, changed with it. Seeded from the archived copies, whose
 * sizes the bookmarks record; pictures stored before it are not counted (their sizes are only in the store).
 */
const assetUsage = statements(
  `CREATE TABLE asset_usage (
    asset_id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    bytes bigint NOT NULL
  )`,
  `CREATE TABLE account_storage (
    account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    bytes bigint NOT NULL
  )`,
  `INSERT INTO asset_usage (asset_id, account_id, bytes)
    SELECT archive->'copy'->>'asset', account_id, (archive->'copy'->>'bytes')::bigint FROM bookmarks
    WHERE archive->'copy'->>'asset' IS NOT NULL AND archive->'copy'->>'bytes' IS NOT NULL
    ON CONFLICT (asset_id) DO NOTHING`,
  `INSERT INTO account_storage (account_id, bytes) SELECT account_id, sum(bytes) FROM asset_usage GROUP BY account_id`
)

/**
 * A key's scopes (docs/oauth.md, "Scopes"): null is every scope, so the keys made before keep full access; the
 * source `oauth` marks a key that is an app's OAuth grant.
 */
const keyScopes = statements(`ALTER TABLE api_keys ADD COLUMN scopes text`)

/**
 * The OAuth authorization server (docs/oauth.md): registered clients, one-time codes and tokens, each code and
 * token by its SHA-256 only. A token's grant is an `api_keys` row (source `oauth`): revoking it ends its tokens.
 */
const oauth = statements(
  `CREATE TABLE oauth_clients (
    id text PRIMARY KEY,
    name text NOT NULL,
    redirect_uris jsonb NOT NULL,
    created_at bigint NOT NULL
  )`,
  `CREATE TABLE oauth_codes (
    hash text PRIMARY KEY,
    client_id text NOT NULL,
    client_name text NOT NULL,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    scopes text NOT NULL,
    redirect_uri text NOT NULL,
    challenge text NOT NULL,
    resource text NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint,
    key_id text
  )`,
  `CREATE TABLE oauth_tokens (
    hash text PRIMARY KEY,
    kind text NOT NULL,
    key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    account_id text NOT NULL,
    client_id text NOT NULL,
    resource text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint
  )`,
  `CREATE INDEX oauth_tokens_key ON oauth_tokens (key_id)`
)

/**
 * Provider identities (docs/people.md, "Sign in with your provider (OIDC)"): an OpenID Connect issuer and subject sign in
 * one user; a user may have several (another provider, or one provider's second issuer).
 */
const userIdentities = statements(
  `CREATE TABLE user_identities (
    issuer text NOT NULL,
    subject text NOT NULL,
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at bigint NOT NULL,
    PRIMARY KEY (issuer, subject)
  )`,
  `CREATE INDEX user_identities_user ON user_identities (user_id)`
)

/**
 * Highlights (docs/reading.md, "Highlights"): each row keeps its anchor (quote, context, offsets) and goes with its
 * bookmark. `search` holds the quote's and the note's words for the search language.
 */
const highlights = statements(
  `CREATE TABLE highlights (
    id text PRIMARY KEY,
    bookmark_id text NOT NULL REFERENCES bookmarks (id) ON DELETE CASCADE,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    colour text NOT NULL,
    note text NOT NULL,
    exact text NOT NULL,
    prefix text NOT NULL,
    suffix text NOT NULL,
    start_offset integer NOT NULL,
    end_offset integer NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    search tsvector GENERATED ALWAYS AS (
      to_tsvector('english'::regconfig, exact || ' ' || note)
    ) STORED
  )`,
  `CREATE INDEX highlights_bookmark ON highlights (bookmark_id, start_offset)`,
  `CREATE INDEX highlights_account ON highlights (account_id, created_at DESC, id DESC)`,
  `CREATE INDEX highlights_search ON highlights USING gin (search)`
)

/**
 * Bulk runs (docs/lists.md, "Bulk actions"): a run is kept from its acceptance, with its selection resolved to ids
 * (`selection`, read only by the process that works on it), its position, counts and kept results; a process holds
 * it by `locked_until` as an import's. Finished runs are forgotten by housekeeping after a week (`bulk_runs_finished`).
 */
const bulkRuns = statements(
  `CREATE TABLE bulk_runs (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    action text NOT NULL,
    tags jsonb NOT NULL,
    list_id text NOT NULL,
    job boolean NOT NULL,
    state text NOT NULL,
    total integer NOT NULL,
    position integer NOT NULL,
    ok integer NOT NULL,
    not_found integer NOT NULL,
    failed integer NOT NULL,
    results jsonb NOT NULL,
    selection jsonb NOT NULL,
    created_at bigint NOT NULL,
    finished_at bigint,
    locked_until bigint NOT NULL DEFAULT 0,
    seq bigint GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX bulk_runs_running ON bulk_runs (created_at, seq) WHERE state = 'running'`,
  `CREATE INDEX bulk_runs_finished ON bulk_runs (finished_at) WHERE state = 'done'`
)

/** Every migration, in order; add new ones with the next number, never edit an applied one. */
export const migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {
  "0001_initial": initial,
  "0002_screenshot_asset_ids": screenshotAssetIds,
  "0005_bookmarks_url": bookmarksByUrl,
  "0010_people": people,
  "0011_delivery_log": deliveryLog,
  "0012_usage_detail": usageDetail,
  "0030_imports": imports,
  "0031_imports_by_account": importsByAccount,
  "0050_key_source": keySource,
  "0060_bookmark_pictures": bookmarkPictures,
  "0065_import_duplicate_policy": importDuplicatePolicy,
  "0070_search_columns": searchColumns,
  "0075_lists": lists,
  "0076_secret_links": secretLinks,
  "0080_bookmark_archive": bookmarkArchive,
  "0090_key_scopes": keyScopes,
  "0091_oauth": oauth,
  "0092_user_identities": userIdentities,
  "0093_tag_counts": tagCounts,
  "0094_content_hash": contentHashes,
  "0095_link_health": linkHealth,
  "0096_highlights": highlights,
  "0097_bookmark_markdown": bookmarkMarkdown,
  "0098_asset_usage": assetUsage,
  "0099_import_folders": importFolders,
  "0100_bulk_runs": bulkRuns,
  "0102_asset_usage_by_account": assetUsageByAccount
}

export const table = "effect_sql_migrations"

/** Arbitrary but fixed: the advisory lock every migrating process takes ("bkmg"). */
export const lockKey = 0x626b6d67

/**
 * Applies pending migrations in one transaction under `pg_advisory_xact_lock`; returns what it applied.
 * The migrations table is created here first, so the Migrator's own existence probe cannot abort the transaction.
 */
export const runWith = (record: typeof migrations) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${lockKey})`
      yield* sql.unsafe(`CREATE TABLE IF NOT EXISTS ${table} (
      migration_id integer PRIMARY KEY,
      created_at timestamp with time zone NOT NULL DEFAULT now(),
      name text NOT NULL
    )`)
      return yield* Migrator.make({})({ loader: Migrator.fromRecord(record), table })
    }))
  }).pipe(
    Effect.catchTag("MigrationError", (error) => Effect.die(error)),
    storage,
    Effect.withSpan("Migrations.run")
  )

/** Every migration not yet applied (tests may apply only the first ones with `runWith`). */
export const run = runWith(migrations)

/** Runs the migrations when built; nothing to provide. */
export const layer = Layer.effectDiscard(run)
