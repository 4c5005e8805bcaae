"""Writes the JPEG fixtures of the photo tests with Pillow 13 and piexif 1.1.3:
8×8 grey images, with GPS positions written as degrees/minutes/seconds rationals.
Run: python3 make_photos.py"""
import piexif
from PIL import Image


def dms(value):
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = round(((value - degrees) * 60 - minutes) * 60 * 10000)
    return ((degrees, 1), (minutes, 1), (seconds, 10000))


def write_little_endian(name, gps):
    """A little-endian ("II") TIFF block built with struct (piexif and Pillow write "MM"):
    IFD0 with only the GPS IFD pointer, then the GPS IFD and its rationals."""
    import io
    import struct

    lat, lon = gps
    entries = 4
    gps_ifd = 8 + 2 + 12 + 4  # after the header and IFD0 (one entry, next-IFD offset)
    values = gps_ifd + 2 + 12 * entries + 4
    tiff = b"II*\x00" + struct.pack("<I", 8)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x8825, 4, 1, gps_ifd) + struct.pack("<I", 0)
    tiff += struct.pack("<H", entries)
    tiff += struct.pack("<HHI", 1, 2, 2) + (b"N" if lat >= 0 else b"S") + b"\x00\x00\x00"
    tiff += struct.pack("<HHII", 2, 5, 3, values)
    tiff += struct.pack("<HHI", 3, 2, 2) + (b"E" if lon >= 0 else b"W") + b"\x00\x00\x00"
    tiff += struct.pack("<HHII", 4, 5, 3, values + 24)
    tiff += struct.pack("<I", 0)
    for value in (lat, lon):
        for numerator, denominator in dms(value):
            tiff += struct.pack("<II", numerator, denominator)
    image = Image.new("RGB", (8, 8), (128, 128, 128))
    image.save(name, quality=50, exif=b"Exif\x00\x00" + tiff)


def write(name, gps=None):
    image = Image.new("RGB", (8, 8), (128, 128, 128))
    if gps is None and name == "no-exif.jpg":
        image.save(name, quality=50)
        return
    exif = {"0th": {piexif.ImageIFD.Make: b"Footprint"}, "Exif": {}, "GPS": {}, "1st": {}}
    if gps:
        lat, lon = gps
        exif["GPS"] = {
            piexif.GPSIFD.GPSLatitudeRef: b"N" if lat >= 0 else b"S",
            piexif.GPSIFD.GPSLatitude: dms(lat),
            piexif.GPSIFD.GPSLongitudeRef: b"E" if lon >= 0 else b"W",
            piexif.GPSIFD.GPSLongitude: dms(lon),
        }
    data = piexif.dump(exif)  # a big-endian ("MM") TIFF block
    image.save(name, quality=50, exif=data)


write("seoul-forest.jpg", (37.5444, 127.0374))  # 37°32'39.84"N 127°2'14.64"E
write("sydney.jpg", (-33.8568, 151.2153))  # the Opera House: S and E
write_little_endian("reykjavik-le.jpg", (64.1466, -21.9426))  # N and W
write("no-gps.jpg")
write("no-exif.jpg")
