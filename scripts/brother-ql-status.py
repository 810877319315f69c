#!/usr/bin/env python3
"""Writes Tests/WordFitOutputTests/Inputs/brother-status.json: Brother QL status replies (32 bytes starting
80 20 42) and how brother-ql-next's reader (`brother_ql.reader.interpret_response`, the oracle)
decodes each: every error bit of bytes 8 and 9 alone and together, every media type and model
code of its tables and an unknown one, tape widths and die-cut lengths. WordFit's decoder
(`PrinterStatus.brotherQL`) is tested against this file (`PrinterStatusTests`), and
scripts/brother-ql-test.sh regenerates it and fails when it changes.

    .build/brother-ql-venv/bin/python scripts/brother-ql-status.py OUT.json

An unknown code, which brother-ql-next leaves as an integer, is written as two upper-case hex
digits, as WordFit names it."""
import json
import sys

from brother_ql import reader


def reply(**bytes_at):
    data = bytearray(32)
    data[0:3] = b"\x80\x20\x42"
    data[3], data[4], data[5], data[6] = 0x34, 0x41, 0x30, 0x30  # series, QL-820NWB, fixed
    data[10], data[11], data[17] = 62, 0x0A, 0  # 62 mm continuous tape
    for index, value in bytes_at.items():
        data[int(index[1:])] = value
    return bytes(data)


def cases():
    yield reply()
    for byte in (8, 9):
        for bit in range(8):
            yield reply(**{f"b{byte}": 1 << bit})
    yield reply(b8=0xFF, b9=0xFF)
    yield reply(b8=0x01, b9=0x10)
    for media in (0x00, 0x0A, 0x0B, 0x4A):
        yield reply(b11=media)
    for model in sorted(reader.RESP_MODEL_CODES) + [0x99]:
        yield reply(b4=model)
    for width, length, media in ((29, 0, 0x0A), (29, 90, 0x0B), (62, 100, 0x0B), (102, 0, 0x0A), (0, 0, 0x00)):
        yield reply(b10=width, b17=length, b11=media)


def named(value):
    return value if isinstance(value, str) else "%02X" % value


def main():
    out = []
    for data in cases():
        decoded = reader.interpret_response(data)
        out.append({
            "reply": data.hex(),
            "errors": decoded["errors"],
            "model": named(decoded["model_name"]),
            "mediaType": named(decoded["media_type"]),
            "mediaWidth": decoded["media_width"],
            "mediaLength": decoded["media_length"],
        })
    with open(sys.argv[1], "w", encoding="utf-8") as file:
        json.dump({"source": "brother-ql-next 0.12.0, brother_ql.reader.interpret_response", "cases": out}, file,
                  indent=1, ensure_ascii=False)
        file.write("\n")


if __name__ == "__main__":
    main()
