#!/usr/bin/env python3
"""Writes the fuzz seeds too large to commit into OUT/<target>/ (make fuzz replays them once
each, under the same limits, before fuzzing): 100,000 levels of nested arrays, a 10 MB single
CSV field, a polyline of 1 MB of `~`, a search query of 1 MB. The replay test
(Tests/footprintTests/Fuzz/FuzzCorpusReplayTests.swift) builds the same inputs in Swift."""
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else ".build/fuzz-seeds"
depth = 100_000
nested = b"[" * depth + b"]" * depth
field = b"A" * (10 * 1024 * 1024)
seeds = {
    "geojson": {
        "nested-arrays": nested,
        "nested-coordinates": b'{"type":"Point","coordinates":' + nested + b"}",
        "nested-objects": b'{"a":' * depth + b"1" + b"}" * depth,
    },
    "naver": {"nested-arrays": b'{"items":' + nested + b"}"},
    "kakao": {"nested-arrays": b'{"documents":' + nested + b"}"},
    "gpx": {
        "nested-elements": b"<gpx>" + b"<a>" * depth + b"</a>" * depth + b"</gpx>",
        # 1 MB: a 10 MB name takes ~5 s under ASan here (linear: 1 MB takes 0.5 s), beyond -timeout=1.
        "long-name": b'<gpx version="1.1"><wpt lat="1" lon="2"><name>' + b"A" * (1024 * 1024) + b"</name></wpt></gpx>",
    },
    "csv-utf8": {
        "10mb-field": b"name,lat,lon\n\"" + field + b"\",37.5,127\n",
        "10mb-unquoted": b"name,lat,lon\n" + field + b",37.5,127\n",
        "10mb-open-quote": b"name,lat,lon\n\"" + field,
    },
    "csv-cp949": {"10mb-field": b"name,lat,lon\n\"" + b"\xb0\xa1" * (5 * 1024 * 1024) + b"\",37.5,127\n"},
    "polyline": {"1mb-tilde": b"~" * (1024 * 1024), "1mb-question": b"?" * (1024 * 1024)},
    # Arguments: Linux passes at most 131,072 bytes in one (MAX_ARG_STRLEN).
    "search": {"128kb-query": "카페 ".encode() * (18 * 1024), "128kb-hash": b"#" * 131_000},
    "search-store": {"128kb-query": "카페 ".encode() * (18 * 1024), "128kb-hash": b"#" * 131_000},
    "point": {"128kb-digits": b"1" * 131_000 + b",1"},
    "tile": {"128kb-digits": b"1/" + b"1" * 131_000 + b"/1"},
}
for target, files in seeds.items():
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
