#!/usr/bin/env python3
"""Writes Data/diary/2024-05-18.gpx: a GENERATED walking day in Seoul (not a recording), CC0.

Saturday 2024-05-18, Asia/Seoul (UTC+9, no daylight saving time): 서울광장 → 광화문광장 →
교보문고 광화문점 (stop) → 경복궁 (stop) → 국립현대미술관 서울 → 블루보틀 삼청 (stop) → 북촌한옥마을,
then a 7-minute gap in recording (a new trkseg) → 인사동 쌈지길 → 익선동 한옥거리 → 광장시장 (stop)
→ 청계천. The four stops (12–35 min) lie within 20 m of the places of the same names in
Data/diary/places.csv, so stay detection finds them and matches them to those places.

A fix every 10 s; walking 1.1–1.5 m/s; GPS noise AR(1) with σ 3 m outdoors and 6 m indoors; the
points of a stop drift within ~25 m of the stop's centre. For the noise filter: two fixes with an
hdop of 25 (poor fixes), one wild fix ~1.3 km off (a speed spike) and one repeated time. Elevation
from a made-up smooth terrain (~25 m at 서울광장 to ~55 m in 북촌) plus 0.5 m noise.

Deterministic: one random.Random(20240518) stream, fixed number formats; Python 3.8+, standard
library only. Usage: tools/make-sample-gpx.py [OUT] (default Data/diary/2024-05-18.gpx).
"""

import math
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

SEED = 20240518
START_UTC = datetime(2024, 5, 18, 0, 40, 0, tzinfo=timezone.utc)  # 09:40 in Seoul
STEP_S = 10
EARTH_M = 6_371_008.8

# (lat, lon, label, stop minutes, indoor): the walk's vertices; a stop is spent at its vertex.
ROUTE_1 = [
    (37.56580, 126.97790, "서울광장", 0, False),
    (37.56930, 126.97710, "세종대로", 0, False),
    (37.57100, 126.97700, "광화문광장 남쪽", 0, False),
    (37.57100, 126.97785, "교보문고 광화문점", 25, True),
    (37.57250, 126.97690, "광화문광장", 0, False),
    (37.57600, 126.97690, "광화문", 0, False),
    (37.57960, 126.97700, "경복궁", 35, False),
    (37.58050, 126.97950, "동십자각 북쪽", 0, False),
    (37.57870, 126.98000, "국립현대미술관 서울", 0, False),
    (37.58100, 126.98120, "삼청로", 0, False),
    (37.58262, 126.98162, "블루보틀 삼청", 18, True),
    (37.58300, 126.98350, "북촌로", 0, False),
    (37.58260, 126.98490, "북촌한옥마을", 0, False),
]
GAP_MINUTES = 7
ROUTE_2 = [
    (37.57680, 126.98520, "안국역", 0, False),
    (37.57430, 126.98490, "인사동 쌈지길", 0, False),
    (37.57380, 126.98800, "낙원상가", 0, False),
    (37.57410, 126.98990, "익선동 한옥거리", 0, False),
    (37.57150, 126.99300, "종로3가", 0, False),
    (37.57020, 126.99750, "광장시장 입구", 0, False),
    (37.57012, 126.99958, "광장시장", 30, False),
    (37.56920, 126.99900, "청계천 광교 방향", 0, False),
    (37.56910, 126.99500, "청계천 징검다리", 0, False),
]
WAYPOINT = (37.56912, 126.99505, "청계천 징검다리", "Photo spot on the stepping stones (generated sample).")


def metres(a, b):
    """Haversine metres between (lat, lon) pairs."""
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_M * math.asin(math.sqrt(h))


def offset(point, north_m, east_m):
    lat = point[0] + math.degrees(north_m / EARTH_M)
    lon = point[1] + math.degrees(east_m / (EARTH_M * math.cos(math.radians(point[0]))))
    return (lat, lon)


def elevation(lat, lon):
    """A smooth made-up terrain: higher to the north (북촌) and a little to the east."""
    return 25 + (lat - 37.5658) * 1_500 + 4 * math.sin((lon - 126.97) * 300)


