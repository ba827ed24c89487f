/** Contract of the ContentAnalyzer port: nothing invented, bounded output. */
import { ContentAnalyzer } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"

export const sampleText =
  "Honeybees communicate the location of flowers through a waggle dance. The angle of the dance encodes the " +
  "direction of the food relative to the sun. Its duration encodes the distance. Researchers decoded the dance " +
  "in the twentieth century. Honeybees also use scent marks to guide other foragers to productive flowers."

export const contentAnalyzerContract = <E>(name: string, layer: Layer.Layer<ContentAnalyzer, E>) =>
  describe(`ContentAnalyzer contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, ContentAnalyzer>) => effect.pipe(Effect.provide(layer))

    it.effect("summarises with sentences of the text and tags that occur in it", () =>
      run(Effect.gen(function*() {
        const analyzer = yield* ContentAnalyzer
        const { summary, tags } = yield* analyzer.analyze({ title: "How bees dance", text: sampleText })
        expect(summary.length).toBeGreaterThan(0)
        expect(summary.length).toBeLessThanOrEqual(500)
        const sentences = summary.match(/[^.!?]+[.!?]/g) ?? []
        expect(sentences.length).toBeGreaterThanOrEqual(1)
        expect(sentences.length).toBeLessThanOrEqual(3)
        for (const sentence of sentences) expect(sampleText).toContain(sentence.trim())
        expect(tags.length).toBeGreaterThan(0)
        expect(tags.length).toBeLessThanOrEqual(5)
        for (const tag of tags) {
          expect(tag).toBe(tag.toLowerCase())
          expect(tag).not.toMatch(/^\d+$/)
          expect(sampleText.toLowerCase()).toContain(tag)
        }
      })))

    it.effect("gives nothing for empty text", () =>
      run(Effect.gen(function*() {
        const analyzer = yield* ContentAnalyzer
        expect(yield* analyzer.analyze({ title: "", text: "" })).toEqual({ summary: "", tags: [] })
      })))
  })
