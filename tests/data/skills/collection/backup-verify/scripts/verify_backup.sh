#!/usr/bin/env bash
# usage: verify_backup.sh restic|borg REPO SOURCE_DIR [N_FILES]
set -euo pipefail
tool=$1; repo=$2; src=$3; n=${4:-20}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

case $tool in
  restic)
    export RESTIC_REPOSITORY=$repo
    restic snapshots --latest 3
    restic check --read-data-subset=5%
    restic restore latest --target "$tmp" --include "$src" >/dev/null ;;
  borg)
    last=$(borg list --last 1 --format '{archive}' "$repo")
    echo "latest archive: $last"
    borg check --verify-data --last 2 "$repo"
    (cd "$tmp" && borg extract "$repo::$last" "${src#/}") ;;
  *) echo "unsupported tool $tool" >&2; exit 2 ;;
esac

bad=0; checked=0
while IFS= read -r f; do
  rel=${f#"$tmp"}
  [ -f "$rel" ] || { echo "MISSING live: $rel"; continue; }
  checked=$((checked + 1))
  if ! cmp -s "$f" "$rel"; then
    if [ "$rel" -ot "$f" ]; then echo "MISMATCH $rel"; bad=$((bad + 1)); fi
  fi
done < <(find "$tmp" -type f | shuf -n "$n")
echo "restored sample: $checked files checked, $bad unexplained mismatches"
[ "$bad" -eq 0 ]
