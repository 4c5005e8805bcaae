#!/bin/sh
# make fuzz: replays the large seeds (and the committed long ones, Fuzz/LongSeeds/), then runs every libFuzzer target for FUZZ_RUNS executions
# under AddressSanitizer with the limits of issue 17 (1 s an input, 512 MB), and prints
# executions per second for each. New interesting inputs go to .build/fuzz-corpus/<target>/;
# `make fuzz-merge` adds the ones that add coverage to the committed Fuzz/Corpus/.
#   [FUZZ_RUNS=N] [FUZZ_SECONDS=S] tools/fuzz.sh BINARY [TARGET…]
set -eu
binary=$1
shift
targets=${*:-geojson gpx csv-utf8 csv-cp949 naver kakao polyline point tile search search-store}
runs=${FUZZ_RUNS:-1000000}
# FUZZ_SECONDS: stop a target after this many seconds even before FUZZ_RUNS (0: no limit).
seconds_limit=${FUZZ_SECONDS:-0}
work=.build/fuzz-corpus
seeds=.build/fuzz-seeds
logs=.build/fuzz-logs
mkdir -p "$work" "$logs"
python3 Fuzz/large-seeds.py "$seeds"
# FUZZ_EXTRA: more libFuzzer flags, e.g. -detect_leaks=0.
# ASan keeps freed blocks in a quarantine (256 MB by default) to catch their later use; counted in
# the 512 MB limit, it made the search target "out of memory" with 33 MB of live heap. It also
# records the stack of every malloc and free (30 frames by default) for its reports: a fifth of the
# search target's CPU. Two frames are recorded; a finding, replayed alone
# (`FUZZ_TARGET=T BINARY FILE`, without ASAN_OPTIONS), prints them all. What ASan detects is the same.
ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=32:malloc_context_size=2}
export ASAN_OPTIONS
limits="-rss_limit_mb=512 -timeout=1 -malloc_limit_mb=512 ${FUZZ_EXTRA:-}"
failures=0
for target in $targets; do
    mkdir -p "$work/$target"
    # The large seeds and the long ones, once each (libFuzzer runs the files it is given and exits).
    # A failure is reported and counted, and the target is fuzzed all the same. libFuzzer stops
    # at the failing seed, so it is the last one the log says it ran.
    long_seeds=
    [ -d "Fuzz/LongSeeds/$target" ] && long_seeds=Fuzz/LongSeeds/$target
    # shellcheck disable=SC2086 # the long seeds' names have no spaces
    FUZZ_TARGET=$target "$binary" $limits "$seeds/$target"/* ${long_seeds:+$long_seeds/*} >"$logs/$target-seeds.log" 2>&1 || {
        echo "$target: a large seed failed: $(grep -E 'Running:' "$logs/$target-seeds.log" | tail -1) $(grep -m1 -E 'ERROR' "$logs/$target-seeds.log")" >&2
        failures=$((failures + 1))
    }
    start=$(date +%s)
    FUZZ_TARGET=$target "$binary" $limits -max_len=65536 -runs="$runs" -max_total_time="$seconds_limit" -print_final_stats=1 \
        -artifact_prefix="$logs/$target-" "$work/$target" "Fuzz/Corpus/$target" >"$logs/$target.log" 2>&1 || {
        echo "$target: the fuzzer found a problem, see $logs/$target.log and $logs/$target-*" >&2
        tail -30 "$logs/$target.log" >&2
        rm -f /dev/shm/footprint-fuzz-*-"$target" /dev/shm/footprint-fuzz-*-"$target".search.sqlite*
        exit 1
    }
    seconds=$(($(date +%s) - start))
    # A timeout ends the process without its exit handlers: remove its scratch files here.
    rm -f /dev/shm/footprint-fuzz-*-"$target" /dev/shm/footprint-fuzz-*-"$target".search.sqlite*
    done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$target.log")
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$logs/$target.log")
    echo "$target: $done_runs executions in ${seconds} s ($((done_runs / (seconds > 0 ? seconds : 1))) exec/s), peak RSS ${rss} MB"
done
[ "$failures" -eq 0 ] || { echo "$failures target(s) failed on a large seed" >&2; exit 1; }
