#!/usr/bin/env python3
"""Writes Fixtures/printers/photo.png: a 240x300 RGB stand-in for an attendee's photo (smooth
shading, a lit sphere for a head, a gradient backdrop, fine stripes), made from arithmetic only so
it is the same on every machine. Label printers dither it (Floyd-Steinberg); scripts/brother-ql-test.sh
compares WordFit's dithered jobs with brother-ql-next's.

    python3 scripts/make-photo-fixture.py [OUT.png]"""
import math
import struct
import sys
import zlib


def pixel(x, y, w, h):
    # Backdrop: a diagonal blue-grey gradient.
    t = (x + y) / (w + h)
    r, g, b = 70 + 120 * t, 90 + 110 * t, 140 + 90 * t
    # Shoulders: a darker ellipse at the bottom.
    if ((x - w / 2) / (w * 0.48)) ** 2 + ((y - h) / (h * 0.38)) ** 2 < 1:
        shade = 0.35 + 0.4 * (1 - abs(x - w / 2) / (w / 2))
        r, g, b = 150 * shade, 40 * shade, 50 * shade
    # Head: a sphere lit from the upper left.
    cx, cy, radius = w / 2, h * 0.4, w * 0.3
    dx, dy = (x - cx) / radius, (y - cy) / (radius * 1.2)
    if dx * dx + dy * dy < 1:
        z = math.sqrt(1 - dx * dx - dy * dy)
        light = max(0.0, (-0.5 * dx - 0.6 * dy + 0.62 * z))
        r, g, b = 60 + 190 * light, 45 + 160 * light, 35 + 130 * light
    # Hair: fine stripes across the top of the head.
    if dx * dx + dy * dy < 1 and dy < -0.45 and (x // 3) % 2 == 0:
        r, g, b = r * 0.4, g * 0.35, b * 0.3
    return tuple(max(0, min(255, int(round(c)))) for c in (r, g, b))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "Fixtures/printers/photo.png"
    w, h = 240, 300
    raw = b"".join(b"\x00" + bytes(c for x in range(w) for c in pixel(x, y, w, h)) for y in range(h))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(out, "wb").write(png)


if __name__ == "__main__":
    main()
