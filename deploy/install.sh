#!/usr/bin/env bash
# Every install step of the container image (Dockerfile), in one script that CI also runs, since no container
# engine runs there (.ci/run, "containers").
#
#   deploy/install.sh system          Debian packages the image needs (Chromium, fonts, tini) and the non-root
#                                     user `bookmarks` with its data directory /data. Run as root.
#   deploy/install.sh system --check  Only checks that apt knows every one of those packages (CI).
#   deploy/install.sh app [DIR]       In DIR (default: the checkout this script is in): a clean install of the
#                                     runtime dependencies, the bundle, the PGlite template, then a smoke check.
set -euo pipefail

packages=(chromium fonts-liberation ca-certificates tini)
user=bookmarks
uid=10001
data=/data

system() {
  if [ "${1:-}" = "--check" ]; then
    # Without package lists apt knows nothing; fetch them once.
    compgen -G "/var/lib/apt/lists/*_Packages*" >/dev/null || apt-get update -qq
    for package in "${packages[@]}"; do
      policy="$(apt-cache policy "$package")"
      if [[ ! "$policy" =~ Candidate:\ [^\(] ]]; then
        echo "install.sh: apt has no candidate for '$package'" >&2
        exit 1
      fi
    done
    echo "install.sh: apt knows ${packages[*]}"
    return
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  rm -rf /var/lib/apt/lists/*
  id -u "$user" >/dev/null 2>&1 || useradd --uid "$uid" --user-group --create-home --shell /usr/sbin/nologin "$user"
  mkdir -p "$data"
  chown "$user:$user" "$data"
}

app() {
  cd "${1:-$(dirname "$0")/..}"
  # Dependencies' install scripts stay off whatever npm's version (npm 11 skips them anyway): none is needed.
  npm ci --omit=dev --ignore-scripts --no-audit --no-fund
  # The bundle (dist/) and the template of a new embedded database (node_modules/.cache/bookmarks).
  node packages/cli/bin/bookmarks.mjs prepare
  node dist/bookmarks.js --version >/dev/null
  echo "install.sh: app ready in $(pwd)"
}

case "${1:-}" in
  system) shift; system "$@" ;;
  app) shift; app "$@" ;;
  *) sed -n '2,8p' "$0" >&2; exit 2 ;;
esac
