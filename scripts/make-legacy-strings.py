#!/usr/bin/env python3
"""Writes the legacy forms of Fixtures/strings/Localizable.xcstrings, as Xcode's export would:
LANGUAGE.lproj/Localizable.strings (plain strings; de in UTF-16 with a BOM, to test that
decoding) and Localizable.stringsdict (plural and device rules, substitutions as format-key
variables). Stale keys are not exported; a key not to translate is written in every language.

    python3 scripts/make-legacy-strings.py Fixtures/strings/Localizable.xcstrings Fixtures/strings/legacy"""
import json
import os
import plistlib
import sys


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main():
    catalog = json.load(open(sys.argv[1], encoding="utf-8"))
    out = sys.argv[2]
    languages = sorted({lang for entry in catalog["strings"].values() for lang in entry.get("localizations", {})})
    strings = {lang: [] for lang in languages}
    dicts = {lang: {} for lang in languages}
    for key, entry in sorted(catalog["strings"].items()):
        if entry.get("extractionState") == "stale":
            continue
        if entry.get("shouldTranslate") is False:
            for lang in languages:
                strings[lang].append((key, key))
            continue
        for lang, unit in entry.get("localizations", {}).items():
            if "stringUnit" in unit and "substitutions" not in unit:
                strings[lang].append((key, unit["stringUnit"]["value"]))
            elif "substitutions" in unit:
                body = {"NSStringLocalizedFormatKey": unit["stringUnit"]["value"]}
                for name, sub in unit["substitutions"].items():
                    rule = {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": sub["formatSpecifier"]}
                    for category, nested in sub["variations"]["plural"].items():
                        rule[category] = nested["stringUnit"]["value"].replace("%arg", "%" + sub["formatSpecifier"])
                    body[name] = rule
                dicts[lang][key] = body
            elif "plural" in unit["variations"]:
                rule = {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld"}
                for category, nested in unit["variations"]["plural"].items():
                    rule[category] = nested["stringUnit"]["value"]
                dicts[lang][key] = {"NSStringLocalizedFormatKey": "%#@value@", "value": rule}
            else:
                devices = {name: nested["stringUnit"]["value"] for name, nested in unit["variations"]["device"].items()}
                dicts[lang][key] = {"NSStringDeviceSpecificRuleType": devices}
    for lang in languages:
        folder = os.path.join(out, f"{lang}.lproj")
        os.makedirs(folder, exist_ok=True)
        text = "/* Exported from Localizable.xcstrings */\n" + "".join(
            f"{quoted(key)} = {quoted(value)};\n" for key, value in strings[lang])
        data = ("\ufeff" + text).encode("utf-16-le") if lang == "de" else text.encode("utf-8")
        open(os.path.join(folder, "Localizable.strings"), "wb").write(data)
        if dicts[lang]:
            with open(os.path.join(folder, "Localizable.stringsdict"), "wb") as handle:
                plistlib.dump(dicts[lang], handle, sort_keys=True)


if __name__ == "__main__":
    main()
