#!/usr/bin/env bash
# Footprint's side of the peer benchmarks (../shared/peers): builds the Benchmarks package in
# release when needed and runs footprint-bench on a peer dataset. stdout is JSON lines only, in the
# peers' contract; the build's output goes to stderr, and only when the build fails.
#
#   tools/peers-extra.sh [DATASET]      DATASET defaults to $PEERS_DATA
#
# run_all.sh runs any executable extra/*.sh with PEERS_DATA, PEERS_RUN_ID and N set: a symlink to
# this file there works (the path is resolved), or a two-line wrapper that execs it.
# Env: PEERS_RUNS, PEERS_RUNS_HEAVY (as the peers), SWIFT (default swift), FOOTPRINT_BENCH_ONLY
# (a comma list of task names: only those run, e.g. simplify_dp,gpx_import).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
data="${1:-${PEERS_DATA:-}}"
if [ -z "$data" ]; then
  echo "peers-extra: give the dataset folder as an argument or in PEERS_DATA" >&2
  exit 2
fi
swift="${SWIFT:-swift}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! (cd "$root/Benchmarks" && "$swift" build -c release --product footprint-bench) >"$log" 2>&1; then
  cat "$log" >&2
  echo "peers-extra: building Benchmarks failed" >&2
  exit 1
fi
if ! (cd "$root" && "$swift" build -c release --product footprint) >"$log" 2>&1; then
  cat "$log" >&2
  echo "peers-extra: building footprint failed" >&2
  exit 1
fi
bin="$(cd "$root/Benchmarks" && "$swift" build -c release --show-bin-path)/footprint-bench"
FOOTPRINT_DATA="${FOOTPRINT_DATA:-$root/Data}" FOOTPRINT_CLI="$(cd "$root" && "$swift" build -c release --show-bin-path)/footprint" "$bin" "$data" ${FOOTPRINT_BENCH_ONLY:+--only "$FOOTPRINT_BENCH_ONLY"}
