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
step geo-tile.txt geo tile --at 37.5665,126.9780 --zoom 14
printf '{"type":"LineString","coordinates":[[126.9780,37.5665],[126.9920,37.5700],[127.0276,37.4979]]}' > "$out/walk.geojson"
step geo-polyline.txt geo polyline encode < "$out/walk.geojson"
step geo-validate.txt geo validate "$data/world_countries.geojson"

# A diary database from Data/: GeoNames cities, the sample diary's places, Naver and Kakao results.
step import-cities.txt --db "$db" import places "$data/kr_cities.csv" --quiet
step import-diary.txt --db "$db" import places "$data/diary/places.csv" --quiet
step import-cp949.txt --db "$db" import places "$data/diary/places_cp949.csv" --source places.csv --quiet
step import-naver.txt --db "$db" import places "$data/diary/naver_search.json" --format naver --quiet
step import-naver-tm128.txt --db "$db" import places "$data/diary/naver_search_tm128.json" --format naver --quiet
step import-kakao.txt --db "$db" import places "$data/diary/kakao_search.json" --format kakao --quiet
# Naver and Kakao list places of places.csv again: each is merged into the place of the same spot
# (same name within 50 m), which keeps every source it came from; nothing is left to merge by hand.
cafe=$("$footprint" --db "$db" search '카페 오월 성수' --limit 1 --json | grep -o '"id":[0-9]*' | head -n 1 | cut -d: -f2)
step place-show-merged.txt --db "$db" place show "$cafe"
step place-duplicates.txt --db "$db" place list --duplicates
# The diary's visits name their places by the id column of places.csv; a re-import adds nothing.
step import-visits.txt --db "$db" import visits "$data/diary/visits.csv" --quiet
# The sample walking day: a GPX track filed under its local day in Seoul, the noise filter's counts.
step import-gpx.txt --db "$db" import gpx "$data/diary/2024-05-18.gpx" --tz Asia/Seoul
seoul_forest=$("$footprint" --db "$db" search 서울숲 --limit 1 --json | grep -o '"id":[0-9]*' | head -n 1 | cut -d: -f2)
step place-show-visited.txt --db "$db" place show "$seoul_forest"
step nearby-cityhall.txt --db "$db" nearby --at 37.5663,126.9779 --radius 1500 --limit 10
step nearby-seongsu-cafes.txt --db "$db" nearby --at 37.5445,127.0560 --k 5 --category 음식점
step nearby-busan.json --db "$db" nearby --at 35.1151,129.0413 --k 3 --json
# Korean search: two syllables, 초성, a half-typed syllable, 한/영 mistypes, a hashtag, near a point.
step search-cafe.txt --db "$db" search 카페 --near 37.5445,127.0560 --limit 8
step search-chosung.txt --db "$db" search ㅅㅌㅂㅅ
step search-partial.txt --db "$db" search 서울숲ㅋ --limit 5
step search-mistype.txt --db "$db" search tmxkqjrtm --limit 5
step search-mistype-latin.json --db "$db" search ㅣㅊㅇㅊ --json
step search-hashtag.txt --db "$db" search '#야경' --limit 5
# Search forgives a slip of the thumb, ranked below every literal match: a typo (ㅗ and ㅓ are
# neighbouring keys), a syllable left out, two syllables swapped, an abbreviation; --json says
# what was forgiven, and --exact turns it off.
step search-typo.txt --db "$db" search 교보문거 --limit 3
step search-missing-syllable.txt --db "$db" search 국립현미술관 --limit 3
step search-swapped.txt --db "$db" search 올픽림공원 --limit 3
step search-abbreviation.txt --db "$db" search 스벅 --limit 5
step search-typo.json --db "$db" search 스카벅스 --limit 1 --json
step search-exact.txt --db "$db" search 교보문거 --exact
step export-places.txt --db "$db" export places -o "$out/places.geojson"
step validate-export.txt geo validate "$out/places.geojson"

# The diary around the sample day 2024-05-18 (its GPX track is imported above by `import gpx`):
# how the day went, a category, a log entry, and the day's statistics, visits, photos and entries.
step day-set.txt --db "$db" day set 2024-05-18 --score 87 --weather 맑음 --sleep-minutes 420 --mood '#FFAA00'
step category-add.txt --db "$db" category add 산책 --color '#22AA44'
step log-add.txt --db "$db" log add 2024-05-18 --title '서울숲 산책' --category 산책 --walk-minutes 45 --place "$seoul_forest"
step day-list.txt --db "$db" day list
step day-show.txt --db "$db" day show 2024-05-18
step day-show.json --db "$db" day show 2024-05-18 --json

# Recommendations (issue 15), each term of each score explained: near 시청 in the evening, spots
# like the 서울숲 visit, along the sample day's walk (300 m corridor), with a window set by hand.
step place-edit-best-time.txt --db "$db" place edit "$seoul_forest" --best-time 저녁
step recommend-cityhall.txt --db "$db" recommend --at 37.5663,126.9779 --radius 1500 --limit 5 --time 18:30 --explain
step recommend-like-seoul-forest.txt --db "$db" recommend --place "$seoul_forest" --limit 5 --time 18:30 --explain
step recommend-day.txt --db "$db" recommend --day 2024-05-18 --limit 5 --time 18:30 --explain
step recommend-day.json --db "$db" recommend --day 2024-05-18 --limit 3 --time 18:30 --unvisited --json

# Maps (issue 14): every place on a map of Korea, the 성수동 walk area, a small tile pyramid with
# its viewer page (out/tiles/index.html). The basemap comes from Data/.
export FOOTPRINT_DATA="$data"
step render-places.txt --db "$db" render map --places --size 1000x1200 --title "내 장소" -o "$out/places.svg"
step render-seongsu.txt --db "$db" render map --bbox 127.03,37.535,127.07,37.555 --title 성수동 -o "$out/seongsu.svg"
step render-tile.txt --db "$db" render tile 14/13970/6344 -o "$out/tile-14-13970-6344.svg"
step render-tiles.txt --db "$db" render tiles --zoom 10-14 --bbox 126.9,37.5,127.1,37.6 --out "$out/tiles" --quiet

# The sample day (Data/diary/2024-05-18.gpx, imported above) as RFC 7946 GeoJSON, GPX 1.1 and
# encoded polylines (one line per route part); read-only, privacy zones masked.
step day-export-geojson.txt --db "$db" day export 2024-05-18 --format geojson -o "$out/2024-05-18.geojson"
step day-export-gpx.txt --db "$db" day export 2024-05-18 --format gpx -o "$out/2024-05-18.gpx"
step 2024-05-18.polyline --db "$db" day export 2024-05-18 --format polyline
# The same day as an SVG map: its route, visits and photos (privacy zones masked).
step render-day.txt --db "$db" render map --day 2024-05-18 -o "$out/2024-05-18.svg"
step render-day-tiles.txt --db "$db" render tiles --zoom 13-17 --day 2024-05-18 --out "$out/day-tiles" --quiet
step validate-day.txt geo validate "$out/2024-05-18.geojson"
