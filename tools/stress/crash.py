"""The crash runs of `make stress` (issue #17): SIGKILL `import places`, `import gpx`, `place
edit` and `day detect` at moments spread over their measured run; after each kill the database
must be consistent, and a re-run must end in the state of an uninterrupted run."""

import os
import shutil

import common
from common import (Footprint, check_consistent, fail, kill_after, kill_at, kill_moments, log,
                    places_digest, query, remove_db, track_digest, visits_digest)


def crash_import(binary, places, work, kills, rng):
    db = os.path.join(work, "crash.sqlite")
    fp = Footprint(binary, db)
    remove_db(db)
    _, duration = fp.run("import", "places", places, "--quiet")
    reference = places_digest(db)
    log(f"import places: uninterrupted {duration:.1f} s, {reference[0]} places, digest {reference[1]}")
    survived = 0
    # Fractions of the run: a kill is re-planned on the last run's length (``kill_at``).
    fractions = [moment / duration for moment in kill_moments(duration, kills, rng)]
    for index, fraction in enumerate(fractions):
        failures = len(common.FAILURES)

        def start():
            remove_db(db)
            return fp.start("import", "places", places, "--quiet")
        killed, moment, duration = kill_at(start, fraction, duration)
        if not killed:
            fail(f"import places: finished before the kill at {moment:.1f} s, three times")
            continue
        committed = check_consistent(fp, rng, f"import places killed at {moment:.1f} s")
        _, rerun = fp.run("import", "places", places, "--quiet")
        final = places_digest(db)
        if final != reference:
            fail(f"import places killed at {moment:.1f} s: the re-run ends at {final}, not {reference}")
        survived += len(common.FAILURES) == failures
        log(f"  kill {index + 1}/{kills} at {moment:.1f} s ({100 * moment / duration:.0f}% of {duration:.1f} s): "
            f"{committed} places committed, checks passed: {len(common.FAILURES) == failures}; "
            f"re-run {rerun:.1f} s, final state equal: {final == reference}")
    return survived



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
    fractions = [moment / duration for moment in kill_moments(duration, kills, rng)]
    for index, fraction in enumerate(fractions):
        failures = len(common.FAILURES)

        def start():
            remove_db(db)
            shutil.copy(base, db)
            return fp.start("import", "gpx", gpx)
        killed, moment, duration = kill_at(start, fraction, duration)
        if not killed:
            fail(f"import gpx: finished before the kill at {moment:.1f} s, three times")
            continue
        # Integrity apart from the count: `False in (0, n)` is true in Python, so a failed
        # integrity check folded into the count would pass as "no points".
        ok = query(db, "PRAGMA integrity_check") == [("ok",)]
        points = track_digest(db)[0] if ok else None
        if not ok or points not in (0, reference[0]):
            fail(f"import gpx killed at {moment:.1f} s: integrity {ok}, {points} points, neither none nor all")
        fp.run("import", "gpx", gpx)
        final = track_digest(db)
        if final != reference:
            fail(f"import gpx killed at {moment:.1f} s: re-run ends at {final}, not {reference}")
        survived += len(common.FAILURES) == failures
        log(f"  kill {index + 1}/{kills} at {moment:.1f} s ({100 * moment / duration:.0f}% of {duration:.1f} s): "
            f"{points} points after the kill; re-run equal: {final == reference}")
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
    finished = 0  # runs that ended before their kill (the machine got faster): not counted as kills
    for index, moment in enumerate(kill_moments(duration, kills, rng)):
        failures = len(common.FAILURES)
        place_id = rng.randint(1, 20000)
        before = query(db, "SELECT name, latitude, longitude FROM places WHERE id = ?", (place_id,))[0]
        after = (f"고친 이름 {index}", 37.0 + rng.random(), 127.0 + rng.random())
        process = fp.start("place", "edit", str(place_id), "--name", after[0], "--at", f"{after[1]!r},{after[2]!r}")
        killed = kill_after(process, moment)
        finished += not killed
        state = query(db, "SELECT name, latitude, longitude FROM places WHERE id = ?", (place_id,))[0]
        if state not in (before, after):
            fail(f"place edit killed at {moment * 1000:.0f} ms: place {place_id} is {state}, neither {before} nor {after}")
        check_consistent(fp, rng, f"place edit killed at {moment * 1000:.0f} ms", samples=3, last=1)
        found, _ = fp.run("search", "--all", "--json", "--", state[0])
        near, _ = fp.run("nearby", "--at", f"{state[1]!r},{state[2]!r}", "--radius", "1", "--all", "--json")
        ok = f'"id":{place_id},' in found.stdout.replace(" ", "") and f'"id":{place_id},' in near.stdout.replace(" ", "")
        if not ok:
            fail(f"place edit killed at {moment * 1000:.0f} ms: place {place_id} not found by its current name or position")
        survived += killed and len(common.FAILURES) == failures
        log(f"  kill {index + 1}/{kills} at {moment * 1000:.0f} ms (killed: {killed}): "
            f"{'new' if state == after else 'old'} state, found: {ok}")
    return survived, finished


def crash_detect(binary, work, kills, rng):
    """`day detect` on the repository's sample day (Data/diary: a GPX walk with four stops and
    its places), killed while it runs. The GPX is imported with a stay of 600 minutes, so the
    base holds no visits and a kill must leave either none or the four `day detect` finds (an
    import with the default stay would detect the four already, and a kill between removing
    and writing them again would pass as "none")."""
    diary = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Data", "diary")
    base = os.path.join(work, "detect-base.sqlite")
    remove_db(base)
    seed = Footprint(binary, base)
    seed.run("import", "places", os.path.join(diary, "places.csv"), "--quiet")
    seed.run("import", "gpx", os.path.join(diary, "2024-05-18.gpx"), "--stay-minutes", "600")
    db = os.path.join(work, "detect.sqlite")
    fp = Footprint(binary, db)
    day = "2024-05-18"
    gpx_db = base
    remove_db(db)
    shutil.copy(gpx_db, db)
    base_state = visits_digest(db)
    _, duration = fp.run("day", "detect", day)
    reference = visits_digest(db)
    if base_state == reference:
        fail(f"day detect {day}: the base already holds the visits it detects, so a kill shows nothing")
    log(f"day detect {day}: {duration * 1000:.0f} ms, {reference[0]} visits")
    survived = 0
    finished = 0
    for index, moment in enumerate(kill_moments(duration, kills, rng)):
        failures = len(common.FAILURES)
        remove_db(db)
        shutil.copy(gpx_db, db)
        process = fp.start("day", "detect", day)
        killed = kill_after(process, moment)
        finished += not killed
        ok = query(db, "PRAGMA integrity_check") == [("ok",)]
        state = visits_digest(db)
        visits = state[0]
        if not ok or state not in (base_state, reference):
            fail(f"day detect killed at {moment * 1000:.0f} ms: integrity {ok}, {visits} visits, neither the base's nor the detected")
        fp.run("day", "detect", day)
        final = visits_digest(db)
        if final != reference:
            fail(f"day detect killed at {moment * 1000:.0f} ms: re-run gives {final}, not {reference}")
        survived += killed and len(common.FAILURES) == failures
        log(f"  kill {index + 1}/{kills} at {moment * 1000:.0f} ms (killed: {killed}): {visits} visits after it; "
            f"re-run equal: {final == reference}")
    return survived, finished

