#!/usr/bin/env python3
"""An independent ZPL II decoder for WordFit's label jobs, written from the ZPL II Programming
Guide (^XA … ^XZ, ^PW, ^LL, ^LH, ^FO, ^GFA with ASCII hex or ZB64 data, ^FS), not from WordFit's
encoder: it checks each :Z64:/:B64: field's CRC-16/XMODEM over the base64 text, inflates with
Python's zlib (not libdeflate), checks ^GF's byte counts, and draws the dots on a label.

    python3 scripts/zpl-decode.py LABEL.zpl [--png BADGE.png [--template T.json [--dpi D]]] [--pbm OUT.pbm]

With --png it also decodes the badge's PNG (pure Python: 8-bit grey, RGB or RGBA, as WordFit
writes them), makes its 1-bit image by the README's rule — a pixel is a black dot when its
luminance (299 R + 587 G + 114 B + 500) // 1000, over white with alpha, is below 128 — and
exits 1 unless the two are equal dot for dot. With --template, inside each of the template's
image boxes (every image taken as drawn) but outside its regions' boxes, the dots are the
README's dithering instead: the ink (255 - luminance) diffused Floyd-Steinberg, row by row left to
right, 7/16 right, 3/16 below left, 5/16 below, 1/16 below right, in sixteenths truncated toward
zero, a dot where the ink with its error exceeds 128 (boxes in px or mm at the template's dpi, or
at --dpi D when the badge is drawn at the printer's). Prints one line; exit 0 when all is well."""
import base64
import json
import math
import re
import struct
import sys
import zlib


def crc16_xmodem(data):
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def graphic_data(text, total):
    """The bytes of one ^GFA data field: ZB64 (checked) or plain ASCII hex."""
    match = re.fullmatch(r":(B64|Z64):([A-Za-z0-9+/=\r\n]*):([0-9A-Fa-f]{4})", text)
    if match:
        kind, encoded, crc = match.groups()
        encoded = re.sub(r"[\r\n]", "", encoded)
        if crc16_xmodem(encoded.encode()) != int(crc, 16):
            raise SystemExit(f"CRC mismatch: field says {crc}, base64 text gives {crc16_xmodem(encoded.encode()):04X}")
        data = base64.b64decode(encoded, validate=True)
        return zlib.decompress(data) if kind == "Z64" else data
    hexdigits = re.sub(r"\s", "", text)
    if not re.fullmatch(r"[0-9A-Fa-f]*", hexdigits) or len(hexdigits) != 2 * total:
        raise SystemExit("^GF data is neither ZB64 nor plain ASCII hex of the declared size")
    return bytes.fromhex(hexdigits)


