#!/usr/bin/env python3
"""Writes the hand-made seeds of Fuzz/Corpus/<target>/ and Fuzz/LongSeeds/<target>/ (committed;
run again only to change them): the hostile inputs of issue 17 that are small, plus one valid input
per target so the fuzzer starts from the accepted path. Inputs libFuzzer found interesting are merged beside them
by `make fuzz-merge`."""
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "Corpus")
bom = b"\xef\xbb\xbf"
digits400 = b"9" * 400
common = {
    "empty": b"",
    "bom-only": bom,
    "nul-bytes": b"\x00" * 64,
    "invalid-utf8": b"\xff\xfe\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x28\x8c\xbc\xed\xa0\x80",
}
entity_bomb = b"""<?xml version="1.0"?>
<!DOCTYPE gpx [
<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
<!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
<!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">
<!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">
]>
<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><name>&i;</name></wpt></gpx>
"""
external = b"""<?xml version="1.0"?>
<!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY % p SYSTEM "http://127.0.0.1:1/x.dtd"> %p;]>
<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
"""
seeds = {
    "geojson": {
        "valid-feature": b'{"type":"Feature","geometry":{"type":"Point","coordinates":[127.0,37.5]},"properties":{"name":"\xec\xb9\xb4\xed\x8e\x98"}}',
        "valid-polygon": b'{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}',
        "huge-exponent": b'{"type":"Point","coordinates":[1e999999,-1e999999]}',
        "400-digits": b'{"type":"Point","coordinates":[' + digits400 + b",0." + digits400 + b"]}",
        "tiny-exponent": b'{"type":"Point","coordinates":[1e-999999,2]}',
        "nul-in-string": b'{"type":"Feature","geometry":null,"properties":{"name":"a\\u0000b\x00"}}',
        "lone-surrogate": b'{"type":"Feature","geometry":null,"properties":{"name":"\\ud800"}}',
        "bom-then-json": bom + b'{"type":"Point","coordinates":[1,2]}',
        "duplicate-keys": b'{"type":"Point","type":"LineString","coordinates":[1,2]}',
        "nested-2000": b"[" * 2000 + b"]" * 2000,
        "antimeridian": b'{"type":"LineString","coordinates":[[179.9,0],[-179.9,1]]}',
    },
    "gpx": {
        "valid": b'<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>a &amp; b</name><trkseg><trkpt lat="37.5" lon="127"><ele>10</ele><time>2024-05-18T01:00:00Z</time></trkpt></trkseg></trk></gpx>',
        "entity-bomb": entity_bomb,
        "external-entity": external,
        "char-references": b'<gpx><wpt lat="1" lon="2"><name>&#0;&#xD800;&#x110000;&#99999999999;&#x;</name></wpt></gpx>',
        "huge-numbers": b'<gpx><wpt lat="1e999999" lon="' + digits400 + b'"><ele>-1e999999</ele></wpt></gpx>',
        "unclosed": b"<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">",
        "cdata-pi-comment": b"<gpx><!-- x --><?pi x?><wpt lat='1' lon='2'><name><![CDATA[<b>]]></name></wpt></gpx>",
        "utf16": "<gpx><wpt lat='1' lon='2'/></gpx>".encode("utf-16"),
    },
    "csv-utf8": {
        "valid": "name,lat,lon,category,tags\n스타벅스,37.5,127.0,음식점 > 카페,커피|야경\n".encode(),
        "huge-numbers": b"name,lat,lon\na,1e999999,-1e999999\nb," + digits400 + b",0." + digits400 + b"\n",
        "unclosed-quote": b'name,lat,lon\n"a,37,127\n',
        "quotes-in-field": b'name,lat,lon\n"a""b""",37,127\nc"d,37,127\n',
        "only-header-bom": bom + b"name,lat,lon",
        "nul-in-row": b"name,lat,lon\na\x00b,37,127\n",
        "many-columns": b"name,lat,lon" + b",x" * 2000 + b"\n",
        "cr-only": b"name,lat,lon\ra,1,2\rb,3,4",
        "xy-without-crs": b"name,x,y\na,1,2\n",
        "tabs": b"name\tlat\tlon\na\t37\t127\n",
        "utf16le": "name,lat,lon\n카페,37,127\n".encode("utf-16"),
    },
    "csv-cp949": {
        "valid": "name,lat,lon\n카페,37.5,127.0\n".encode("cp949"),
        "broken-lead-byte": b"name,lat,lon\n\xb0,37,127\n\xff\xff,1,2\n",
        "utf8-as-cp949": "name,lat,lon\n카페,37.5,127.0\n".encode(),
    },
    "naver": {
        "valid": '{"items":[{"title":"<b>스타</b>벅스","mapx":"1270276000","mapy":"374979000","address":"서울","category":"카페"}]}'.encode(),
        "huge-numbers": b'{"items":[{"title":"a","mapx":"1e999999","mapy":"' + digits400 + b'"}]}',
        "numbers-not-strings": b'{"items":[{"title":"a","mapx":1270276000,"mapy":374979000}]}',
        "entities": b'{"items":[{"title":"&lt;script&gt;&amp;&#0;&#xD800;&#99999999;","mapx":"1270276000","mapy":"374979000"}]}',
        "items-not-array": b'{"items":{"title":"a"}}',
    },
    "kakao": {
        "valid": '{"documents":[{"id":"1","place_name":"카페","x":"127.0276","y":"37.4979","category_name":"음식점 > 카페"}]}'.encode(),
        "huge-numbers": b'{"documents":[{"id":"1","place_name":"a","x":"1e999999","y":"' + digits400 + b'"}]}',
        "id-types": b'{"documents":[{"id":1e400,"place_name":"a","x":"1","y":"2"},{"id":null,"place_name":"b","x":"1","y":"2"}]}',
        "trailing-garbage": b'{"documents":[]} x',
    },
    "polyline": {
        "valid": b"_p~iF~ps|U_ulLnnqC_mqNvxq`@",
        "out-of-range": b"~" * 64 + b"?",
        "truncated": b"_p~iF~ps|U_ulLnnqC_mqNvxq",
        "below-63": b"!\"#$%&'()*+,-./0123456789:;<=>",
        "odd-count": b"_p~iF",
    },
    "point": {
        "valid": b"37.5665,126.978",
        "swapped": b"126.978,37.5665",
        "huge": b"1e999999,-1e999999",
        "400-digits": digits400 + b",0." + digits400,
        "hex": b"0x10,0x20",
        "nan-inf": b"nan,inf",
        "arabic-digits": "٣٧,١٢٧".encode(),
        "spaces": b" 37.5 , 127 ",
    },
    "tile": {
        "valid": b"14/13970/6344",
        "traversal": b"../../../etc/passwd",
        "huge": b"99999999999999999999/1/1",
        "shift-overflow": b"63/1/1",
        "negative": b"3/-1/0",
        "signs": b"+3/+1/+0",
        "arabic-digits": "٣/١/١".encode(),
    },
    "search": {
        "valid": "스타벅스 강남".encode(),
        "fts-syntax": b'"a" OR b* NEAR(c d, 2) NOT e AND (f) {name}: ^g - h : i',
        "sql": b"'; DROP TABLE places; --",
        "chosung": "ㅅㅌㅂㅅ".encode(),
        "mistyped": b"tmxkqjrtm",
        "hashtags": "#야경 #데이트 남산 ＃ #".encode(),
        "jamo": "각 ㄱㄱㄱㄱㄱㄱㄱㄱㄱㄱㄱㄱㄱㄱ".encode(),
        "emoji": "😀👨‍👩‍👧 🇰🇷".encode(),
        "combining": "cafe\u0301 \u0301\u0301\u0301".encode(),
        "typo": "스카벅스 강남역".encode(),
        "typo-latin": "방베DT잠".encode(),
        "typo-english-mode": b"ryqhansrj",
    },
}
# Seeds of kilobytes go beside the corpus, to LongSeeds/<target>/: tools/fuzz.sh and the replay test
# run each once, but libFuzzer does not fuzz from them. Its length limit starts at the longest input
# it loads (18 KB with this one, where the mutations of a query cost 4–8 times a short one's) instead
# of growing from short inputs as they stop finding coverage.
long_seeds = {"search": {"long-words": ("가" * 300 + " ").encode() * 20}}
# The store target reads the same queries.
seeds["search-store"] = dict(seeds["search"])
long_seeds["search-store"] = dict(long_seeds["search"])
long_out = os.path.join(os.path.dirname(os.path.abspath(out)), "LongSeeds")
for folder_out, all_seeds, shared in [(out, seeds, common), (long_out, long_seeds, {})]:
    for target, files in all_seeds.items():
        folder = os.path.join(folder_out, target)
        os.makedirs(folder, exist_ok=True)
        for name, data in {**shared, **files}.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
