// The formatter of `npm run check` and `npm run format`: dprint's TypeScript plugin (WebAssembly) run through
// @dprint/formatter, with the settings of dprint.json. Not the `dprint` command: its npm package names a native
// binary for every platform as an optional dependency, and a registry that lacks one of them (this project's CI
// mirror) makes `npm ci` refuse the lock file. The plugin is the same one the command runs, so the output is too.
//
//   node scripts/format.mjs           formats the files dprint.json includes, in place
//   node scripts/format.mjs --check   lists the files that are not formatted and exits 1 when there is one
import { createFromBuffer } from "@dprint/formatter"
import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const config = JSON.parse(readFileSync(join(root, "dprint.json"), "utf8"))
const check = process.argv.includes("--check")

/** A dprint glob (`**`, `*`, `{a,b}`) as a regular expression over a repository-relative path. */
const globToRegExp = (glob) =>
  new RegExp(
    `^${
      glob
        .replace(/[.+^$()|[\]\\]/g, "\\$&")
        .replace(/\{([^}]*)\}/g, (_, alternatives) => `(${alternatives.split(",").join("|")})`)
        .replace(/\*\*\//g, "@@DEEP@@")
        .replace(/\*\*/g, ".*")
        .replace(/\*/g, "[^/]*")
        .replace(/@@DEEP@@/g, "(.*/)?")
    }$`
  )

const includes = config.includes.map(globToRegExp)
const excluded = config.excludes.map((glob) => glob.replace(/^\*\*\//, ""))
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024
})
  .split("\n")
  .filter((file) => file !== "" && includes.some((pattern) => pattern.test(file)))
  .filter((file) => !file.split("/").some((part) => excluded.includes(part)))

const formatter = createFromBuffer(readFileSync(join(root, "node_modules", "@dprint", "typescript", "plugin.wasm")))
formatter.setConfig(
  { lineWidth: config.lineWidth, indentWidth: config.indentWidth, newLineKind: config.newLineKind },
  config.typescript
)

const unformatted = []
for (const file of files) {
  let text
  try {
    text = readFileSync(join(root, file), "utf8")
  } catch {
    continue // listed by git but deleted in the working tree
  }
  const formatted = formatter.formatText({ filePath: file, fileText: text })
  if (formatted === text) continue
  unformatted.push(file)
  if (!check) writeFileSync(join(root, file), formatted)
}

if (check && unformatted.length > 0) {
  process.stderr.write(`Not formatted (npm run format fixes them):\n${unformatted.map((f) => `  ${f}\n`).join("")}`)
  process.exit(1)
}
process.stdout.write(
  `${files.length} files ${check ? "checked" : "formatted"}${check ? "" : `, ${unformatted.length} changed`}\n`
)
