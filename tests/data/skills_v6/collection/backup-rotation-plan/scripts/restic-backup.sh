#!/usr/bin/env bash
# Nightly restic backup with rotation. Set RESTIC_REPOSITORY and RESTIC_PASSWORD_FILE in the environment.
set -euo pipefail
SOURCES=("$HOME/Documents" "$HOME/Pictures")
restic backup "${SOURCES[@]}" --exclude-caches --tag nightly
restic forget --tag nightly --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --keep-yearly 2 --prune
# first day of the month: check a 5% subset of the data
if [ "$(date +%d)" = "01" ]; then
  restic check --read-data-subset=5%
fi
