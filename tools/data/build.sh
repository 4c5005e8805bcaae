#!/usr/bin/env bash
# Rebuilds every file under Data/ from PyPI packages, deterministically (see Data/README.md).
#
#   tools/data/build.sh            build into Data/, then check the result
#
# Needs python3 (3.11+, with the venv module: Debian's python3-venv), PyPI, and PROJ's cs2cs
# (proj-bin, installed by tools/bootstrap) for the TM128 sample. Everything Python goes into a
# scratch folder, never into the system: $FOOTPRINT_DATA_SCRATCH, else $TMPDIR or /tmp, under
# footprint-data-build/. A second run reuses it and writes byte-identical files.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
scratch=${FOOTPRINT_DATA_SCRATCH:-${TMPDIR:-/tmp}/footprint-data-build}
venv="$scratch/venv"
python=${PYTHON:-python3}

command -v cs2cs >/dev/null || { echo "build.sh: cs2cs not found; run tools/bootstrap" >&2; exit 1; }

mkdir -p "$scratch"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv" || {
    echo "build.sh: '$python -m venv' failed; install python3-venv (Debian) and retry" >&2
    exit 1
  }
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"

# geopandas is wanted only for the Natural Earth shapefile inside its wheel: download the wheel
# without installing it (or anything it depends on) and unpack that one folder.
wheels="$scratch/wheels"
wheel="$wheels/geopandas-0.14.4-py3-none-any.whl"
if [ ! -f "$wheel" ]; then
  "$venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps \
    --only-binary=:all: --dest "$wheels" geopandas==0.14.4
fi
shp="$scratch/geopandas/geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp"
if [ ! -f "$shp" ]; then
  "$venv/bin/python" -m zipfile -e "$wheel" "$scratch/geopandas"
fi

cd "$here"
export PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1
"$venv/bin/python" kr_cities.py
"$venv/bin/python" kr_admin.py
"$venv/bin/python" world_countries.py "$shp"
"$venv/bin/python" diary.py
"$venv/bin/python" check.py
