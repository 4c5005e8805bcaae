"""Checks what build.sh wrote under Data/ and prints one line per file (rows, bytes, sha256).

Fails (exit 1) on: a CSV whose header or rows break the `footprint import places` contract, a
visit pointing at no place, a GeoJSON ring that is open, too short, clockwise where RFC 7946
wants counter-clockwise (or the reverse for holes), out of range or with more than 6 decimals,
a GPX that is not GPX 1.1 or whose times go backwards, a search sample missing a documented
field, or a Data/ folder over the size budget.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from datetime import datetime

from common import DATA

BUDGET_BYTES = 4_000_000
errors: list[str] = []


def fail(message: str) -> None:
    errors.append(message)


def read_csv(path, encoding="utf-8") -> list[dict]:
    text = path.read_bytes().decode(encoding)
    return list(csv.DictReader(io.StringIO(text, newline="")))


def check_places(path, encoding="utf-8", korea=True) -> int:
    rows = read_csv(path, encoding)
    ids = set()
    for line, row in enumerate(rows, start=2):
        where = f"{path.name}:{line}"
        if not row["name"]:
            fail(f"{where}: empty name")
        if row["id"] in ids:
            fail(f"{where}: duplicate id {row['id']}")
        ids.add(row["id"])
        lat, lon = float(row["lat"]), float(row["lon"])
        if korea and not (33 <= lat <= 39 and 124 <= lon <= 132):
            fail(f"{where}: {lat},{lon} is not in South Korea")
        if any(tag == "" for tag in row["tags"].split("|")):
            fail(f"{where}: empty tag in {row['tags']!r}")
        if row.get("likes") and not row["likes"].isdigit():
            fail(f"{where}: likes {row['likes']!r} is not a count")
    return len(rows)


def signed_area(ring) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:])) / 2


def check_geojson(path) -> int:
    raw = path.read_bytes()
    text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    if re.search(r"\d\.\d{7,}", text):
        fail(f"{path.name}: a number with more than 6 decimals")
    doc = json.loads(text)
    if doc.get("type") != "FeatureCollection" or "crs" in doc:
        fail(f"{path.name}: not a plain FeatureCollection")
    for i, feature in enumerate(doc["features"]):
        geometry = feature["geometry"]
        polygons = ([geometry["coordinates"]] if geometry["type"] == "Polygon"
                    else geometry["coordinates"])
        for j, polygon in enumerate(polygons):
            for k, ring in enumerate(polygon):
                where = f"{path.name}: features[{i}] polygon {j} ring {k}"
                if len(ring) < 4 or ring[0] != ring[-1]:
                    fail(f"{where}: open or shorter than 4 positions")
                area = signed_area(ring)
                if (k == 0 and area <= 0) or (k > 0 and area >= 0):
                    fail(f"{where}: wrong winding (RFC 7946 §3.1.6)")
                if any(not (-180 <= x <= 180 and -90 <= y <= 90) for x, y in ring):
                    fail(f"{where}: position out of range")
    return len(doc["features"])


def check_gpx(path) -> int:
    ns = {"g": "http://www.topografix.com/GPX/1/1"}
    root = ET.parse(path).getroot()
    if root.tag != "{http://www.topografix.com/GPX/1/1}gpx" or root.get("version") != "1.1":
        fail(f"{path.name}: not GPX 1.1")
    points = root.findall("g:trk/g:trkseg/g:trkpt", ns)
    last = None
    for point in points:
        t = datetime.fromisoformat(point.find("g:time", ns).text.replace("Z", "+00:00"))
        if last is not None and t <= last:
            fail(f"{path.name}: time goes backwards at {t}")
        last = t
        float(point.find("g:ele", ns).text)
    return len(points)


def check_visits(path, place_ids: set[str]) -> int:
    rows = read_csv(path)
    for line, row in enumerate(rows, start=2):
        if row["place_id"] not in place_ids:
            fail(f"{path.name}:{line}: unknown place {row['place_id']}")
        arrived = datetime.fromisoformat(row["arrived"])
        if not row["arrived"].endswith("+09:00"):
            fail(f"{path.name}:{line}: arrival without +09:00")
        if row["left"] and datetime.fromisoformat(row["left"]) <= arrived:
            fail(f"{path.name}:{line}: left before arriving")
    return len(rows)


NAVER_FIELDS = ["title", "link", "category", "description", "telephone", "address",
                "roadAddress", "mapx", "mapy"]
KAKAO_FIELDS = ["id", "place_name", "category_name", "category_group_code",
                "category_group_name", "phone", "address_name", "road_address_name", "x", "y",
                "place_url", "distance"]


def check_naver(path) -> int:
    doc = json.loads(path.read_text(encoding="utf-8"))
    for key in ["lastBuildDate", "total", "start", "display", "items"]:
        if key not in doc:
            fail(f"{path.name}: no {key}")
    for item in doc["items"]:
        if list(item) != NAVER_FIELDS or not (item["mapx"].isdigit() and item["mapy"].isdigit()):
            fail(f"{path.name}: item fields {list(item)}")
    return len(doc["items"])


def check_kakao(path) -> int:
    doc = json.loads(path.read_text(encoding="utf-8"))
    for document in doc["documents"]:
        missing = [f for f in KAKAO_FIELDS if f not in document]
        if missing:
            fail(f"{path.name}: document without {missing}")
        float(document["x"]), float(document["y"])
    if not {"total_count", "pageable_count", "is_end", "same_name"} <= set(doc["meta"]):
        fail(f"{path.name}: incomplete meta")
    return len(doc["documents"])


def main() -> None:
    counts = {
        "kr_cities.csv": check_places(DATA / "kr_cities.csv"),
        "kr_sido.geojson": check_geojson(DATA / "kr_sido.geojson"),
        "kr_sigungu.geojson.gz": check_geojson(DATA / "kr_sigungu.geojson.gz"),
        "world_countries.geojson": check_geojson(DATA / "world_countries.geojson"),
        "diary/places.csv": check_places(DATA / "diary" / "places.csv"),
        "diary/places_cp949.csv": check_places(DATA / "diary" / "places_cp949.csv", "cp949"),
        "diary/day-2024-05-04.gpx": check_gpx(DATA / "diary" / "day-2024-05-04.gpx"),
        "diary/naver_search.json": check_naver(DATA / "diary" / "naver_search.json"),
        "diary/naver_search_tm128.json": check_naver(DATA / "diary" / "naver_search_tm128.json"),
        "diary/kakao_search.json": check_kakao(DATA / "diary" / "kakao_search.json"),
    }
    place_ids = {row["id"] for row in read_csv(DATA / "diary" / "places.csv")}
    counts["diary/visits.csv"] = check_visits(DATA / "diary" / "visits.csv", place_ids)

    total = 0
    for path in sorted(p for p in DATA.rglob("*") if p.is_file()):
        name = path.relative_to(DATA).as_posix()
        data = path.read_bytes()
        total += len(data)
        rows = counts.get(name, "-")
        print(f"{name:32} {rows!s:>6} {len(data):>9} {hashlib.sha256(data).hexdigest()[:16]}")
    print(f"{'total':32} {'':>6} {total:>9}")
    if total > BUDGET_BYTES:
        fail(f"Data/ holds {total} bytes, over the {BUDGET_BYTES} budget")
    if errors:
        print("\n".join(errors), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
