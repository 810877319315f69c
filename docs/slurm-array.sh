#!/usr/bin/env bash
# Render a large badge list on N Slurm array tasks.
#
# Task SLURM_ARRAY_TASK_ID = 0 … N-1 renders the rows whose 0-based index ≡ task (mod N):
# `--shard auto` reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, and refuses (64) an array
# that does not start at 0 or has a step. The union of the tasks' output is exactly what one
# unsharded run writes, byte for byte; each task writes its own manifest-shardKofN.jsonl.
#
#   sbatch --array=0-7 docs/slurm-array.sh names.csv /shared/badges
#   sbatch --array=0-7 docs/slurm-array.sh export.csv /shared/badges --template badge.json --pdf badges.pdf
#
# With --pdf each task writes badges-shardKof8.pdf; when the array is done, one PDF for the print
# shop, pages in row order (each page carries its row; shards take rows round-robin):
#   sbatch --dependency=afterok:JOBID --wrap 'wordfit merge-pdf /shared/badges/badges-shard*of8.pdf -o /shared/badges.pdf'
#
# Options after OUTPUT_DIR go to `wordfit batch` (a template, a PDF per shard, a font …); the
# script sets --out, --shard and --manifest itself and refuses them there. Finished files are
# kept on a rerun (--skip-existing), except with --pdf or --sheet, which a shard writes whole.
#
# wordfit comes from the release tarball, installed once on the shared file system (README,
# "Install"): bash scripts/install.sh --from dist/wordfit-VERSION-linux-x86_64.tar.gz /shared/wordfit
# The script uses $WORDFIT_PREFIX/bin/wordfit when WORDFIT_PREFIX is set, else wordfit on PATH.
#
# To rerun one task that failed (its finished files are kept: --skip-existing), name the array's
# size, since a one-task array does not know it (passed on as --shard-count):
#   sbatch --array=2 --export=ALL,WORDFIT_SHARDS=8 docs/slurm-array.sh names.csv /shared/badges
#
#SBATCH --job-name=wordfit-badges
#SBATCH --cpus-per-task=2
#SBATCH --mem=256M
#SBATCH --time=00:30:00
#SBATCH --output=wordfit-%A_%a.log
set -euo pipefail

input=${1:?usage: sbatch --array=0-(N-1) docs/slurm-array.sh INPUT.csv OUTPUT_DIR [BATCH OPTIONS]}
output=${2:?usage: sbatch --array=0-(N-1) docs/slurm-array.sh INPUT.csv OUTPUT_DIR [BATCH OPTIONS]}
shift 2
resume=(--skip-existing)
for option in "$@"; do
  case $option in
    --out | --out=* | --shard | --shard=* | --shard-count | --shard-count=* | --manifest | --manifest=*)
      echo "docs/slurm-array.sh sets ${option%%=*} itself (OUTPUT_DIR, the array task, manifest-shardKofN.jsonl); leave it out" >&2
      exit 64
      ;;
    --pdf | --pdf=* | --sheet | --sheet=*) resume=() ;;
  esac
done
wordfit=${WORDFIT_PREFIX:+$WORDFIT_PREFIX/bin/}wordfit
exec "$wordfit" batch "$input" \
  --out "$output" \
  --shard auto ${WORDFIT_SHARDS:+--shard-count "$WORDFIT_SHARDS"} \
  "${resume[@]}" \
  --manifest "${output}/manifest.jsonl" \
  --jobs "${SLURM_CPUS_PER_TASK:-2}" \
  --progress \
  "$@"
