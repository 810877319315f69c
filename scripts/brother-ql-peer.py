#!/usr/bin/env python3
"""Compares WordFit's Brother QL raster job with brother-ql-next's (PyPI, the maintained
brother_ql) for the same 1-bit image, model and label.

    python3 scripts/brother-ql-peer.py BADGE.png JOB.bin MODEL LABEL

Makes the 1-bit image from the badge PNG by WordFit's rule (a dot is black when the pixel's
luminance (299 R + 587 G + 114 B + 500) // 1000, over white with alpha, is below 128), hands it
to brother_ql.conversion.convert with its defaults (cut, no compression, rotate 'auto', no red),
and exits 1 unless the bytes equal JOB.bin. Run by scripts/brother-ql-test.sh, which installs
brother-ql-next in a virtual environment under .build."""
import sys

from PIL import Image
from brother_ql.conversion import convert
from brother_ql.raster import BrotherQLRaster


def one_bit(path):
    image = Image.open(path).convert("RGBA")
    out = Image.new("L", image.size, 255)
    source, target = image.load(), out.load()
    for y in range(image.size[1]):
        for x in range(image.size[0]):
            r, g, b, a = source[x, y]
            luma = (299 * r + 587 * g + 114 * b + 500) // 1000
            luma = (luma * a + 255 * (255 - a) + 127) // 255
            target[x, y] = 0 if luma < 128 else 255
    return out


def main():
    png, job, model, label = sys.argv[1:5]
    raster = BrotherQLRaster(model)
    raster.exception_on_warning = True
    expected = convert(raster, [one_bit(png)], label, cut=True, compress=False, rotate="auto", red=False)
    actual = open(job, "rb").read()
    if actual != expected:
        first = next((i for i, (a, b) in enumerate(zip(actual, expected)) if a != b), min(len(actual), len(expected)))
        print(f"{job}: differs from brother-ql-next at byte {first} ({len(actual)} against {len(expected)} bytes)")
        sys.exit(1)
    print(f"{job}: equal to brother-ql-next's {model} {label} job ({len(actual)} bytes)")


if __name__ == "__main__":
    main()
