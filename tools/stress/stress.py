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
  concurrency  one process imports the places (--batch-seconds 1, or S) while 4 loop over search, nearby, recommend,
               day export and render tile, and one runs `place add` every second: counts
               "database is locked" and other failures, reader latency percentiles, the
               editors' waits, the peak -wal size, snapshots where the R*Tree and the table
               disagree (a reader seeing half a batch), the import's slowdown against running
               alone, and the final state against a serial run.

Usage: tools/stress/stress.py --bin .build/release/footprint --places P.csv --track T.csv
           [--work DIR] [--kills 20] [--other-kills 5] [--only crash|concurrency] [--seed N]
           [--batch-seconds S] [--crash places gpx edit detect]
Prints one line per event and a summary; exits 1 when a check fails.
"""

import argparse
import os
import random
import sys

import common
from common import log, write_gpx
from concurrency import concurrency
from crash import crash_detect, crash_edit, crash_gpx, crash_import


CRASH_COMMANDS = ["places", "gpx", "edit", "detect"]


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
    parser.add_argument("--crash", nargs="+", choices=CRASH_COMMANDS, default=CRASH_COMMANDS,
                        help="the commands the crash run kills (default all; a 1M run of all takes about an hour on a loaded machine)")
    parser.add_argument("--batch-seconds", default="1", help="the concurrent imports' --batch-seconds (default 1, the setting for an import while others edit)")
    parser.add_argument("--reader-pause", type=float, default=0.0,
                        help="seconds each concurrent reader waits between two commands (default 0: back to back, as "
                             "issue 17 has them; four such loops take most of a 2-core machine's CPU from the import)")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    os.makedirs(options.work, exist_ok=True)
    binary = os.path.abspath(options.bin)
    gpx = os.path.join(options.work, "track.gpx")
    gpx_small = os.path.join(options.work, "track-small.gpx")
    write_gpx(options.track, gpx)
    write_gpx(options.track, gpx_small, limit=20000)
    summary = []
    crash = options.crash if options.only in (None, "crash") else []
    if "places" in crash:
        survived = crash_import(binary, options.places, options.work, options.kills, rng)
        summary.append(f"import places: {survived}/{options.kills} kills survived")
    if "gpx" in crash:
        survived, _ = crash_gpx(binary, gpx, options.work, options.other_kills, rng)
        summary.append(f"import gpx: {survived}/{options.other_kills} kills survived")
    if "edit" in crash:
        survived, finished = crash_edit(binary, options.places, options.work, options.other_kills, rng)
        summary.append(f"place edit: {survived}/{options.other_kills - finished} kills survived ({finished} runs ended before their kill)")
    if "detect" in crash:
        survived, finished = crash_detect(binary, options.work, options.other_kills, rng)
        summary.append(f"day detect: {survived}/{options.other_kills - finished} kills survived ({finished} runs ended before their kill)")
    if options.only in (None, "concurrency"):
        import_options = ["--batch-seconds", options.batch_seconds] if options.batch_seconds else []
        concurrency(binary, options.places, gpx_small, options.work, rng, import_options, options.reader_pause)
    for line in summary:
        log(line)
    log(f"{len(common.FAILURES)} failures")
    sys.exit(1 if common.FAILURES else 0)


if __name__ == "__main__":
    main()

