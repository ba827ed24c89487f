/**
 * Links as the HTTP layer builds them (`@bookmark-library/http` AssetLinks), over a fixed public URL, for tests that
 * run the domain without the HTTP layer. A test of the HTTP layer provides the real one instead.
 */
import { Links } from "@bookmark-library/domain"
import { Layer } from "effect"

export const defaultPublicUrl = "http://127.0.0.1:3000"

export const layer = (publicUrl: string = defaultPublicUrl): Layer.Layer<Links.Links> =>
  Layer.succeed(
    Links.Links,
    Links.Links.of({
      asset: (id) => `${publicUrl}/v1/api/assets/${id}`,
      archive: (id) => `${publicUrl}/archive/${id}?signed`
    })
  )
