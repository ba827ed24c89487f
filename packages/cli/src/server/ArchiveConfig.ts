/** The archived copies' settings (docs/preservation.md): on/off, size cap, where they open, the links' signing key. */
import { Archive } from "@bookmark-library/domain"
import { Config, Option, Redacted, Result } from "effect"
import { randomBytes } from "node:crypto"
import { bounded, checked, httpUrl } from "./ConfigValues.js"

export interface ArchiveSettings {
  readonly enabled: boolean
  readonly maxBytes: number
  readonly origin: string
  readonly linkKey: Redacted.Redacted<Uint8Array>
}

/** The variables, read within the rest of the configuration (AppConfig spreads them in its `Config.all`). */
export const fields = {
  archive: Config.withDefault(Config.Boolean("ARCHIVE"), true),
  archiveMaxBytes: Config.withDefault(
    bounded("ARCHIVE_MAX_BYTES", 100_000, 500_000_000, "must be a number of bytes between 100000 and 500000000"),
    Archive.defaultMaxBytes
  ),
  archiveOrigin: Config.option(httpUrl("ARCHIVE_ORIGIN")),
  archiveLinkKey: Config.option(
    checked(
      "ARCHIVE_LINK_KEY",
      Config.String("ARCHIVE_LINK_KEY"),
      (value) => value.length >= 32 ? Result.succeed(value) : Result.fail("must be at least 32 characters")
    )
  )
}

/** The settings from the variables read; `defaultOrigin` when ARCHIVE_ORIGIN is unset (the public URL). */
export const settings = (
  c: {
    readonly archive: boolean
    readonly archiveMaxBytes: number
    readonly archiveOrigin: Option.Option<string>
    readonly archiveLinkKey: Option.Option<string>
  },
  defaultOrigin: () => string
): ArchiveSettings => ({
  enabled: c.archive,
  maxBytes: c.archiveMaxBytes,
  origin: Option.getOrElse(c.archiveOrigin, defaultOrigin),
  // Without a configured key, one per process: links then open only on the process that made them.
  linkKey: Redacted.make(
    Option.match(c.archiveLinkKey, {
      onNone: () => new Uint8Array(randomBytes(32)),
      onSome: (key) => new TextEncoder().encode(key)
    })
  )
})
