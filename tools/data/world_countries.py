"""Data/world_countries.geojson: Natural Earth 1:110m admin-0 countries.

Source: `geopandas/datasets/naturalearth_lowres/naturalearth_lowres.{shp,dbf}` inside the
geopandas 0.14.4 wheel (`pip download geopandas==0.14.4 --no-deps`; the wheel is pure Python).
Natural Earth is public domain. geopandas derived that shapefile from ne_110m_admin_0_countries
(its `naturalearth_creation.py`): it replaced ISO_A3 "-99" by ADM0_A3 for sovereign countries
(France, Norway …; Kosovo keeps "-99"), and moved Crimea from Russia to Ukraine.

What the source does at the antimeridian: the polygons of Fiji, Russia (Chukotka) and
Antarctica are already cut at ±180° — each part stays on one side and has vertices on the
meridian itself — so no edge is longer than 180° of longitude and nothing needs splitting. This
script checks that (it fails otherwise) and snaps the few vertices the shapefile stores a hair
past the meridian (Russia at 180.00000000000006) onto it. Antarctica's ring runs along -90° from
-180° to 180°: the usual way to close a polygon around a pole in lon/lat.

Output: properties `name`, `iso_a3`, `continent`, `pop_est` (integer); coordinates on the 1e-6°
grid, exteriors counter-clockwise (RFC 7946 §3.1.6), features in the shapefile's order.
"""

from __future__ import annotations

import sys
from pathlib import Path

import shapefile  # pyshp
import shapely
from shapely.geometry import shape

from common import (
    DATA, check_polygons, feature_collection_bytes, polygon_parts, rfc7946_polygons, snap,
    write_bytes,
)


def longest_edge_lon(parts) -> float:
    longest = 0.0
    for part in parts:
        for ring in [part.exterior, *part.interiors]:
            xs = [x for x, _ in ring.coords]
            longest = max(longest, *(abs(b - a) for a, b in zip(xs, xs[1:])))
    return longest


def main(shp_path: Path) -> None:
    reader = shapefile.Reader(str(shp_path))  # encoding from the .cpg file
    features = []
    for record in reader.iterShapeRecords():
        row = record.record.as_dict()
        geometry = shape(record.shape.__geo_interface__)
        # Clamp the vertices stored a hair past ±180° before snapping to the grid.
        geometry = shapely.transform(geometry, lambda xy: xy.clip([-180, -90], [180, 90]))
        parts = rfc7946_polygons(polygon_parts(snap(geometry)))
        check_polygons(parts, row["name"])
        if longest_edge_lon(parts) > 180 and row["iso_a3"] != "ATA":
            raise SystemExit(f"{row['name']}: an edge crosses the antimeridian")
        properties = {
            "name": row["name"], "iso_a3": row["iso_a3"],
            "continent": row["continent"], "pop_est": int(row["pop_est"]),
        }
        features.append((None, properties, parts))
    write_bytes(DATA / "world_countries.geojson", feature_collection_bytes(features))
    print(f"world_countries.geojson: {len(features)} countries")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
