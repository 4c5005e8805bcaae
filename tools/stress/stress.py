#!/usr/bin/env python3
"""Footprint's crash and concurrency stress runs (issue #17); `make stress` runs them on the peers'
1M-place dataset with the release binary. Standard library only; Python 3.9+.

  crash        SIGKILL `import places FILE` at --kills moments spread between 5% and 95% of its
               measured run; after each kill the database must be consistent (PRAGMA
               integrity_check ok, no place twice, the R*Tree holding every place, sampled and
               last committed places found by `nearby` at their coordinate and by `search` for
               their name); a re-run must complete the import to exactly the state of an
               uninterrupted run (row count and a SHA-256 of ids, sources, names, coordinates).
               Then the same for `import gpx` (a GPX made from the track CSV), `place edit` and
               `day detect`, each killed --other-kills times.
  concurrency  one process imports the places (--batch-seconds 0.5) while 4 loop over search, nearby, recommend,
               day export and render tile, and one runs `place add` every second: counts
               "database is locked" and other failures, reader latency percentiles, the
               editors' waits, the peak -wal size, snapshots where the R*Tree and the table
               disagree (a reader seeing half a batch), the import's slowdown against running
               alone, and the final state against a serial run.

Usage: tools/stress/stress.py --bin .build/release/footprint --places P.csv --track T.csv
           [--work DIR] [--kills 20] [--other-kills 5] [--only crash|concurrency] [--seed N]
Prints one line per event and a summary; exits 1 when a check fails.
"""

import argparse
import hashlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time

FAILURES = []


def log(message):
    print(message, flush=True)


def fail(message):
    FAILURES.append(message)
    log("FAIL: " + message)


class Footprint:
    def __init__(self, binary, db):
        self.binary = binary
        self.db = db

    def args(self, *arguments):
        return [self.binary, "--db", self.db, *arguments]

    def run(self, *arguments, check=True):
        started = time.monotonic()
        result = subprocess.run(self.args(*arguments), capture_output=True, text=True)
        elapsed = time.monotonic() - started
        if check and result.returncode != 0:
            fail(f"{' '.join(arguments[:3])} exited {result.returncode}: {result.stderr.strip()}")
        return result, elapsed

    def start(self, *arguments):
        return subprocess.Popen(self.args(*arguments), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def query(db, sql, arguments=()):
    connection = sqlite3.connect(db)
    try:
        return connection.execute(sql, arguments).fetchall()
    finally:
        connection.close()


def remove_db(db):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)


def places_digest(db):
    """Row count and SHA-256 of (id, source, source id, name, lat, lon) in id order."""
    digest = hashlib.sha256()
    connection = sqlite3.connect(db)
    count = 0
    for row in connection.execute(
        "SELECT id, source, source_id, name, printf('%.7f', latitude), printf('%.7f', longitude) FROM places ORDER BY id"
    ):
        digest.update("|".join(str(value) for value in row).encode())
        digest.update(b"\n")
        count += 1
    connection.close()
    return count, digest.hexdigest()[:16]


def track_digest(db):
    digest = hashlib.sha256()
    connection = sqlite3.connect(db)
    count = 0
    for row in connection.execute(
        "SELECT track_id, seq, segment, epoch, printf('%.7f', latitude), printf('%.7f', longitude) FROM track_points ORDER BY track_id, seq"
    ):
        digest.update("|".join(str(value) for value in row).encode())
        count += 1
    connection.close()
    return count, digest.hexdigest()[:16]


