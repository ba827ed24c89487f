import { describe, expect, it } from "@effect/vitest"
import * as jpeg from "jpeg-js"
import { jpegSize } from "../../src/render/JpegSize.js"

const encode = (width: number, height: number) =>
  jpeg.encode({ width, height, data: new Uint8Array(width * height * 4).fill(128) }, 70).data

describe("JpegSize", () => {
  it("reads width and height from the frame header", () => {
    expect(jpegSize(encode(37, 5))).toEqual({ width: 37, height: 5 })
    expect(jpegSize(encode(1280, 300))).toEqual({ width: 1280, height: 300 })
  })

  it("skips comment segments before the frame header", () => {
    const withComments = jpeg.encode({ width: 3, height: 2, data: new Uint8Array(24), comments: ["a comment"] }).data
    expect(jpegSize(withComments)).toEqual({ width: 3, height: 2 })
  })

  it("answers nothing for bytes that are not a JPEG or are cut short", () => {
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined()
    expect(jpegSize(encode(8, 8).subarray(0, 20))).toBeUndefined()
    expect(jpegSize(new Uint8Array([]))).toBeUndefined()
  })
})
