#!/usr/bin/env python3
"""The Pillow peer: name badges the way a competent Pillow user would write them.

One PNG per name, words stacked one per line at one common size: measure once at the maximum
size, scale to the width and height, verify with getbbox and step down 1 px until it fits.
8-bit grey, white on black, left-aligned, block centred vertically, Pillow's default PNG
settings. Writes a JSON line per image (text, size, file) to --log for the quality checks.

`--layout basic` is Pillow's own layout (no shaping); `--layout raqm` is libraqm (HarfBuzz +
FriBidi), the layout that shapes. Pillow has no font fallback, so for names in many scripts
`--font-by-script Arab=NotoSansArabic.ttf,…` picks each row's font by its `script` column.

    python3 pillow_badges.py names.csv OUT_DIR --font DejaVuSans-Bold.ttf [--layout raqm] [--jobs 2]
"""
import argparse
import csv
import json
import multiprocessing
import os
import re
import unicodedata

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT, INSET, MAX_SIZE = 396, 484, 8, 72
_fonts = {}
_font_path = None
_layout = ImageFont.Layout.BASIC
_by_script = {}


def font(size, path=None):
    key = (path or _font_path, size)
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(key[0], size, layout_engine=_layout)
    return _fonts[key]


def block(words, size, path=None):
    """Width of the widest word, height of the stack, line height, at `size`."""
    f = font(size, path)
    ascent, descent = f.getmetrics()
    line = ascent + descent
    widest = max(f.getbbox(w)[2] for w in words)
    return widest, line * len(words), line


def fit(words, path=None):
    avail_w, avail_h = WIDTH - 2 * INSET, HEIGHT - 2 * INSET
    widest, height, _ = block(words, MAX_SIZE, path)
    size = min(MAX_SIZE, int(MAX_SIZE * avail_w / max(widest, 1)), int(MAX_SIZE * avail_h / height))
    while size > 1:
        widest, height, _ = block(words, size, path)
        if widest <= avail_w and height <= avail_h:
            break
        size -= 1
    return size


def slug(text):
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-") or "text"


def render(row):
    ident, text, script, out = row
    path = _by_script.get(script)
    words = text.split()
    size = fit(words, path)
    _, height, line = block(words, size, path)
    image = Image.new("L", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    y = INSET + (HEIGHT - 2 * INSET - height) // 2
    f = font(size, path)
    for word in words:
        draw.text((INSET, y), word, font=f, fill=255)
        y += line
    name = f"{ident}-{slug(text)}.png"
    image.save(os.path.join(out, name))
    return {"text": text, "size": size, "file": name}


def init(path, layout, by_script):
    global _font_path, _layout, _by_script
    _font_path = path
    _layout = ImageFont.Layout.RAQM if layout == "raqm" else ImageFont.Layout.BASIC
    _by_script = by_script


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("out")
    parser.add_argument("--font", required=True)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--layout", choices=["basic", "raqm"], default="basic")
    parser.add_argument("--font-by-script", default="")
    args = parser.parse_args()
    by_script = dict(pair.split("=", 1) for pair in args.font_by_script.split(",") if pair)
    os.makedirs(args.out, exist_ok=True)
    with open(args.input, newline="", encoding="utf-8-sig") as handle:
        rows = [(r["id"], r["name"], r.get("script", ""), args.out) for r in csv.DictReader(handle)]
    if args.limit:
        rows = rows[: args.limit]
    setup = (args.font, args.layout, by_script)
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs, initializer=init, initargs=setup) as pool:
            results = pool.map(render, rows, chunksize=64)
    else:
        init(*setup)
        results = [render(r) for r in rows]
    if args.log:
        with open(args.log, "w", encoding="utf-8") as log:
            for result in results:
                log.write(json.dumps(result, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
