#!/usr/bin/env python3
"""Compares WordFit's Brother QL raster job with brother-ql-next's (PyPI, the maintained
brother_ql) for the same 1-bit (or black-and-red) image, model and label.

    python3 scripts/brother-ql-peer.py BADGE.png JOB.bin MODEL LABEL [TEMPLATE.json]

Makes the dots from the badge PNG by WordFit's rules, written here from its documentation:
- a dot is black when the pixel's luminance (299 R + 587 G + 114 B + 500) // 1000, over white
  with alpha, is below 128;
- inside each image's box of TEMPLATE (a template in pixels), except inside its regions' boxes,
  the dots are the box's ink (255 - luminance) dithered by Pillow's Floyd-Steinberg
  (Image.convert("1", dither=FLOYDSTEINBERG)), the call brother-ql-next's dither=True makes;
- on a red label (62red) a dot is red when, over white, red exceeds both green and blue by at
  least 128, and then not black.
It hands the result to brother_ql.conversion.convert with its defaults (cut, no compression,
rotate 'auto'; red=True with a pure black/red/white image on 62red) and exits 1 unless the
bytes equal JOB.bin. Run by scripts/brother-ql-test.sh, which installs brother-ql-next in a
virtual environment under .build."""
import json
import sys

from PIL import Image
from brother_ql.conversion import convert
from brother_ql.raster import BrotherQLRaster


def over_white(pixel):
    r, g, b, a = pixel
    return [(c * a + 255 * (255 - a) + 127) // 255 for c in (r, g, b)], a


def luminance(pixel):
    r, g, b, a = pixel
    luma = (299 * r + 587 * g + 114 * b + 500) // 1000
    return (luma * a + 255 * (255 - a) + 127) // 255


def dots(path, template, red):
    image = Image.open(path).convert("RGBA")
    width, height = image.size
    source = image.load()
    luma = [[luminance(source[x, y]) for x in range(width)] for y in range(height)]
    black = [[luma[y][x] < 128 for x in range(width)] for y in range(height)]
    spec = json.load(open(template)) if template else {}
    kept = [region["box"] for region in spec.get("regions", [])]
    inside = lambda box, x, y: box[0] <= x < box[0] + box[2] and box[1] <= y < box[1] + box[3]
    for box in [entry["box"] for entry in spec.get("images", [])]:
        x0, y0 = max(0, box[0]), max(0, box[1])
        x1, y1 = min(width, box[0] + box[2]), min(height, box[1] + box[3])
        if x0 >= x1 or y0 >= y1:
            continue
        ink = Image.new("L", (x1 - x0, y1 - y0))
        ink.putdata([255 - luma[y][x] for y in range(y0, y1) for x in range(x0, x1)])
        dithered = ink.convert("1", dither=Image.FLOYDSTEINBERG).load()
        for y in range(y0, y1):
            for x in range(x0, x1):
                if not any(inside(k, x, y) for k in kept):
                    black[y][x] = dithered[x - x0, y - y0] != 0
    reds = [[False] * width for _ in range(height)]
    if red:
        for y in range(height):
            for x in range(width):
                (r, g, b), _ = over_white(source[x, y])
                if r - max(g, b) >= 128:
                    reds[y][x], black[y][x] = True, False
    out = Image.new("RGB" if red else "L", (width, height), (255, 255, 255) if red else 255)
    target = out.load()
    for y in range(height):
        for x in range(width):
            if black[y][x]:
                target[x, y] = (0, 0, 0) if red else 0
            elif reds[y][x]:
                target[x, y] = (255, 0, 0)
    return out


def main():
    png, job, model, label = sys.argv[1:5]
    template = sys.argv[5] if len(sys.argv) > 5 else None
    red = label.endswith("red")
    raster = BrotherQLRaster(model)
    raster.exception_on_warning = True
    expected = convert(raster, [dots(png, template, red)], label, cut=True, compress=False, rotate="auto", red=red)
    actual = open(job, "rb").read()
    if actual != expected:
        first = next((i for i, (a, b) in enumerate(zip(actual, expected)) if a != b), min(len(actual), len(expected)))
        print(f"{job}: differs from brother-ql-next at byte {first} ({len(actual)} against {len(expected)} bytes)")
        sys.exit(1)
    print(f"{job}: equal to brother-ql-next's {model} {label} job ({len(actual)} bytes)")


if __name__ == "__main__":
    main()
