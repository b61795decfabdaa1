#!/usr/bin/env bash
# Downloads graphs by name into the dataset cache and prints each graph file's path: `stag fetch`, which checks
# every download against the size and digest pinned in datasets-scripts/manifest.tsv and resumes a partial one.
# Usage: datasets-scripts/fetch.sh [--cache DIR] NAME...     e.g. suitesparse:SNAP/amazon0312
#        datasets-scripts/fetch.sh --list
# The cache is --cache DIR, else $STAG_DATASETS, else ~/.cache/stag/datasets.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$here/../stag" fetch "$@"
