#!/usr/bin/env python3
"""Writes Fixtures/hyphenation/pyphen.tsv: words of several languages hyphenated by pyphen
(PyPI; its own Python implementation of the Liang/Hunspell algorithm) over the same Debian
dictionary WordFit opens for the language (/usr/share/hyphen, found by the same rule as
Hyphenator.dictionaryPath), with pyphen's minimums of 2: the reference HyphenatorTests checks
WordFit's points against (WordFit's must be a subset: its minimums may be larger, and it leaves
out non-standard breaks).

    bash scripts/hyphenation-reference.sh      (makes a venv with pyphen, then runs this)

Words: UI terms and long compounds of each language (the cases issue 40 names), and the
names of shared/data with at least 7 letters in that language's script."""
import csv
import os
import re
import sys

import pyphen

LANGUAGES = {
    # language tag (WordFit) -> (pyphen's own dictionary of that language, words)
    "de": ("de_DE", "Rechtsschutzversicherungsgesellschaften Batterieoptimierung aktivieren Benachrichtigungen "
           "Einstellungen Bildschirmzeit Datenschutzerklärung Herzfrequenzmessung Trainingseinheit "
           "Größenänderung Bluetooth-Verbindung Kontoeinstellungen Sicherheitsüberprüfung"),
    "en-US": ("en_US", "notifications accessibility configuration authentication international "
              "hyphenation background synchronization temperature unavailable workout "
              "Always display settings responsibility"),
    "fr": ("fr", "notifications accessibilité configuration anticonstitutionnellement paramètres "
           "synchronisation désactiver fréquence cardiaque entraînement"),
    "nl": ("nl_NL", "ziekenhuisopname batterijoptimalisatie meldingen instellingen hartslagmeting "
           "beveiligingscontrole gegevensbescherming"),
    "es": ("es", "notificaciones configuración accesibilidad sincronización entrenamiento "
           "frecuencia cardíaca desactivar"),
    "it": ("it_IT", "notifiche impostazioni accessibilità sincronizzazione allenamento "
           "frequenza cardiaca disattivare"),
    "pl": ("pl_PL", "powiadomienia ustawienia dostępność synchronizacja trening częstotliwość "
           "wyłączyć"),
    "sv": ("sv", "aviseringar inställningar tillgänglighet synkronisering träningspass "
           "hjärtfrekvens sjukförsäkringskassan"),
    "hu": ("hu_HU", "értesítések beállítások akadálymentesség szinkronizálás edzés "
           "pulzusszám egészségügyi megszentségteleníthetetlenségeskedéseitekért"),
    "ru": ("ru_RU", "уведомления настройки оптимизация синхронизация тренировка "
           "достопримечательность пульс"),
}
SCRIPTS = {"ru": "Cyrillic"}


def dictionary_path(tag, folder="/usr/share/hyphen"):
    """Hyphenator.dictionaryPath's rule: hyph_LL_RR.dic, hyph_LL.dic, the first hyph_LL_*.dic."""
    parts = tag.split("-")
    code = parts[0].lower()
    region = next((part.upper() for part in parts[1:] if len(part) == 2), None)
    names = ([f"hyph_{code}_{region}.dic"] if region else []) + [f"hyph_{code}.dic"]
    for name in names:
        if os.access(os.path.join(folder, name), os.R_OK):
            return os.path.join(folder, name)
    others = sorted(n for n in os.listdir(folder) if n.startswith(f"hyph_{code}_") and n.endswith(".dic"))
    return os.path.join(folder, others[0]) if others else None


def names(script):
    words = []
    for path in ("../shared/data/names-intl-1k.csv", "../shared/data/names-10k.csv"):
        try:
            with open(path, newline="", encoding="utf-8") as handle:
                for row in csv.DictReader(handle):
                    if row.get("script", "Latin") != script:
                        continue
                    words += [w for w in re.findall(r"\w+", row["name"]) if len(w) >= 7 and w.isalpha()]
        except FileNotFoundError:
            pass
    return sorted(set(words))[:60]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "Fixtures/hyphenation/pyphen.tsv"
    lines = [f"# pyphen {pyphen.__version__} over Debian's dictionaries: language, word, its hyphenation ('-' at each point)"]
    for tag, (_, text) in LANGUAGES.items():
        hyphenator = pyphen.Pyphen(filename=dictionary_path(tag), left=2, right=2)
        words = text.split() + names(SCRIPTS.get(tag, "Latin"))
        for word in dict.fromkeys(words):
            for part in word.split("-"):
                if len(part) >= 4:
                    lines.append(f"{tag}\t{part}\t{hyphenator.inserted(part, hyphen='-')}")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print(f"hyphenation-reference: {len(lines) - 1} words in {out}")


if __name__ == "__main__":
    main()
