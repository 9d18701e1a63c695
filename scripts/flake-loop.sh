#!/usr/bin/env bash
# Runs one test file (optionally narrowed to one test by name) N times and counts the runs that passed.
# A run counts as passed only when vitest exits 0 AND at least one test ran and passed: a filter that matches
# nothing, or a describe skipped for want of TEST_DATABASE_URL/TEST_REDIS_URL or Chromium, is not a pass.
# Each failed run's full output stays in OUT_DIR (default /tmp/flake-loop) to read the assertion and the log lines.
#
#   scripts/flake-loop.sh [-n RUNS] [-p PROJECT] [-t NAME] FILE
#
# The project is guessed from the path (tests/browser/ -> browser, else api). Ends with "passed P/N" and exits 1
# when P < N.
set -u

runs=20
project=''
name=''
while getopts 'n:p:t:' opt; do
  case "$opt" in
    n) runs="$OPTARG" ;;
    p) project="$OPTARG" ;;
    t) name="$OPTARG" ;;
    *) echo "usage: $0 [-n RUNS] [-p PROJECT] [-t NAME] FILE" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
file="${1:-}"
if [ -z "$file" ] || [ ! -f "$file" ]; then
  echo "usage: $0 [-n RUNS] [-p PROJECT] [-t NAME] FILE (no such file: '${file}')" >&2
  exit 2
fi
if [ -z "$project" ]; then
  case "$file" in
    tests/browser/*) project=browser ;;
    *) project=api ;;
  esac
fi

out_dir="${OUT_DIR:-/tmp/flake-loop}"
mkdir -p "$out_dir"
slug="$(basename "$file" .test.ts)"
passed=0
for i in $(seq "$runs"); do
  log="$out_dir/$slug-$i.txt"
  json="$out_dir/$slug-$i.json"
  # --retry=0: the browser project retries a failed test once in CI (decision 326); a loop counts first tries only.
  args=(run --project "$project" "$file" --retry=0 --reporter=default --reporter=json --outputFile.json="$json")
  [ -n "$name" ] && args+=(-t "$name")
  start=$(date +%s)
  npx vitest "${args[@]}" > "$log" 2>&1
  rc=$?
  # numPassedTests/numFailedTests from vitest's JSON report; a missing report (a crash) reads as 0 passed.
  counts=$(node -e 'try { const r = require(process.argv[1]); console.log(r.numPassedTests, r.numFailedTests); } catch { console.log(0, 0); }' "$json")
  read -r ok failed <<< "$counts"
  secs=$(( $(date +%s) - start ))
  if [ "$rc" -eq 0 ] && [ "$ok" -gt 0 ] && [ "$failed" -eq 0 ]; then
    passed=$((passed + 1))
    echo "run $i: ok ($ok passed, ${secs}s)"
    rm -f "$log"
  else
    echo "run $i: FAILED (exit $rc, $ok passed, $failed failed, ${secs}s): $log"
  fi
  rm -f "$json"
done
echo "passed $passed/$runs: $file${name:+ -t \"$name\"}"
[ "$passed" -eq "$runs" ]
