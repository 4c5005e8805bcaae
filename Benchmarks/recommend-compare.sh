#!/bin/bash
# recommend-compare.sh OLD_CLI OLD_DB NEW_CLI NEW_DB [DATASET]
#
# Before/after check for work on `footprint recommend`: runs the same recommend queries with two
# builds (each on its own copy of one store, as a newer build may need a newer schema) and
# compares their `--json --explain` output byte for byte. The anchors are the first 50 kNN
# centres of the dataset's queries.json (3 km, top 20; ten of them also top 200), the cold-CLI
# point, a few filtered and --place queries (the path through `places`), and the day
# 2024-05-01 at several radii when the store has it (see RecommendDayTask.addDay). The time of
# day is fixed; both builds run back to back per query, so they see the same local date.
# Prints one line per differing query and a summary; exit status 1 when any differs.
set -u
old_cli=$1 old_db=$2 new_cli=$3 new_db=$4
dataset=${5:-/work/bench-data/n1000000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
queries=()
while read -r lat lon; do
    queries+=("--at $lat,$lon --radius 3000")
done < <(python3 -c "
import json
for c in json.load(open('$dataset/queries.json'))['knn_centers'][:50]:
    print(repr(c[1]), repr(c[0]))")
for q in "${queries[@]:0:10}"; do queries+=("$q --limit 200"); done
queries+=(
    "--at 37.55,127.0" "--at 37.55,127.0 --limit 1000" "--at 37.55,127.0 --unvisited"
    "--at 37.55,127.0 --radius 50000 --limit 5" "--at 37.55,127.0 --category 카페"
    "--at 37.55,127.0 --tag 데이트 --radius 1000" "--at 37.55,127.0 --weights distance=1,popularity=0"
    "--place 1" "--place 500000 --limit 50" "--at 0,0"
    "--day 2024-05-01" "--day 2024-05-01 --radius 100" "--day 2024-05-01 --radius 1000 --limit 100"
    "--day 2024-05-01 --radius 20 --limit 50" "--day 2024-05-01 --limit 1000"
)
differ=0
index=0
for q in "${queries[@]}"; do
    index=$((index + 1))
    # shellcheck disable=SC2086
    "$old_cli" --db "$old_db" recommend $q --time 18:00 --json --explain >"$out/old" 2>&1
    old_status=$?
    # shellcheck disable=SC2086
    "$new_cli" --db "$new_db" recommend $q --time 18:00 --json --explain >"$out/new" 2>&1
    new_status=$?
    if [ $old_status -ne $new_status ] || ! cmp -s "$out/old" "$out/new"; then
        differ=$((differ + 1))
        echo "DIFFERS: $q (exit $old_status vs $new_status)"
    fi
    count=$(grep -o '"id"' "$out/new" | wc -l)
    echo "ok-or-not $index: $q: $count spots" >>"$out/log"
done
echo "$((${#queries[@]} - differ)) of ${#queries[@]} queries give identical output"
[ $differ -eq 0 ]
