/**
 * The HTTP layer's `Links`: an asset's absolute link is `PUBLIC_URL` + the assets route. Storage keeps only ids,
 * so a changed PUBLIC_URL changes every link at once (docs/decisions.md, "Asset links").
 */
import { type AssetId, Links } from "@bookmark-library/domain"
import { Layer } from "effect"
import { assetsPath } from "../api/AssetsApi.js"
import * as ArchiveSigner from "../archive/ArchiveSigner.js"
import { prefix as archivePrefix } from "../archive/ArchiveViewer.js"

/** The link of asset `id` under `publicUrl` (e.g. `https://bookmarks.example.com`). */
export const link = (publicUrl: string, id: AssetId): string => `${publicUrl.replace(/\/+$/, "")}${assetsPath}/${id}`

/** Where archived copies open (`ARCHIVE_ORIGIN`, else PUBLIC_URL) and the key their links are signed with. */
export interface ArchiveLinks {
  readonly origin: string
  readonly key: Uint8Array
}

/** A signed link to an archived copy that expires after `ArchiveSigner.lifetimeMs` (docs/preservation.md). */
export const archiveLink = (archive: ArchiveLinks, id: AssetId, now: number): string =>
  `${archive.origin.replace(/\/+$/, "")}${archivePrefix}${
    ArchiveSigner.sign(archive.key, id, now + ArchiveSigner.lifetimeMs)
  }`

export const layer = (publicUrl: string, archive?: ArchiveLinks): Layer.Layer<Links.Links> =>
  Layer.succeed(
    Links.Links,
    Links.Links.of({
      asset: (id) => link(publicUrl, id),
      // Links are built while an answer is presented; the wall clock stamps their expiry.
      archive: archive === undefined ? undefined : (id) => archiveLink(archive, id, Date.now())
    })
  )
