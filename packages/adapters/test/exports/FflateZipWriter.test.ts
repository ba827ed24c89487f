/** The zip writer: entries in order, text deflated, others stored, read back byte for byte; failures are failures. */
import { Errors } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { unzipSync } from "fflate"
import * as FflateZipWriter from "../../src/exports/FflateZipWriter.js"

const bytes = (text: string) => new TextEncoder().encode(text)
const chunks = (...parts: ReadonlyArray<string>) => Stream.fromIterable(parts.map(bytes))
const collect = (stream: Stream.Stream<Uint8Array, Errors.StorageUnavailable>) =>
  Effect.map(Stream.runCollect(stream), (parts) => Buffer.concat([...parts]))

describe("FflateZipWriter", () => {
  it.effect("writes each entry from its chunks; an unzip gives them back", () =>
    Effect.gen(function*() {
      const pdf = new Uint8Array(70_000).map((_, i) => (i * 7) % 256)
      const zip = yield* collect(FflateZipWriter.write(Stream.make(
        { name: "bookmarks.json", compress: true, modifiedAt: Date.UTC(2026, 10, 27), data: chunks("{\"a\":", "1}") },
        {
          name: "copies/x.pdf",
          compress: false,
          modifiedAt: 0,
          data: Stream.make(pdf.slice(0, 1000), pdf.slice(1000))
        },
        { name: "copies/y.html", compress: true, modifiedAt: Date.now(), data: chunks("<p>", "x".repeat(100_000)) }
      )))
      const files = unzipSync(zip)
      expect(Object.keys(files)).toEqual(["bookmarks.json", "copies/x.pdf", "copies/y.html"])
      expect(new TextDecoder().decode(files["bookmarks.json"])).toBe("{\"a\":1}")
      expect(Buffer.from(files["copies/x.pdf"]!)).toEqual(Buffer.from(pdf))
      expect(files["copies/y.html"]!.length).toBe(100_003)
      // Deflated text is much smaller than its 100 kB; the stored PDF is not.
      expect(zip.length).toBeLessThan(70_000 + 5_000)
    }))

  it.effect("emits bytes as entries are read, before the last one is opened", () =>
    Effect.gen(function*() {
      let opened = 0
      const entry = (i: number) => ({
        name: `copies/${i}.html`,
        compress: true,
        modifiedAt: 0,
        data: Stream.suspend(() => {
          opened++
          return chunks(`<p>${i}</p>`.repeat(5_000))
        })
      })
      const first = yield* Stream.runHead(FflateZipWriter.write(Stream.range(1, 1_000).pipe(Stream.map(entry))))
      expect(first._tag).toBe("Some")
      expect(opened).toBeLessThanOrEqual(2)
    }))

  it.effect("a source that fails fails the zip; a name fflate refuses is a failure, not a defect", () =>
    Effect.gen(function*() {
      const broken = FflateZipWriter.write(Stream.make({
        name: "a.html",
        compress: true,
        modifiedAt: 0,
        data: Stream.fail(new Errors.StorageUnavailable({ reason: "disk gone" }))
      }))
      expect((yield* Effect.flip(collect(broken))).reason).toBe("disk gone")
      const tooLong = FflateZipWriter.write(
        Stream.make({ name: "n".repeat(70_000), compress: true, modifiedAt: 0, data: chunks("x") })
      )
      expect((yield* Effect.flip(collect(tooLong))).reason).toMatch(/^the zip could not be written/)
    }))

  it("keeps dates inside the zip's range", () => {
    expect(FflateZipWriter.zipTime(0).getUTCFullYear()).toBe(1980)
    expect(FflateZipWriter.zipTime(Date.UTC(2300, 0, 1)).getUTCFullYear()).toBe(2099)
    expect(FflateZipWriter.zipTime(Date.UTC(2026, 10, 27)).toISOString()).toBe("2026-11-27T00:00:00.000Z")
  })
})
