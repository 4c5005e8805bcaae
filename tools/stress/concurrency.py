"""The concurrency run of `make stress` (issue #17): one process imports the places while
readers and an editor loop beside it."""

import os
import sqlite3
import threading
import time

from common import Footprint, fail, log, percentile, places_digest, query, remove_db


def concurrency(binary, places, gpx_small, work, rng, import_options=(), reader_pause=0.0):
    """`import_options`: extra arguments of both imports (`--batch-seconds 1` from stress.py: one-second batches);
    `reader_pause`: seconds each reader waits between two commands (0: back to back)."""
    db = os.path.join(work, "alone.sqlite")
    alone = Footprint(binary, db)
    remove_db(db)
    alone.run("import", "gpx", gpx_small)
    result, alone_seconds = alone.run("import", "places", places, "--quiet", *import_options)
    alone_cpu = result.cpu
    log(f"concurrency: the import alone takes {alone_seconds:.1f} s ({alone_cpu:.1f} s CPU)")
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
            if reader_pause:
                stop.wait(reader_pause)

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
                    failures.append(f"place add after {elapsed * 1000:.0f} ms: {result.stderr.strip()}")
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
    result, busy_seconds = fp.run("import", "places", places, "--quiet", *import_options)
    busy_cpu = result.cpu
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
        f"({100 * (busy_seconds / alone_seconds - 1):+.0f}%), CPU {busy_cpu:.1f} s vs {alone_cpu:.1f} s "
        f"({100 * (busy_cpu / alone_cpu - 1):+.0f}%); load average {os.getloadavg()[0]:.1f}; {len(latencies)} reader runs "
        f"({'back to back' if not reader_pause else f'{reader_pause:g} s apart'}), p50 "
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

