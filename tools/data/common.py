"""Shared helpers for the Data/ build scripts: deterministic CSV, GeoJSON and gzip writers.

Every writer here produces the same bytes for the same input: fixed key order, fixed number
formatting, LF line endings, and gzip streams with no timestamp and no file name in the header.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import math
import os
from pathlib import Path

import shapely
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

# Repository root (tools/data/common.py -> ../..) and the output folder.
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "Data"

# The header `footprint import places` reads (ARCHITECTURE.md, `import places`).
PLACE_COLUMNS = ["id", "name", "category", "lat", "lon", "tags", "likes", "address", "phone"]

# Mean radius used only for the rough km² areas that decide which slivers to drop (IUGG R1).
EARTH_RADIUS_KM = 6371.0088


def fmt_number(value: float, decimals: int = 6) -> str:
    """Fixed-point with `decimals` places, trailing zeros removed, never `-0`."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def gzip_bytes(data: bytes) -> bytes:
    """gzip with mtime 0 and no stored file name, so the output depends on the input only."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as out:
        out.write(data)
    return buffer.getvalue()


def csv_bytes(header: list[str], rows: list[list[object]]) -> bytes:
    """RFC 4180 CSV with LF line endings; quotes only where needed."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if value is None else value for value in row])
    return buffer.getvalue().encode("utf-8")


def approx_km2(geometry) -> float:
    """Planar degree area scaled at the centroid's latitude: good to a few % for small parts."""
    if geometry.is_empty:
        return 0.0
    lat = geometry.centroid.y
    km_per_deg = math.pi * EARTH_RADIUS_KM / 180.0
    return geometry.area * km_per_deg * km_per_deg * math.cos(math.radians(lat))


def polygon_parts(geometry) -> list[Polygon]:
    """The polygons of a Polygon, MultiPolygon or GeometryCollection; other parts are dropped."""
    if geometry.is_empty:
        return []
    if isinstance(geometry, Polygon):
        return [geometry]
    parts: list[Polygon] = []
    for part in getattr(geometry, "geoms", []):
        parts.extend(polygon_parts(part))
    return parts


def rfc7946_polygons(parts: list[Polygon]) -> list[Polygon]:
    """Right-hand rule of RFC 7946 §3.1.6: exteriors counter-clockwise, holes clockwise."""
    return [orient(part, sign=1.0) for part in parts]


def _ring_json(ring) -> str:
    coords = ring.coords
    return "[" + ",".join(f"[{fmt_number(x)},{fmt_number(y)}]" for x, y in coords) + "]"


def geometry_json(parts: list[Polygon]) -> str:
    """A Polygon for one part, a MultiPolygon for several; 6 decimals (RFC 7946 §11.2)."""
    def polygon_json(p: Polygon) -> str:
        rings = [p.exterior, *p.interiors]
        return "[" + ",".join(_ring_json(r) for r in rings) + "]"

    if len(parts) == 1:
        return '{"type":"Polygon","coordinates":' + polygon_json(parts[0]) + "}"
    return '{"type":"MultiPolygon","coordinates":[' + ",".join(polygon_json(p) for p in parts) + "]}"


def json_value(value) -> str:
    """A small JSON encoder for property values: strings (Hangul unescaped), ints, floats, None."""
    if isinstance(value, float):
        return fmt_number(value)
    return json.dumps(value, ensure_ascii=False)


def feature_collection_bytes(features: list[tuple[str | None, dict, list[Polygon]]]) -> bytes:
    """One FeatureCollection, one Feature a line; keys in a fixed order, no `crs` member."""
    lines = ['{"type":"FeatureCollection","features":[']
    for index, (feature_id, properties, parts) in enumerate(features):
        props = ",".join(f"{json_value(k)}:{json_value(v)}" for k, v in properties.items())
        head = '{"type":"Feature",'
        if feature_id is not None:
            head += f'"id":{json_value(feature_id)},'
        line = head + '"properties":{' + props + '},"geometry":' + geometry_json(parts) + "}"
        lines.append(line + ("," if index < len(features) - 1 else ""))
    lines.append("]}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def snap(geometry, grid: float = 1e-6):
    """Snap to the 6-decimal grid with GEOS (keeps the result valid), then drop empty parts."""
    return shapely.set_precision(geometry, grid)


def check_polygons(parts: list[Polygon], label: str) -> None:
    """Fail the build on what RFC 7946 consumers reject: invalid rings, lon/lat out of range."""
    for part in parts:
        if not part.is_valid:
            raise SystemExit(f"{label}: polygon is invalid after processing")
        minx, miny, maxx, maxy = part.bounds
        if minx < -180 or maxx > 180 or miny < -90 or maxy > 90:
            raise SystemExit(f"{label}: coordinates out of range {part.bounds}")
        if len(part.exterior.coords) < 4:
            raise SystemExit(f"{label}: ring with fewer than 4 positions")