def visits_digest(db):
    rows = query(db, "SELECT place_id, arrived_at, left_at, printf('%.6f', latitude), printf('%.6f', longitude) "
                 "FROM visits WHERE removed = 0 ORDER BY arrived_at")
    return len(rows), hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def check_consistent(fp, rng, what, samples=10, last=5):
    """The database after a kill: integrity, no duplicate, spatial index whole, places found."""
    db = fp.db
    integrity = query(db, "PRAGMA integrity_check")
    if integrity != [("ok",)]:
        fail(f"{what}: integrity_check says {integrity[:3]}")
        return 0
    duplicates = query(db, "SELECT count(*) FROM (SELECT 1 FROM places WHERE source_id IS NOT NULL "
                       "GROUP BY source, source_id HAVING count(*) > 1)")[0][0]
    if duplicates:
        fail(f"{what}: {duplicates} places are there twice")
    count = query(db, "SELECT count(*) FROM places")[0][0]
    indexed = query(db, "SELECT count(*) FROM idx_places_geom")[0][0]
    with_geometry = query(db, "SELECT count(*) FROM places WHERE geom IS NOT NULL")[0][0]
    if indexed != with_geometry:
        fail(f"{what}: the spatial index holds {indexed} entries for {with_geometry} places")
    if count == 0:
        return 0
    top = query(db, "SELECT max(id) FROM places")[0][0]
    ids = {row[0] for row in query(db, f"SELECT id FROM places ORDER BY id DESC LIMIT {last}")}
    while len(ids) < min(count, samples + last):
        row = query(db, "SELECT id FROM places WHERE id >= ? ORDER BY id LIMIT 1", (rng.randint(1, top),))
        if row:
            ids.add(row[0][0])
    for place_id in sorted(ids):
        name, lat, lon = query(db, "SELECT name, latitude, longitude FROM places WHERE id = ?", (place_id,))[0]
        nearby, _ = fp.run("nearby", "--at", f"{lat!r},{lon!r}", "--radius", "1", "--all", "--json")
        if f'"id":{place_id},' not in nearby.stdout.replace(" ", ""):
            fail(f"{what}: nearby at {lat},{lon} misses place {place_id}")
        found, _ = fp.run("search", "--all", "--json", "--", name)
        if f'"id":{place_id},' not in found.stdout.replace(" ", ""):
            fail(f"{what}: search “{name}” misses place {place_id}")
    return count


def kill_moments(duration, kills, rng):
    """`kills` moments between 5% and 95% of `duration`, one in each equal slice (stratified)."""
    return [duration * (0.05 + 0.9 * (index + rng.random()) / kills) for index in range(kills)]


def kill_after(process, seconds):
    time.sleep(seconds)
    if process.poll() is not None:
        return False
    process.send_signal(signal.SIGKILL)
    process.wait()
    return True


def crash_import(binary, places, work, kills, rng):
    db = os.path.join(work, "crash.sqlite")
    fp = Footprint(binary, db)
    remove_db(db)
    _, duration = fp.run("import", "places", places, "--quiet")
    reference = places_digest(db)
    log(f"import places: uninterrupted {duration:.1f} s, {reference[0]} places, digest {reference[1]}")
    survived = 0
    for index, moment in enumerate(kill_moments(duration, kills, rng)):
        remove_db(db)
        process = fp.start("import", "places", places, "--quiet")
        if not kill_after(process, moment):
            fail(f"import places: finished before the kill at {moment:.1f} s")
            continue
        committed = check_consistent(fp, rng, f"import places killed at {moment:.1f} s")
        _, rerun = fp.run("import", "places", places, "--quiet")
        final = places_digest(db)
        if final != reference:
            fail(f"import places killed at {moment:.1f} s: the re-run ends at {final}, not {reference}")
        else:
            survived += 1
        log(f"  kill {index + 1}/{kills} at {moment:.1f} s ({100 * moment / duration:.0f}%): "
            f"{committed} places committed, consistent; re-run {rerun:.1f} s, final state equal: {final == reference}")
    return survived


def write_gpx(track_csv, path, limit=None):
    with open(track_csv) as source, open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="stress" '
                  'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>stress</name><trkseg>\n')
        next(source)
        for count, line in enumerate(source):
            if limit is not None and count >= limit:
                break
            _, stamp, lon, lat = line.strip().split(",")
            out.write(f'<trkpt lat="{lat}" lon="{lon}"><time>{stamp}</time></trkpt>\n')
        out.write("</trkseg></trk></gpx>\n")