def decode_zpl(source):
    """(width, height, set of black dots) of the one label in `source`."""
    body = re.search(r"\^XA(.*?)\^XZ", source, re.S)
    if not body:
        raise SystemExit("no ^XA … ^XZ label")
    commands = [c for c in re.split(r"(?=\^)", body.group(1)) if c.strip()]
    width = height = None
    home = origin = (0, 0)
    dots = set()
    for command in commands:
        name, arguments = command[1:3], command[3:].strip()
        if name == "PW":
            width = int(arguments)
        elif name == "LL":
            height = int(arguments)
        elif name == "LH":
            home = tuple(int(v) for v in arguments.split(","))
        elif name == "FO":
            origin = tuple(int(v) for v in arguments.split(",")[:2])
        elif name == "GF":
            kind, total, field, per_row, data = arguments.split(",", 4)
            if kind != "A":
                raise SystemExit(f"^GF compression {kind} is not ASCII (A)")
            total, field, per_row = int(total), int(field), int(per_row)
            raw = graphic_data(data.strip(), total)
            if len(raw) != total or field != total or total % per_row:
                raise SystemExit(f"^GF sizes: {len(raw)} bytes, declared {total}/{field}, {per_row} a row")
            x0, y0 = home[0] + origin[0], home[1] + origin[1]
            for row in range(total // per_row):
                for column in range(per_row * 8):
                    if raw[row * per_row + column // 8] & (0x80 >> (column % 8)):
                        dots.add((x0 + column, y0 + row))
        elif name not in ("FS", "FX"):  # ^FX is a comment
            raise SystemExit(f"unexpected command ^{name}")
    if width is None or height is None:
        raise SystemExit("no ^PW or ^LL")
    # Dots outside the label (row padding) are not printed.
    return width, height, {(x, y) for x, y in dots if x < width and y < height}


def decode_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path} is not a PNG")
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        payload = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", payload)
        elif kind == b"IDAT":
            chunks.append(payload)
        position += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise SystemExit(f"{path}: only 8-bit grey, RGB and RGBA without interlacing are read here")
    raw, stride = zlib.decompress(b"".join(chunks)), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def luminance(pixel, channels):
    luma = pixel[0] if channels == 1 else (299 * pixel[0] + 587 * pixel[1] + 114 * pixel[2] + 500) // 1000
    if channels == 4:
        luma = (luma * pixel[3] + 255 * (255 - pixel[3]) + 127) // 255
    return luma


def threshold(png):
    width, height, channels, rows = png
    dots = set()
    for y, line in enumerate(rows):
        for x in range(width):
            if luminance(line[x * channels:(x + 1) * channels], channels) < 128:
                dots.add((x, y))
    return width, height, dots


def template_boxes(path, dpi):
    """The template's image boxes and region boxes in pixels, edges rounded as WordFit rounds them."""
    spec = json.load(open(path))
    own = spec.get("dpi", 300)
    scale = (dpi or own) / 25.4 if spec.get("unit") == "mm" else (dpi or own) / own
    edge = lambda value: math.floor(value * scale + 0.5)
    box = lambda b: (edge(b[0]), edge(b[1]), edge(b[0] + b[2]), edge(b[1] + b[3]))
    return [box(i["box"]) for i in spec.get("images", [])], [box(r["box"]) for r in spec.get("regions", [])]


def dither(png, dots, photos, kept):
    """`dots` with each photo box dithered from the PNG's luminance, outside the kept boxes."""
    width, height, channels, rows = png
    for x0, y0, x1, y1 in photos:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)
        below = [0] * (x1 - x0 + 1)
        for y in range(y0, y1):
            right = below_here = below_right = 0
            for x in range(x0, x1):
                i = x - x0
                carried = right + below[i + 1]
                ink = 255 - luminance(rows[y][x * channels:(x + 1) * channels], channels)
                ink = max(0, min(255, ink + int(carried / 16)))
                dot = ink > 128
                error = ink - (255 if dot else 0)
                below[i], below_here, below_right, right = 3 * error + below_here, 5 * error + below_right, error, 7 * error
                if any(k[0] <= x < k[2] and k[1] <= y < k[3] for k in kept):
                    continue
                (dots.add if dot else dots.discard)((x, y))
            below[x1 - x0] = below_here
    return dots


def main():
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    width, height, dots = decode_zpl(open(args[0], encoding="ascii").read())
    if "--pbm" in args:
        out = args[args.index("--pbm") + 1]
        with open(out, "w") as pbm:
            pbm.write(f"P1\n{width} {height}\n")
            for y in range(height):
                pbm.write(" ".join("1" if (x, y) in dots else "0" for x in range(width)) + "\n")
    if "--png" in args:
        png = decode_png(args[args.index("--png") + 1])
        expected_width, expected_height, expected = threshold(png)
        if "--template" in args:
            dpi = int(args[args.index("--dpi") + 1]) if "--dpi" in args else None
            photos, kept = template_boxes(args[args.index("--template") + 1], dpi)
            expected = dither(png, expected, photos, kept)
        if (expected_width, expected_height) != (width, height):
            raise SystemExit(f"label {width}x{height} dots, badge {expected_width}x{expected_height} px")
        if dots != expected:
            print(f"{len(dots ^ expected)} dots differ of {width * height}")
            sys.exit(1)
        print(f"equal: {width}x{height} dots, {len(dots)} black")
    else:
        print(f"decoded: {width}x{height} dots, {len(dots)} black")


if __name__ == "__main__":
    main()
