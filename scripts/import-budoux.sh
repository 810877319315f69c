#!/usr/bin/env bash
# Regenerates BudouX's data from google/budoux at REVISION (data only; BudouX's parser is
# upstream code and stays upstream — WordFit's own scorer reads the models):
#   - Fonts/BudouX/{ja,zh-hans,zh-hant}.json: the phrase models `--word-break phrase` reads
#     (bundled with WordFit's resources, like the fonts), LICENSE-BudouX.txt and SOURCE;
#   - Conformance/suites/budoux/ja.tsv: BudouX's Japanese quality set, and SOURCE.
#
#   bash scripts/import-budoux.sh [REVISION] [CLONE]
#
# CLONE is a clone of https://github.com/google/budoux (cloned into a temporary folder when
# not given).
set -euo pipefail
cd "$(dirname "$0")/.."
revision=${1:-b8177d478ae119f1d24259f7b610a0910077fc2d}
clone=${2:-}
if [ -z "$clone" ]; then
  clone=$(mktemp -d)
  trap 'rm -rf "$clone"' EXIT
  git clone -q https://github.com/google/budoux "$clone"
fi
models=Fonts/BudouX
suite=Conformance/suites/budoux
rm -rf "$models" "$suite"
mkdir -p "$models" "$suite"
for model in ja zh-hans zh-hant; do git -C "$clone" show "$revision:budoux/models/$model.json" >"$models/$model.json"; done
git -C "$clone" show "$revision:LICENSE" >"$models/LICENSE-BudouX.txt"
git -C "$clone" show "$revision:tests/quality/ja.tsv" >"$suite/ja.tsv"
for folder in "$models" "$suite"; do
  cat >"$folder/SOURCE" <<SOURCE
repository: https://github.com/google/budoux
path: budoux/models/ja.json, zh-hans.json, zh-hant.json (the phrase models); tests/quality/ja.tsv (the Japanese quality set)
revision: $revision
licence: Apache License 2.0 (BudouX's LICENSE, copied as Fonts/BudouX/LICENSE-BudouX.txt)
regenerate: bash scripts/import-budoux.sh $revision
how a model is read: feature name (UW1…UW6, BW1…BW3, TW1…TW4) → characters → weight; a break
  goes before a character when the weights of the features around it sum above half their total
  (BudouX's published scoring, README "Phrase breaking")
how a quality case is read: label TAB sentence, its phrases separated by U+2581 (▁)
SOURCE
done
echo "import-budoux: 3 models and $(grep -vc '^#' "$suite/ja.tsv") quality sentences from google/budoux at $revision"
