/** Dates as exports write them: epoch seconds (Netscape, Pocket, Karakeep), milliseconds, microseconds, or ISO text. */
import { Timestamp } from "@bookmark-library/domain"
import { Result } from "effect"

/** Epoch ms from a number whose unit is guessed by size; null when it is no plausible date. */
export const fromEpoch = (value: number): number | null => {
  if (!Number.isFinite(value) || value <= 0) return null
  const ms = value > 1e14 ? value / 1000 : value > 1e11 ? value : value * 1000
  return Math.trunc(ms)
}

/** Epoch ms from attribute or cell text; null when empty or unreadable (the row is kept, dated at import time). */
export const fromText = (text: string | undefined): number | null => {
  const trimmed = (text ?? "").trim()
  if (trimmed === "") return null
  if (/^\d+(\.\d+)?$/.test(trimmed)) return fromEpoch(Number(trimmed))
  return Result.getOrNull(Timestamp.parse("date", trimmed))
}

/** Epoch ms from a JSON value: a number (unit guessed) or ISO text. */
export const fromJson = (value: unknown): number | null =>
  typeof value === "number" ? fromEpoch(value) : typeof value === "string" ? fromText(value) : null
