#!/usr/bin/env python3
"""The Typst peer (PyPI `typst`) for Benchmarks/pdf.sh: the same badges as
Benchmarks/badge-pdf.json, 86 x 54 mm, one page each, in one PDF, from a Typst template that
fits each of the three fields (the event, the name, the role) with measure(): the largest size
at which it fits its box, by bisection to 1/64 pt, with the same font file.
    python3 Benchmarks/peers/typst_badges.py NAMES.csv OUT.pdf FONT_FOLDER
"""
import csv
import json
import os
import sys
import tempfile

import typst

TEMPLATE = r"""
#let rows = json("rows.json")
#set page(width: 86mm, height: 54mm, margin: 0pt)
#set text(font: "DejaVu Sans", weight: "bold")
#let bands = ("Speaker": rgb("#FF453A"), "Staff": rgb("#0A84FF"), "Volunteer": rgb("#30D158"))
#let fit(body, width, height, maximum) = context {
  let top = calc.min(maximum.pt(), height.pt()) * 1pt
  if measure(text(size: top, body)).width <= width { return text(size: top, body) }
  let low = 1pt / 64
  let high = top
  while high - low > 1pt / 64 {
    let middle = (low + high) / 2
    if measure(text(size: middle, body)).width <= width { low = middle } else { high = middle }
  }
  text(size: low, body)
}
#for (index, row) in rows.enumerate() {
  if index > 0 { pagebreak() }
  place(top + left, dx: 0mm, dy: 44mm, rect(width: 86mm, height: 10mm, fill: bands.at(row.role, default: rgb("#3A3A3C"))))
  place(top + left, dx: 5mm, dy: 3mm, box(width: 76mm, height: 7mm, fit(text(fill: rgb("#8E8E93"), "WordFit Conf 2026"), 76mm, 7mm, 19.2pt)))
  place(top + left, dx: 5mm, dy: 12mm, box(width: 76mm, height: 28mm, fit(row.name, 76mm, 28mm, 62.4pt)))
  place(top + left, dx: 5mm, dy: 45mm, box(width: 76mm, height: 8mm, align(center, fit(text(fill: white, row.role), 76mm, 8mm, 21.6pt))))
}
"""


def main(names, out, fonts):
    rows = [{"name": r["name"], "role": r["role"]} for r in csv.DictReader(open(names, encoding="utf-8"))]
    with tempfile.TemporaryDirectory() as folder:
        json.dump(rows, open(os.path.join(folder, "rows.json"), "w"))
        source = os.path.join(folder, "badges.typ")
        open(source, "w").write(TEMPLATE)
        typst.compile(source, output=out, font_paths=[fonts])


if __name__ == "__main__":
    main(*sys.argv[1:4])
