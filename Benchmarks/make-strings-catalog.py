#!/usr/bin/env python3
"""Writes a String Catalog for the strings benchmark: KEYS keys in 8 languages (en de fr es ru ar
ja pl), a third of them with plural variations, built from the words of names-intl-1k.csv and a
few fixed phrases, deterministic.

    python3 Benchmarks/make-strings-catalog.py OUT.xcstrings [KEYS]"""
import json
import random
import sys

LANGUAGES = ["en", "de", "fr", "es", "ru", "ar", "ja", "pl"]
WORDS = {
    "en": "start stop workout battery heart rate steps distance reminder settings open close share reply".split(),
    "de": "Training starten beenden Batterieoptimierung Herzfrequenz Schritte Entfernung Erinnerung Einstellungen".split(),
    "fr": "commencer arrêter entraînement batterie fréquence cardiaque pas distance rappel réglages".split(),
    "es": "empezar detener entrenamiento batería frecuencia cardíaca pasos distancia recordatorio ajustes".split(),
    "ru": "начать остановить тренировка батарея пульс шаги расстояние напоминание настройки".split(),
    "ar": "ابدأ أوقف التمرين البطارية معدل ضربات القلب الخطوات المسافة تذكير الإعدادات".split(),
    "ja": "ワークアウト 開始 停止 バッテリー 心拍数 歩数 距離 リマインダー 設定".split(),
    "pl": "rozpocznij zatrzymaj trening bateria tętno kroki dystans przypomnienie ustawienia".split(),
}
PLURALS = {"en": ["one", "other"], "de": ["one", "other"], "fr": ["one", "many", "other"],
           "es": ["one", "many", "other"], "ru": ["one", "few", "many", "other"],
           "ar": ["zero", "one", "two", "few", "many", "other"], "ja": ["other"], "pl": ["one", "few", "many", "other"]}


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def main():
    out, keys = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200
    generator = random.Random(26)
    strings = {}
    for index in range(keys):
        key = f"key.{index:03d}"
        localizations = {}
        for language in LANGUAGES:
            words = WORDS[language]
            phrase = " ".join(generator.choice(words) for _ in range(generator.randint(1, 4)))
            if index % 3 == 0:
                localizations[language] = {"variations": {"plural": {
                    category: unit(f"%lld {phrase}") for category in PLURALS[language]}}}
            else:
                localizations[language] = unit(phrase)
        strings[key] = {"localizations": localizations}
    catalog = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(catalog, ensure_ascii=False, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")


if __name__ == "__main__":
    main()
