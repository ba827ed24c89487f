/** Reads the pixel size of a JPEG from its frame header, so the renderer reports what it really captured. */

export interface Size {
  readonly width: number
  readonly height: number
}

/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** Markers without a length field. */
const isStandalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)

export const jpegSize = (bytes: Uint8Array): Size | undefined => {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined
  const at = (i: number): number => bytes[i] ?? 0
  let i = 2
  while (i + 3 < bytes.length) {
    if (at(i) !== 0xff) return undefined
    let marker = at(i + 1)
    while (marker === 0xff && i + 2 < bytes.length) {
      i += 1
      marker = at(i + 1)
    }
    if (isStandalone(marker)) {
      i += 2
      continue
    }
    const length = (at(i + 2) << 8) | at(i + 3)
    if (isStartOfFrame(marker)) {
      if (i + 8 >= bytes.length) return undefined
      return { height: (at(i + 5) << 8) | at(i + 6), width: (at(i + 7) << 8) | at(i + 8) }
    }
    if (marker === 0xda || length < 2) return undefined
    i += 2 + length
  }
  return undefined
}
