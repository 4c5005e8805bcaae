"""Writes raw_length.csv: a walking day of 3 segments (two tracks) around Seoul Forest, seeded,
with a few noisy jumps, and the GeographicLib (2.1) geodesic length of every step and of the day
summed within segments (`total_m`, every point; `filtered_m`, the points with noise 0). Run: python3 make_raw_length.py > raw_length.csv"""
import random
from geographiclib.geodesic import Geodesic

random.seed(13)
g = Geodesic.WGS84
rows = []
t = 1716000000.0  # 2024-05-18T02:40:00Z
lat, lon = 37.5444, 127.0374
for track, segment, count in [(1, 0, 120), (1, 1, 80), (2, 0, 100)]:
    for i in range(count):
        lat += random.uniform(-0.0002, 0.0002)
        lon += random.uniform(-0.0002, 0.0003)
        noise = 0
        plat, plon = lat, lon
        if i in (30, 70):  # a spike off the path: stored, set aside by the noise filter
            plat, plon, noise = lat + 0.01, lon - 0.01, 2
        rows.append((track, segment, round(plat, 7), round(plon, 7), t, noise))
        t += 5
    t += 1800
print("track,segment,lat,lon,epoch,noise,step_m")
total = 0.0
previous = None
for row in rows:
    step = 0.0
    if previous and previous[0] == row[0] and previous[1] == row[1]:
        step = g.Inverse(previous[2], previous[3], row[2], row[3], Geodesic.DISTANCE)["s12"]
        total += step
    previous = row
    print(f"{row[0]},{row[1]},{row[2]:.7f},{row[3]:.7f},{row[4]:.0f},{row[5]},{step!r}")
print(f"# total_m={total!r}")
kept = [r for r in rows if r[5] == 0]
filtered = 0.0
for a, b in zip(kept, kept[1:]):
    if a[0] == b[0] and a[1] == b[1]:
        filtered += g.Inverse(a[2], a[3], b[2], b[3], Geodesic.DISTANCE)["s12"]
print(f"# filtered_m={filtered!r}")
