#!/usr/bin/env python3
"""Writes Fixtures/badges/export/attendees.csv: an attendee export as ticketing systems write it
(pretix's column names; UTF-8 with a BOM, ';' between fields, CRLF line ends), from the shared
names-intl-1k.csv: the first three names of each of its 14 scripts, plus the rows real exports
have — mononyms, blank companies, a company with quotes and a ';', a no-break space in a name, an
emoji. Deterministic: the same input makes the same bytes. Usage:
    python3 scripts/make-export-fixture.py ../shared/data/names-intl-1k.csv
"""
import csv
import hashlib
import io
import sys

SCRIPTS = ["Latin", "Cyrillic", "Greek", "Arabic", "Hebrew", "Devanagari", "Bengali", "Tamil", "Thai",
           "Han", "Japanese", "Hangul", "Georgian", "Armenian"]
PRODUCTS = ["Conference ticket", "Conference ticket", "Speaker ticket", "Conference ticket", "Staff pass"]
COMPANIES = ["Northwind", "", "Contoso Ltd", "", "Fabrikam", "Initech", "", "Globex"]


def secret(row):
    """A ticket secret like pretix's: 32 characters of lower-case base32, from the row."""
    digest = hashlib.sha256(f"wordfit-export-{row}".encode()).digest()
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(alphabet[b % len(alphabet)] for b in digest[:32])


def main(source):
    names = list(csv.DictReader(open(source, encoding="utf-8")))
    rows = []
    for script in SCRIPTS:
        rows += [n for n in names if n["script"] == script][:3]
    extra = [
        {"name": "Teller", "script": "Latin"},                      # a mononym
        {"name": "Bas van\u00a0der\u00a0Meulen", "script": "Latin"},  # no-break spaces kept together
        {"name": "Zoë 😀", "script": "Latin"},                       # an emoji in a name
        {"name": "Ngozi Okonkwo-Adeyemi", "script": "Latin"},
    ]
    rows += extra
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(["Order code", "Attendee name: Given name", "Attendee name: Family name", "Company",
                     "Product", "Ticket secret", "Photo", "Script"])
    for index, row in enumerate(rows):
        given, _, family = row["name"].partition(" ")
        company = COMPANIES[index % len(COMPANIES)]
        if index == len(rows) - 1:
            company = 'Smith "&" Sons; Ltd'
        photo = {0: "photos/photo-1.png", 1: "photos/photo-2.png", 2: "photos/missing.png"}.get(index, "")
        writer.writerow([f"W{index + 1:04d}", given, family, company, PRODUCTS[index % len(PRODUCTS)],
                         secret(index), photo, row["script"]])
    data = "\ufeff" + out.getvalue()
    open("Fixtures/badges/export/attendees.csv", "w", encoding="utf-8", newline="").write(data)
    print("".join(sorted(set("".join(r["name"] for r in rows)))))


if __name__ == "__main__":
    main(sys.argv[1])