def crash_gpx(binary, gpx, work, kills, rng):
    db = os.path.join(work, "gpx.sqlite")
    fp = Footprint(binary, db)
    remove_db(db)
    fp.run("init")
    base = os.path.join(work, "gpx-base.sqlite")
    shutil.copy(db, base)
    _, duration = fp.run("import", "gpx", gpx)
    reference = track_digest(db)
    log(f"import gpx: uninterrupted {duration:.1f} s, {reference[0]} points")
    survived = 0
    for index, moment in enumerate(kill_moments(duration, kills, rng)):
        remove_db(db)
        shutil.copy(base, db)
        process = fp.start("import", "gpx", gpx)
        if not kill_after(process, moment):
            fail(f"import gpx: finished before the kill at {moment:.1f} s")
            continue
        points = query(db, "PRAGMA integrity_check") == [("ok",)] and track_digest(db)[0]
        if points not in (0, reference[0]):
            fail(f"import gpx killed at {moment:.1f} s: {points} points, neither none nor all")
        fp.run("import", "gpx", gpx)
        final = track_digest(db)
        survived += final == reference
        if final != reference:
            fail(f"import gpx killed at {moment:.1f} s: re-run ends at {final}, not {reference}")
        log(f"  kill {index + 1}/{kills} at {moment:.1f} s: {points} points after the kill; re-run equal: {final == reference}")
    return survived, db


def crash_edit(binary, places, work, kills, rng):
    db = os.path.join(work, "edit.sqlite")
    fp = Footprint(binary, db)
    remove_db(db)
    small = os.path.join(work, "edit-places.csv")
    with open(places) as source, open(small, "w") as out:
        for count, line in enumerate(source):
            if count > 20000:
                break
            out.write(line)
    fp.run("import", "places", small, "--quiet")
    durations = [fp.run("place", "edit", "7", "--name", f"측정 {n}", "--at", "37.5,127.0")[1] for n in range(3)]
    duration = min(durations)
    log(f"place edit: {duration * 1000:.0f} ms a run")
    survived = 0
    for index, moment in enumerate(kill_moments(duration, kills, rng)):
        place_id = rng.randint(1, 20000)
        before = query(db, "SELECT name, latitude, longitude FROM places WHERE id = ?", (place_id,))[0]
        after = (f"고친 이름 {index}", 37.0 + rng.random(), 127.0 + rng.random())
        process = fp.start("place", "edit", str(place_id), "--name", after[0], "--at", f"{after[1]!r},{after[2]!r}")
        killed = kill_after(process, moment)
        state = query(db, "SELECT name, latitude, longitude FROM places WHERE id = ?", (place_id,))[0]
        if state not in (before, after):
            fail(f"place edit killed at {moment * 1000:.0f} ms: place {place_id} is {state}, neither {before} nor {after}")
        check_consistent(fp, rng, f"place edit killed at {moment * 1000:.0f} ms", samples=3, last=1)
        found, _ = fp.run("search", "--all", "--json", "--", state[0])
        near, _ = fp.run("nearby", "--at", f"{state[1]!r},{state[2]!r}", "--radius", "1", "--all", "--json")
        ok = f'"id":{place_id},' in found.stdout.replace(" ", "") and f'"id":{place_id},' in near.stdout.replace(" ", "")
        if not ok:
            fail(f"place edit killed at {moment * 1000:.0f} ms: place {place_id} not found by its current name or position")
        survived += ok
        log(f"  kill {index + 1}/{kills} at {moment * 1000:.0f} ms (killed: {killed}): "
            f"{'new' if state == after else 'old'} state, found: {ok}")
    return survived


