/**
 * Contract of the errors any endpoint may answer: undecodable input (400), an unreachable store (503) and a defect
 * (500). A middleware every endpoint carries declares them, so the OpenAPI document lists them on each operation and
 * the typed client decodes them; its server side (middleware/DecodeErrors.ts) turns decode failures into the 400.
 */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as ErrorResponses from "../problems/ErrorResponses.js"

export class CommonErrors extends HttpApiMiddleware.Service<CommonErrors>()("CommonErrors", {
  error: [ErrorResponses.InvalidInput, ErrorResponses.StorageUnavailable, ErrorResponses.InternalError]
}) {}
