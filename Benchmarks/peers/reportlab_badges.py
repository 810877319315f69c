#!/usr/bin/env python3
"""The reportlab peer (what pretix draws badges with) for Benchmarks/pdf.sh: the same badges as
Benchmarks/badge-pdf.json, 86 x 54 mm, one page each, in one PDF: a role band, and three fields
(the event, the name, the role) each at the largest size that fits its box, found by bisection
on reportlab's stringWidth with the same TrueType font (to 1/64 pt). No shaping, no fallback.
    python3 Benchmarks/peers/reportlab_badges.py NAMES.csv OUT.pdf FONT.ttf
"""
import csv
import sys

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

BANDS = {"Speaker": "#FF453A", "Staff": "#0A84FF", "Volunteer": "#30D158"}


def fitted(text, font, width, height, maximum):
    """The largest size (pt, to 1/64) at which text is at most width wide and the size at most
    height (the em box as the line's height), bisecting between 1/64 pt and the maximum."""
    top = min(maximum, height)
    if pdfmetrics.stringWidth(text, font, top) <= width:
        return top
    low, high = 1 / 64, top
    while high - low > 1 / 64:
        middle = (low + high) / 2
        if pdfmetrics.stringWidth(text, font, middle) <= width:
            low = middle
        else:
            high = middle
    return low


def main(names, out, font_path):
    pdfmetrics.registerFont(TTFont("Badge", font_path))
    page = (86 * mm, 54 * mm)
    pdf = canvas.Canvas(out, pagesize=page, pageCompression=1)
    pt = 72 / 300  # the template's boxes are in mm; its sizes in px at 300 dpi
    for row in csv.DictReader(open(names, encoding="utf-8")):
        pdf.setFillColor(BANDS.get(row["role"], "#3A3A3C"))
        pdf.rect(0, 0, 86 * mm, 10 * mm, stroke=0, fill=1)
        fields = [("WordFit Conf 2026", 3, 7, 80 * pt, "#8E8E93", False),
                  (row["name"], 12, 28, 260 * pt, "#000000", False), (row["role"], 45, 8, 90 * pt, "#FFFFFF", True)]
        for text, top, box_height, maximum, color, centred in fields:
            size = fitted(text, "Badge", 76 * mm, box_height * mm, maximum)
            pdf.setFont("Badge", size)
            pdf.setFillColor(color)
            baseline = page[1] - top * mm - size * 0.8
            if centred:
                pdf.drawCentredString(43 * mm, baseline, text)
            else:
                pdf.drawString(5 * mm, baseline, text)
        pdf.showPage()
    pdf.save()


if __name__ == "__main__":
    main(*sys.argv[1:4])