def crash_detect(binary, work, kills, rng):
    """`day detect` on the repository's sample day (Data/diary: a GPX walk with four stops and
    its places), killed while it runs."""
    diary = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Data", "diary")
    base = os.path.join(work, "detect-base.sqlite")
    remove_db(base)
    seed = Footprint(binary, base)
    seed.run("import", "places", os.path.join(diary, "places.csv"), "--quiet")
    seed.run("import", "gpx", os.path.join(diary, "2024-05-18.gpx"))
    db = os.path.join(work, "detect.sqlite")
    fp = Footprint(binary, db)
    day = "2024-05-18"
    gpx_db = base
    remove_db(db)
    shutil.copy(gpx_db, db)
    _, duration = fp.run("day", "detect", day)
    reference = visits_digest(db)
    log(f"day detect {day}: {duration * 1000:.0f} ms, {reference[0]} visits")
    survived = 0
    for index, moment in enumerate(kill_moments(duration, kills, rng)):
        remove_db(db)
        shutil.copy(gpx_db, db)
        process = fp.start("day", "detect", day)
        killed = kill_after(process, moment)
        ok = query(db, "PRAGMA integrity_check") == [("ok",)]
        visits = visits_digest(db)[0]
        if not ok or visits not in (0, reference[0]):
            fail(f"day detect killed at {moment * 1000:.0f} ms: integrity {ok}, {visits} visits")
        fp.run("day", "detect", day)
        final = visits_digest(db)
        survived += ok and final == reference
        if final != reference:
            fail(f"day detect killed at {moment * 1000:.0f} ms: re-run gives {final}, not {reference}")
        log(f"  kill {index + 1}/{kills} at {moment * 1000:.0f} ms (killed: {killed}): {visits} visits after it; "
            f"re-run equal: {final == reference}")
    return survived


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def concurrency(binary, places, gpx_small, work, rng):
    db = os.path.join(work, "alone.sqlite")
    alone = Footprint(binary, db)
    remove_db(db)
    alone.run("import", "gpx", gpx_small)
    _, alone_seconds = alone.run("import", "places", places, "--quiet", "--batch-seconds", "0.5")
    log(f"concurrency: the import alone takes {alone_seconds:.1f} s")
    serial = places_digest(db)

    db = os.path.join(work, "busy.sqlite")
    fp = Footprint(binary, db)
    remove_db(db)
    fp.run("import", "gpx", gpx_small)
    day = query(db, "SELECT local_date FROM track_days ORDER BY local_date LIMIT 1")[0][0]
    stop = threading.Event()
    latencies, failures, edit_waits, added = [], [], [], []
    peak_wal = [0]
    torn = [0, 0]
    lock = threading.Lock()
    commands = [
        ["search", "카페", "--near", "37.5665,126.978", "--limit", "20"],
        ["nearby", "--at", "37.5665,126.978", "--k", "20"],
        ["recommend", "--at", "37.5665,126.978"],
        ["day", "export", day, "--format", "geojson"],
        ["render", "tile", "14/13970/6344"],
    ]

    def reader(offset):
        turn = offset
        while not stop.is_set():
            arguments = commands[turn % len(commands)]
            turn += 1
            result, elapsed = fp.run(*arguments, check=False)
            with lock:
                latencies.append((arguments[0], elapsed))
                if result.returncode != 0:
                    failures.append(f"{arguments[0]}: {result.stderr.strip()}")

    def editor():
        number = 0
        while not stop.is_set():
            number += 1
            name = f"동시 편집 {number}"
            lat, lon = 37.3 + rng.random() * 0.1, 127.3 + rng.random() * 0.1
            result, elapsed = fp.run("place", "add", "--name", name, "--at", f"{lat:.6f},{lon:.6f}", check=False)
            with lock:
                edit_waits.append(elapsed)
                if result.returncode != 0:
                    failures.append(f"place add: {result.stderr.strip()}")
                else:
                    added.append((name, f"{lat:.6f}", f"{lon:.6f}"))
            stop.wait(max(0, 1 - elapsed))

    def watcher():
        connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        while not stop.is_set():
            try:
                peak_wal[0] = max(peak_wal[0], os.path.getsize(db + "-wal"))
            except OSError:
                pass
            try:
                connection.execute("BEGIN")
                count = connection.execute("SELECT count(*) FROM places WHERE geom IS NOT NULL").fetchone()[0]
                indexed = connection.execute("SELECT count(*) FROM idx_places_geom").fetchone()[0]
                connection.execute("COMMIT")
                torn[0] += 1
                torn[1] += count != indexed
            except sqlite3.Error:
                pass
            stop.wait(0.05)

    threads = [threading.Thread(target=reader, args=(index,)) for index in range(4)]
    threads += [threading.Thread(target=editor), threading.Thread(target=watcher)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    _, busy_seconds = fp.run("import", "places", places, "--quiet", "--batch-seconds", "0.5")
    time.sleep(1)
    stop.set()
    for thread in threads:
        thread.join()

    locked = sum("locked" in failure for failure in failures)
    for failure in failures[:5]:
        fail("concurrency: " + failure)
    if torn[1]:
        fail(f"concurrency: {torn[1]} of {torn[0]} snapshots saw the table and its R*Tree disagree")
    # The final state: the import's places as the serial run left them (ids differ by the
    # places added meanwhile), and every added place.
    imported = query(db, "SELECT source, source_id, name, printf('%.7f', latitude), printf('%.7f', longitude) "
                     "FROM places WHERE source_id IS NOT NULL ORDER BY source, source_id")
    reference = query(os.path.join(work, "alone.sqlite"), "SELECT source, source_id, name, printf('%.7f', latitude), "
                      "printf('%.7f', longitude) FROM places WHERE source_id IS NOT NULL ORDER BY source, source_id")
    if imported != reference:
        fail("concurrency: the imported places differ from the serial run's")
    present = set(query(db, "SELECT name, printf('%.6f', latitude), printf('%.6f', longitude) FROM places "
                        "WHERE source_id IS NULL"))
    missing = [place for place in added if place not in present]
    if missing:
        fail(f"concurrency: {len(missing)} added places are missing")
    reader_ms = [1000 * elapsed for _, elapsed in latencies]
    log(f"concurrency: import {busy_seconds:.1f} s with readers vs {alone_seconds:.1f} s alone "
        f"({100 * (busy_seconds / alone_seconds - 1):+.0f}%); {len(latencies)} reader runs, p50 "
        f"{percentile(reader_ms, 0.5):.0f} ms, p99 {percentile(reader_ms, 0.99):.0f} ms, max {max(reader_ms):.0f} ms")
    for name in sorted({name for name, _ in latencies}):
        values = [1000 * elapsed for command, elapsed in latencies if command == name]
        log(f"  {name}: {len(values)} runs, p50 {percentile(values, 0.5):.0f} ms, p99 {percentile(values, 0.99):.0f} ms")
    log(f"  place add: {len(edit_waits)} runs, {len(added)} added, p50 {1000 * percentile(edit_waits, 0.5):.0f} ms, "
        f"max {1000 * max(edit_waits):.0f} ms; 'database is locked' seen {locked} times, other failures "
        f"{len(failures) - locked}")
    log(f"  peak -wal {peak_wal[0] / 1e6:.1f} MB; {torn[0]} snapshots checked, {torn[1]} torn; "
        f"final state equals the serial run: {imported == reference and not missing} (serial {serial[0]} places)")
    if peak_wal[0] > 64 * 1024 * 1024:
        fail(f"concurrency: the -wal file reached {peak_wal[0] / 1e6:.1f} MB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--places", required=True)
    parser.add_argument("--track", required=True)
    parser.add_argument("--work", default="/tmp/footprint-stress")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--other-kills", type=int, default=5)
    parser.add_argument("--only", choices=["crash", "concurrency"])
    parser.add_argument("--seed", type=int, default=17)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    os.makedirs(options.work, exist_ok=True)
    binary = os.path.abspath(options.bin)
    gpx = os.path.join(options.work, "track.gpx")
    gpx_small = os.path.join(options.work, "track-small.gpx")
    write_gpx(options.track, gpx)
    write_gpx(options.track, gpx_small, limit=20000)
    summary = []
    if options.only in (None, "crash"):
        survived = crash_import(binary, options.places, options.work, options.kills, rng)
        summary.append(f"import places: {survived}/{options.kills} kills survived")
        survived, _ = crash_gpx(binary, gpx, options.work, options.other_kills, rng)
        summary.append(f"import gpx: {survived}/{options.other_kills} kills survived")
        survived = crash_edit(binary, options.places, options.work, options.other_kills, rng)
        summary.append(f"place edit: {survived}/{options.other_kills} kills survived")
        survived = crash_detect(binary, options.work, options.other_kills, rng)
        summary.append(f"day detect: {survived}/{options.other_kills} kills survived")
    if options.only in (None, "concurrency"):
        concurrency(binary, options.places, gpx_small, options.work, rng)
    for line in summary:
        log(line)
    log(f"{len(FAILURES)} failures")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
