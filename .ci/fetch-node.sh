#!/usr/bin/env bash
# Usage: .ci/fetch-node.sh <major line, e.g. 22> <directory>
# Unpacks the newest release of that Node line into <directory> (bin/node plus include/node) and prints
# the directory. It comes from the npm registry's per-platform Node package (node-<os>-<arch>, the one
# `npx -p node@<line>` installs behind the scenes) because that package also carries the C headers:
# better-sqlite3 must be compiled against the headers of the Node that loads it, and node-gyp cannot
# download headers here (and npm's `nodedir=/usr` setting would point it at the system Node 20's).
set -euo pipefail
LINE="$1"
DEST="$2"
case "$(uname -s)" in Linux) OS=linux ;; Darwin) OS=darwin ;; *) echo "fetch-node: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64) ARCH=x64 ;; aarch64 | arm64) ARCH=arm64 ;; *) echo "fetch-node: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
PACKAGE="node-$OS-$ARCH"
# `npm view pkg@22 version --json`: every matching version (a bare string when only one); take the newest.
VERSION=$(npm view "$PACKAGE@$LINE" version --json 2>/dev/null | node -e '
  const parsed = JSON.parse(require("fs").readFileSync(0, "utf8") || "[]");
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  const key = (v) => v.split(".").map(Number);
  versions.sort((a, b) => { const [x, y] = [key(a), key(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
  process.stdout.write(versions.at(-1) ?? "");
')
[ -n "$VERSION" ] || { echo "fetch-node: no $PACKAGE release for Node $LINE on the registry" >&2; exit 1; }
mkdir -p "$DEST"
TARBALL=$(cd "$DEST" && npm pack "$PACKAGE@$VERSION" --silent 2>/dev/null | tail -n 1)
tar -xzf "$DEST/$TARBALL" -C "$DEST"
rm -f "$DEST/$TARBALL"
[ -x "$DEST/package/bin/node" ] && [ -f "$DEST/package/include/node/node_version.h" ] || { echo "fetch-node: $PACKAGE@$VERSION has no bin/node or include/node" >&2; exit 1; }
echo "$DEST/package"
