#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target for FUZZ_SECONDS, FUZZ_JOBS targets at a time (each target is one process;
# libFuzzer's own -jobs would split one target's time instead). Each target's log is .build/fuzz-logs/<target>.log;
# its summary lines are printed in target order once all have finished. Exits 1 when any target found a crash, a
# leak, a timeout, an out-of-memory or a violated invariant (its artifacts are in FUZZ_ARTIFACTS).
#
# FUZZ_SEEDS_MAX (optional): a target given more generated seed files than that (the golden inputs) starts from an
# evenly spaced sample of them, in path order so every format keeps some; the committed corpus is always given
# whole. libFuzzer replays every starting input before its time limit applies, and FuzzConvert, which converts each
# input between every pair of formats, takes about a second per input under ASan: CI caps its replay this way (the
# golden inputs go through every pair in ConversionMatrixTests already).
#
# Usage: run-targets.sh BIN_DIR TARGET...   (the Makefile passes the settings in the environment)
set -uo pipefail
bin=$1
shift
: "${FUZZ_SECONDS:?}" "${FUZZ_JOBS:=1}" "${FUZZ_CORPUS:?}" "${FUZZ_COMMITTED:?}" "${FUZZ_DICTIONARIES:?}"
: "${FUZZ_ARTIFACTS:?}" "${FUZZ_LOGS:?}" "${FUZZ_RSS_MB:?}" "${FUZZ_TIMEOUT:?}" "${FUZZ_SEEDS_MAX:=0}"
mkdir -p "$FUZZ_ARTIFACTS" "$FUZZ_LOGS"

# Prints DIR, or a folder holding an evenly spaced sample of FUZZ_SEEDS_MAX of DIR's files when it has more.
sampled() {
    local dir=$1 name=$2 count step i=0
    count=$(find "$dir" -maxdepth 1 -type f | wc -l)
    if [ "$FUZZ_SEEDS_MAX" -le 0 ] || [ "$count" -le "$FUZZ_SEEDS_MAX" ]; then
        echo "$dir"
        return
    fi
    step=$(((count + FUZZ_SEEDS_MAX - 1) / FUZZ_SEEDS_MAX))
    rm -rf "$FUZZ_CORPUS/sample-$name" && mkdir -p "$FUZZ_CORPUS/sample-$name"
    find "$dir" -maxdepth 1 -type f | sort | while read -r f; do
        [ $((i % step)) -eq 0 ] && cp "$f" "$FUZZ_CORPUS/sample-$name/"
        i=$((i + 1))
    done
    echo "$FUZZ_CORPUS/sample-$name"
}

run_target() {
    local t=$1 seeds dict=()
    mkdir -p "$FUZZ_CORPUS/$t"
    seeds=("$(sampled "$FUZZ_CORPUS/seeds" "$t")")
    [ -d "$FUZZ_CORPUS/seeds-$t" ] && seeds=("$(sampled "$FUZZ_CORPUS/seeds-$t" "$t-own")" "${seeds[@]}")
    [ -d "$FUZZ_COMMITTED/$t" ] && seeds=("$FUZZ_COMMITTED/$t" "${seeds[@]}")
    [ -f "$FUZZ_DICTIONARIES/$t.dict" ] && dict=("-dict=$FUZZ_DICTIONARIES/$t.dict")
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 "$bin/$t" "$FUZZ_CORPUS/$t" \
        "${seeds[@]}" "${dict[@]}" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb="$FUZZ_RSS_MB" \
        -timeout="$FUZZ_TIMEOUT" -max_len=65536 -detect_leaks=1 -print_final_stats=1 \
        -artifact_prefix="$FUZZ_ARTIFACTS/$t-" >"$FUZZ_LOGS/$t.log" 2>&1
    echo $? >"$FUZZ_LOGS/$t.rc"
}

echo "== fuzz $# targets for ${FUZZ_SECONDS}s each, $FUZZ_JOBS at a time (logs in $FUZZ_LOGS)"
running=0
for t in "$@"; do
    rm -f "$FUZZ_LOGS/$t.rc"
    run_target "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$FUZZ_JOBS" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

failed=""
for t in "$@"; do
    rc=$(cat "$FUZZ_LOGS/$t.rc" 2>/dev/null || echo "no exit status")
    echo "== $t"
    grep -E '^Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb' \
        "$FUZZ_LOGS/$t.log" | sed 's/^/   /'
    if [ "$rc" != 0 ]; then
        failed="$failed $t"
        echo "   FAILED (exit $rc):"
        grep -E 'ERROR: |fuzz invariant violated|Test unit written|SUMMARY' "$FUZZ_LOGS/$t.log" | head -20 | sed 's/^/   /'
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz failures:$failed (artifacts in $FUZZ_ARTIFACTS)"
    exit 1
fi
echo "fuzz: no crash, leak or timeout in $*"
