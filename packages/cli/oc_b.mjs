import { build } from "esbuild"
const plugin = { name: "ext", setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => /^(effect|@effect\/)/.test(a.path) ? undefined : { path: a.path, external: true }) } }
const r = await build({ entryPoints: [process.argv[2]], outfile: process.argv[3], bundle: true, format: "esm", platform: "node", target: "node20", plugins: [plugin], alias: { "@bookmark-library/domain": "../domain/src/index.ts" }, logLevel: "warning", metafile: true, minify: process.argv[4] === "min" })
console.log(Object.values(r.metafile.outputs).map(o => o.bytes))
