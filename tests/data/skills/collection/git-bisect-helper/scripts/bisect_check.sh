#!/usr/bin/env bash
# Template for `git bisect run`. 0 = good, 1 = bad, 125 = skip.
BUILD=${BUILD:-"make -j4"}
TEST=${TEST:-"make test"}
TRIES=${TRIES:-3}

if ! bash -c "$BUILD" >/tmp/bisect_build.log 2>&1; then
  echo "build failed at $(git rev-parse --short HEAD) -> skip"
  exit 125
fi

fails=0
for _ in $(seq "$TRIES"); do
  bash -c "$TEST" >/tmp/bisect_test.log 2>&1 || fails=$((fails + 1))
done

if [ "$fails" -eq "$TRIES" ]; then exit 1; fi
if [ "$fails" -eq 0 ]; then exit 0; fi
echo "flaky ($fails/$TRIES failed) -> skip"
exit 125
