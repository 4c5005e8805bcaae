"""Helpers shared by the crash and concurrency stress runs (tools/stress/stress.py): the
`footprint` runner with its timings, SQLite look-ups, digests of a final state, the consistency
check after a kill, and a GPX file made from a track CSV."""

import hashlib
import os
import signal
import sqlite3
import subprocess
import time

FAILURES = []


def log(message):
    print(message, flush=True)


def fail(message):
    FAILURES.append(message)
    log("FAIL: " + message)


class TimedPopen(subprocess.Popen):
    """A child process whose CPU time (user + system seconds) is kept when it is reaped."""

    cpu = 0.0

    def _try_wait(self, wait_flags):
        try:
            pid, status, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.cpu = usage.ru_utime + usage.ru_stime
        return pid, status


class Footprint:
    def __init__(self, binary, db):
        self.binary = binary
        self.db = db

    def args(self, *arguments):
        return [self.binary, "--db", self.db, *arguments]

    def run(self, *arguments, check=True):
        """Runs a command to its end: (result, wall seconds); `result.cpu` holds its user + system
        seconds, from its own resource usage (wait4), so that a figure on a loaded machine says
        what the command itself cost."""
        started = time.monotonic()
        process = TimedPopen(self.args(*arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        stdout, stderr = process.communicate()
        elapsed = time.monotonic() - started
        result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
        result.cpu = process.cpu
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


def kill_at(start, fraction, duration, attempts=3):
    """Calls `start()` for a process and SIGKILLs it at `fraction` of `duration` seconds. When the
    process ends first — the machine got faster than when `duration` was measured, say another
    job stopped — its own run time (polled every 10 ms) becomes the duration and the kill is
    tried again at the same fraction. Returns (killed, moment, duration)."""
    moment = fraction * duration
    for _ in range(attempts):
        moment = fraction * duration
        started = time.monotonic()
        process = start()
        deadline = started + moment
        while process.poll() is None and time.monotonic() < deadline:
            time.sleep(min(0.01, max(0.0, deadline - time.monotonic())))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            return True, moment, duration
        if process.returncode != 0:
            fail(f"{' '.join(process.args[3:6])} exited {process.returncode} before its kill: {process.stderr.read().strip()}")
            return False, moment, duration
        duration = time.monotonic() - started
    return False, moment, duration


def kill_after(process, seconds):
    time.sleep(seconds)
    if process.poll() is not None:
        return False
    process.send_signal(signal.SIGKILL)
    process.wait()
    return True



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



def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

