#!/usr/bin/env bash
# Thin wrapper over qpdf for common page operations.
set -euo pipefail
cmd=${1:-}; shift || true
case "$cmd" in
  merge)
    out=$1; shift
    qpdf --empty --pages "$@" -- "$out" ;;
  pages)
    in=$1; range=$2; out=$3
    qpdf "$in" --pages . "$range" -- "$out" ;;
  burst)
    in=$1; dir=$2; mkdir -p "$dir"
    qpdf --split-pages "$in" "$dir/page-%d.pdf" ;;
  rotate)
    in=$1; spec=$2; out=$3
    qpdf "$in" --rotate="$spec" -- "$out" ;;
  *)
    echo "usage: $0 merge|pages|burst|rotate ..." >&2; exit 2 ;;
esac
