#!/bin/sh
# A bounded libFuzzer run for ctest:
#   run_libfuzzer.sh <attn_fuzz> <attn_fuzz_random> <work dir> [seconds]
# Seeds: the deterministic harness's first 300 cases, written as byte inputs. libFuzzer runs with
# a fixed seed for at most <seconds> (default 45) in fork mode, so one broken contract does not
# end the search: every failing input lands in <work dir>/artifacts/. At the end each distinct
# failure is replayed once to print its message; the exit status is 1 if there was any.
set -eu
fuzzer=$1 random=$2 work=$3 seconds=${4:-45}
rm -rf "$work"
mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts"
"$random" --write-corpus "$work/seeds" --cases 300 --seed 1
# -timeout turns a hang into a failure; -rss_limit_mb a runaway allocation.
"$fuzzer" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -seed=1 \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=2048 \
  -artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" >"$work/fuzz.log" 2>&1 || true
grep -E '^#[0-9]+: cov|INFO: fuzzed for|^#[0-9]+.*DONE' "$work/fuzz.log" | tail -2
failures=0
seen=""
for input in "$work"/artifacts/*; do
  [ -e "$input" ] || continue
  message=$("$fuzzer" "$input" 2>&1 | grep -E 'contract broken|Eigen assertion|ERROR: |SUMMARY: ' | head -1)
  kind=$(printf '%s' "$message" | sed 's/[0-9][-0-9.e+]*//g')  # the same failure with other numbers
  case "$seen" in *"|$kind|"*) continue ;; esac
  seen="$seen|$kind|"
  failures=$((failures + 1))
  echo "FAIL $input"
  "$fuzzer" "$input" 2>&1 | grep -E -A1 'contract broken|Eigen assertion' | head -4
  [ -n "$message" ] || echo "    (no message: see $work/fuzz.log)"
done
echo "libFuzzer: $failures distinct failure(s) in $seconds s (log: $work/fuzz.log)"
[ "$failures" -eq 0 ]
