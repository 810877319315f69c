#!/usr/bin/env python3
"""Writes the XLIFF 1.2 form of Fixtures/strings/Localizable.xcstrings, one LANGUAGE.xliff per
language with Xcode's flattened ids (KEY|==|device.applewatch, KEY|==|plural.one,
KEY|==|substitutions.NAME.plural.one). Stale keys are not exported; a key not to translate
is written in every language.

    python3 scripts/make-xliff.py Fixtures/strings/Localizable.xcstrings Fixtures/strings/xliff"""
import json
import os
import sys
from xml.sax.saxutils import escape, quoteattr


def flatten(unit, path=""):
    """(variation path, text) pairs of a catalog unit."""
    pairs = []
    if "stringUnit" in unit:
        pairs.append((path, unit["stringUnit"]["value"]))
    for kind, cases in unit.get("variations", {}).items():
        for name, nested in sorted(cases.items()):
            pairs += flatten(nested, f"{path}.{kind}.{name}" if path else f"{kind}.{name}")
    for name, sub in sorted(unit.get("substitutions", {}).items()):
        for category, nested in sorted(sub["variations"]["plural"].items()):
            pairs.append((f"substitutions.{name}.plural.{category}", nested["stringUnit"]["value"]))
    return pairs


def main():
    catalog = json.load(open(sys.argv[1], encoding="utf-8"))
    out, source = sys.argv[2], catalog["sourceLanguage"]
    os.makedirs(out, exist_ok=True)
    languages = sorted({lang for entry in catalog["strings"].values() for lang in entry.get("localizations", {})})
    for lang in languages:
        units = []
        for key, entry in sorted(catalog["strings"].items()):
            if entry.get("extractionState") == "stale":
                continue
            if entry.get("shouldTranslate") is False:
                units.append((key, key, key))
                continue
            unit = entry.get("localizations", {}).get(lang)
            if unit is None:
                continue
            source_pairs = dict(flatten(entry["localizations"].get(source, {})))
            for path, text in flatten(unit):
                ident = key if not path else f"{key}|==|{path}"
                units.append((ident, source_pairs.get(path, key), text))
        body = "".join(
            f"      <trans-unit id={quoteattr(ident)} xml:space=\"preserve\">\n"
            f"        <source>{escape(src)}</source>\n        <target state=\"translated\">{escape(text)}</target>\n"
            f"      </trans-unit>\n" for ident, src, text in units)
        document = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
            f'  <file original="Localizable.xcstrings" source-language="{source}" target-language="{lang}" datatype="plaintext">\n'
            f"    <body>\n{body}    </body>\n  </file>\n</xliff>\n")
        open(os.path.join(out, f"{lang}.xliff"), "w", encoding="utf-8").write(document)


if __name__ == "__main__":
    main()
