#!/bin/sh
# Regenerates cs2cs.csv with PROJ's own cs2cs (Debian proj-bin 9.1.1). See README.md.
# Every row is FROM,TO,X,Y,EXPECTED_X,EXPECTED_Y in visualization order: longitude,latitude for
# EPSG:4326, easting,northing for the projected CRSs. cs2cs uses each CRS's EPSG axis order
# (EPSG:4326 is latitude,longitude; EPSG:5179, 5181, 5186 and 5174 are northing,easting), so -r
# reverses the input and -s the output of the CRSs whose EPSG order is not x,y.
set -eu
TM128='+proj=tmerc +lat_0=38 +lon_0=128 +k=0.9999 +x_0=400000 +y_0=600000 +ellps=bessel +units=m +towgs84=-115.80,474.99,674.11,1.16,-2.31,-1.63,6.43'

# northing_first CRS: true when EPSG lists the northing (or latitude) first.
northing_first() { case "$1" in EPSG:4326|EPSG:5179|EPSG:5181|EPSG:5186|EPSG:5174) return 0;; *) return 1;; esac; }

# convert FROM TO X Y: prints EXPECTED_X,EXPECTED_Y
convert() {
    from=$1; to=$2; flags=""
    northing_first "$from" && flags="$flags -r"
    northing_first "$to" && flags="$flags -s"
    if [ "$to" = EPSG:4326 ]; then format=%.12f; else format=%.6f; fi
    if [ "$from" = tm128 ]; then set -- $TM128 +to "$to"
    elif [ "$to" = tm128 ]; then set -- "$from" +to $TM128
    else set -- "$from" "$to"; fi
    # shellcheck disable=SC2086
    printf '%s %s\n' "$X" "$Y" | cs2cs $flags -f "$format" "$@" | awk '{ printf "%s,%s\n", $1, $2 }'
}

echo "from,to,x,y,expected_x,expected_y"
# Seoul City Hall and Busan Station, longitude latitude.
for point in "126.9779 37.5663" "129.0413 35.1151"; do
    set -- $point; lon=$1; lat=$2
    for crs in EPSG:3857 EPSG:5179 EPSG:5181 EPSG:5186 EPSG:5174 tm128; do
        X=$lon; Y=$lat; projected=$(convert EPSG:4326 "$crs")
        echo "EPSG:4326,$crs,$lon,$lat,$projected"
        X=${projected%,*}; Y=${projected#*,}; back=$(convert "$crs" EPSG:4326)
        echo "$crs,EPSG:4326,$projected,$back"
        for other in EPSG:5179 EPSG:5186; do
            [ "$other" = "$crs" ] && continue
            echo "$crs,$other,$projected,$(convert "$crs" "$other")"
        done
    done
done
# Naver's older TM128 example mapx 309946, mapy 552085 (near Seoul City Hall).
X=309946; Y=552085
echo "tm128,EPSG:4326,$X,$Y,$(convert tm128 EPSG:4326)"
