#!/usr/bin/env bash
# The demo of `make demo`: builds a SpatiaLite database from Data/ and runs the main jobs on it,
# writing every result to OUT/ (and echoing it). Usage: tools/demo.sh PATH/TO/footprint OUT
set -euo pipefail
footprint=$1
out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/Data"
mkdir -p "$out"
db="$out/demo.sqlite"
rm -f "$db" "$db-wal" "$db-shm"

step() {  # step NAME COMMAND...: runs the command, shows it and its output, keeps the output in OUT/NAME
  local name=$1; shift
  printf '\n$ footprint %s\n' "$*" | sed "s|$out/|out/|g; s|$data/|Data/|g"
  "$footprint" "$@" | tee "$out/$name"
}

step init.txt --db "$db" init
step geo-distance.txt geo distance --from 37.5665,126.9780 --to 35.1151,129.0413
step geo-distance.json geo distance --from 37.5665,126.9780 --to -33.87,151.21 --json
step geo-destination.txt geo destination --from 37.5665,126.9780 --bearing 135 --distance 10000
step geo-transform.txt geo transform --from EPSG:4326 --to EPSG:5186 126.9779,37.5663 129.0413,35.1151
step geo-transform-tm128.txt geo transform --from tm128 --to EPSG:4326 309910,552073
