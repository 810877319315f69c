#!/usr/bin/env python3
"""Builds the image pairs of Tests/WordFitImageTests/ImageComparatorTests.swift and prints what the
pixelmatch Python port reports for each, to check the counts written in the tests.

    pip install pixelmatch && python3 scripts/pixelmatch-pairs.py
"""
from pixelmatch import pixelmatch


def grey(width, height, value):
    data = []
    for y in range(height):
        for x in range(width):
            v = value(x, y)
            data += [v, v, v, 255]
    return data


def count(a, b, width, height, **options):
    return pixelmatch(a, b, width, height, None, **options)


flat = grey(10, 10, lambda x, y: 100)
changed = grey(10, 10, lambda x, y: 200 if (x, y) == (5, 5) else 100)
print("one pixel changed:", count(flat, changed, 10, 10, threshold=0.1))
edge = grey(10, 10, lambda x, y: 0 if x < 5 else 255)
soft = grey(10, 10, lambda x, y: 128 if (x, y) == (5, 5) else (0 if x < 5 else 255))
print("anti-aliased edge, excused:", count(edge, soft, 10, 10, threshold=0.1))
print("anti-aliased edge, includeAA:", count(edge, soft, 10, 10, threshold=0.1, includeAA=True))
expected = [0, 0, 0, 0, 0, 0, 0, 128, 10, 20, 30, 255]
actual = [255, 255, 255, 0, 0, 0, 0, 0, 10, 20, 30, 255]
print("semi-transparent:", count(expected, actual, 3, 1, threshold=0.1, includeAA=True))
for t, passing, failing in [(0.1, 26, 27), (0.2, 52, 53), (0.01, 2, 3), (0.0, 0, 1)]:
    base = grey(3, 3, lambda x, y: 100)
    p = count(base, grey(3, 3, lambda x, y: 100 + passing), 3, 3, threshold=t, includeAA=True)
    f = count(base, grey(3, 3, lambda x, y: 100 + failing), 3, 3, threshold=t, includeAA=True)
    print(f"threshold {t}: +{passing} -> {p}, +{failing} -> {f}")
