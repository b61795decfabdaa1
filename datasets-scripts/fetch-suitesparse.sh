#!/usr/bin/env bash
# Downloads Matrix Market graphs from the SuiteSparse Matrix Collection by GROUP/NAME, unpacks the
# .mtx file into DIR, and records its SHA-256 in DIR/SHA256SUMS. A later run checks files against
# that list, so a corrupted or changed download is noticed.
# Usage: datasets-scripts/fetch-suitesparse.sh DIR GROUP/NAME...   e.g. SNAP/com-Orkut GAP/GAP-road
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 DIR GROUP/NAME..." >&2; exit 2; }
dir="$1"; shift
mkdir -p "$dir"
sums="$dir/SHA256SUMS"
touch "$sums"
for spec in "$@"; do
  case "$spec" in
    */*) ;;
    *) echo "$0: '$spec' is not GROUP/NAME" >&2; exit 2 ;;
  esac
  name="${spec#*/}"
  out="$dir/$name.mtx"
  if [ -f "$out" ] && grep -q " $name.mtx\$" "$sums"; then
    (cd "$dir" && grep " $name.mtx\$" SHA256SUMS | sha256sum -c --quiet -) && { echo "ok $out"; continue; }
    echo "$0: $out does not match its recorded checksum; downloading again" >&2
  fi
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  curl -fL --retry 3 -o "$tmp/$name.tar.gz" "https://suitesparse-collection-website.herokuapp.com/MM/$spec.tar.gz"
  tar -xzf "$tmp/$name.tar.gz" -C "$tmp"
  mv "$tmp/$name/$name.mtx" "$out"
  grep -v " $name.mtx\$" "$sums" > "$tmp/sums" || true
  (cd "$dir" && sha256sum "$name.mtx") >> "$tmp/sums"
  mv "$tmp/sums" "$sums"
  rm -rf "$tmp"
  trap - EXIT
  echo "fetched $out"
done
