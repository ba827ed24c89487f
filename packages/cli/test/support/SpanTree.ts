/** Finished spans from an in-memory exporter, as a tree of names: what a trace viewer would show. */
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base"

export interface Node {
  readonly name: string
  readonly span: ReadableSpan
  readonly children: ReadonlyArray<Node>
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId

/** The trees of every trace, roots first by start time; children in start order. */
export const build = (spans: ReadonlyArray<ReadableSpan>): ReadonlyArray<Node> => {
  const ids = new Set(spans.map((s) => s.spanContext().spanId))
  const byStart = [...spans].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])
  const node = (span: ReadableSpan): Node => ({
    name: span.name,
    span,
    children: byStart.filter((s) => parentOf(s) === span.spanContext().spanId).map(node)
  })
  return byStart.filter((s) => parentOf(s) === undefined || !ids.has(parentOf(s) ?? "")).map(node)
}

/** `name` with its children indented below it, one line per span. */
export const render = (root: Node, depth = 0): string =>
  [`${"  ".repeat(depth)}${root.name}`, ...root.children.map((child) => render(child, depth + 1))].join("\n")

/** Every name in the tree under (and including) `root`. */
export const names = (root: Node): ReadonlyArray<string> => [root.name, ...root.children.flatMap(names)]

/** Every node under (and including) `root`. */
export const all = (root: Node): ReadonlyArray<Node> => [root, ...root.children.flatMap(all)]
