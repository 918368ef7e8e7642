#!/usr/bin/env bash
# Two-pass EBU R128 loudness normalisation. Usage: loudnorm.sh in.wav out.mp3 [target_lufs]
set -euo pipefail
IN="$1"; OUT="$2"; I="${3:--16}"; TP=-1.5; LRA=11
STATS=$(ffmpeg -hide_banner -i "$IN" -af "loudnorm=I=$I:TP=$TP:LRA=$LRA:print_format=json" -f null - 2>&1 | sed -n '/^{/,/^}/p')
get() { echo "$STATS" | grep "\"$1\"" | sed 's/.*: "\(.*\)".*/\1/'; }
ffmpeg -hide_banner -y -i "$IN" -af "loudnorm=I=$I:TP=$TP:LRA=$LRA:measured_I=$(get input_i):measured_TP=$(get input_tp):measured_LRA=$(get input_lra):measured_thresh=$(get input_thresh):offset=$(get target_offset):linear=true" -ar 44100 -b:a 192k "$OUT"
echo "Wrote $OUT at $I LUFS"