class Walker:
    def __init__(self, rng):
        self.rng = rng
        self.noise = [0.0, 0.0]  # AR(1) GPS error, metres north and east

    def fix(self, true_point, sigma):
        rho = 0.9
        scale = sigma * math.sqrt(1 - rho * rho)
        self.noise = [rho * n + self.rng.gauss(0, scale) for n in self.noise]
        return offset(true_point, self.noise[0], self.noise[1])

    def segment(self, route, start):
        """The fixes of one trkseg: (time, lat, lon, true point), walking the route with its stops."""
        fixes = []
        time = start
        position = route[0][:2]
        for index, vertex in enumerate(route):
            target = vertex[:2]
            if index > 0:
                speed = self.rng.uniform(1.1, 1.5)
                distance = metres(position, target)
                steps = max(1, round(distance / (speed * STEP_S)))
                for step in range(1, steps + 1):
                    f = step / steps
                    point = (position[0] + (target[0] - position[0]) * f, position[1] + (target[1] - position[1]) * f)
                    time += timedelta(seconds=STEP_S)
                    fixes.append((time, *self.fix(point, 3.0), point))
                position = target
            stop_minutes, indoor = vertex[3], vertex[4]
            drift = (0.0, 0.0)
            for _ in range(stop_minutes * 60 // STEP_S):
                # Standing, browsing: a slow drift that stays within ~25 m of the centre.
                drift = (0.97 * drift[0] + self.rng.gauss(0, 1.2), 0.97 * drift[1] + self.rng.gauss(0, 1.2))
                drift = tuple(max(-18.0, min(18.0, d)) for d in drift)
                point = offset(target, *drift)
                time += timedelta(seconds=STEP_S)
                fixes.append((time, *self.fix(point, 6.0 if indoor else 3.0), point))
        return fixes, time


def stamp(time):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "Data/diary/2024-05-18.gpx"
    rng = random.Random(SEED)
    walker = Walker(rng)
    first, end = walker.segment(ROUTE_1, START_UTC)
    second, end = walker.segment(ROUTE_2, end + timedelta(minutes=GAP_MINUTES))
    segments = [first, second]

    # Noise for the filter to find: two poor fixes, one wild fix, one repeated time.
    hdop = {}
    hdop[(0, 40)] = 25.0
    hdop[(1, 15)] = 25.0
    t, lat, lon, point = first[300]
    first[300] = (t, *offset((lat, lon), 1000, 900), point)  # ~1.3 km off: > 300 km/h both ways
    t, lat, lon, point = second[200]
    second[200] = (second[199][0], lat, lon, point)  # the time of the fix before

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="Footprint tools/make-sample-gpx.py (generated, seed 20240518)" '
        'xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
        "<metadata>",
        "<name>2024-05-18 광화문에서 광장시장까지</name>",
        "<desc>GENERATED sample walk (not a recording): tools/make-sample-gpx.py, seed 20240518. CC0.</desc>",
        f"<time>{stamp(START_UTC)}</time>",
        "</metadata>",
        f'<wpt lat="{WAYPOINT[0]:.6f}" lon="{WAYPOINT[1]:.6f}"><name>{WAYPOINT[2]}</name><desc>{WAYPOINT[3]}</desc></wpt>',
        "<trk>",
        "<name>2024-05-18 산책</name>",
    ]
    for s, fixes in enumerate(segments):
        lines.append("<trkseg>")
        for i, (time, lat, lon, _point) in enumerate(fixes):
            ele = elevation(lat, lon) + rng.gauss(0, 0.5)
            extra = f"<hdop>{hdop[(s, i)]:.1f}</hdop>" if (s, i) in hdop else ""
            lines.append(
                f'<trkpt lat="{lat:.6f}" lon="{lon:.6f}"><ele>{ele:.1f}</ele><time>{stamp(time)}</time>{extra}</trkpt>'
            )
        lines.append("</trkseg>")
    lines += ["</trk>", "</gpx>", ""]
    out.write_text("\n".join(lines), encoding="utf-8")
    points = sum(len(f) for f in segments)
    print(f"{out}: {points} points in {len(segments)} segments, {out.stat().st_size} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
