#!/usr/bin/env bash
# Issue 11 item 1: `bash .ci/run` on a fresh clone, N times in a row, while two busy loops hold both
# cores. Usage: bash scripts/ci-under-load.sh [runs=3] [load=1]  (load=0: no busy loops)
# Each run clones this repository's HEAD into .tmp/ci-under-load/<i>/main (ignored by git; nothing
# named shared beside it), writes its log to .tmp/ci-under-load/<i>.log and prints its exit code,
# duration and suite line.
set -u
runs=${1:-3}; load=${2:-1}
repo=$(cd "$(dirname "$0")/.." && pwd)
work="$repo/.tmp/ci-under-load"
for i in $(seq 1 "$runs"); do
  dir="$work/$i"; rm -rf "$dir"; mkdir -p "$dir"
  git clone -q "$repo" "$dir/main"
  pids=()
  if [ "$load" = 1 ]; then node -e 'for(;;){}' & pids+=($!); node -e 'for(;;){}' & pids+=($!); fi
  start=$(date +%s)
  (cd "$dir/main" && bash .ci/run) > "$work/$i.log" 2>&1; rc=$?
  end=$(date +%s)
  for p in "${pids[@]}"; do kill "$p"; done
  echo "run $i at $(git -C "$dir/main" rev-parse --short HEAD): rc=$rc $((end-start))s $(grep 'suites:' "$work/$i.log")"
done
