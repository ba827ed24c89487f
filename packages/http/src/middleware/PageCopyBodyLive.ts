/**
 * The body check of a page copy's upload: the JSON check with the cap the operator set for archived copies
 * (`ARCHIVE_MAX_BYTES`) plus 64 KiB for the URL, tags and note, read by Content-Length before the body is read.
 */
import { Settings } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import { maxBytes as jsonMaxBytes } from "../api/JsonBody.js"
import { PageCopyBody } from "../api/PageCopyBody.js"
import { checkWith } from "./JsonBodyLive.js"

export const layer = Layer.effect(
  PageCopyBody,
  Effect.map(Settings.Settings, ({ archive }) => {
    const check = checkWith(archive.maxBytes + jsonMaxBytes)
    return PageCopyBody.of((httpEffect) => Effect.andThen(check, httpEffect))
  })
)
