#!/usr/bin/env bash
# Render a large badge list on N Slurm array tasks.
#
# Task SLURM_ARRAY_TASK_ID = 0 … N-1 renders the rows whose 0-based index ≡ task (mod N);
# the union of the tasks' output is exactly what one unsharded run writes, byte for byte.
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
# size, since a one-task array does not know it:
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
    --out | --out=* | --shard | --shard=* | --manifest | --manifest=*)
      echo "docs/slurm-array.sh sets ${option%%=*} itself (OUTPUT_DIR, the array task, manifest-N.jsonl); leave it out" >&2
      exit 64
      ;;
    --pdf | --pdf=* | --sheet | --sheet=*) resume=() ;;
  esac
done
count=${WORDFIT_SHARDS:-${SLURM_ARRAY_TASK_COUNT:?run this as an array job: sbatch --array=0-7 ...}}
index=${SLURM_ARRAY_TASK_ID:?run this as an array job}
# Both are whole numbers before any arithmetic: $(( )) would evaluate an array subscript, and
# with it any command substitution, inside a value taken from the environment.
for value in "$count" "$index"; do
  case $value in
    '' | *[!0-9]*)
      echo "shard count and index must be whole numbers (got '$count' and '$index')" >&2
      exit 64
      ;;
  esac
done
# Arrays must start at 0 (--array=0-7), as shards count from 0 (unless WORDFIT_SHARDS names the
# size of the array a rerun task belongs to).
if [ -z "${WORDFIT_SHARDS:-}" ] && [ "${SLURM_ARRAY_TASK_MIN:-0}" != 0 ]; then
  echo "use --array=0-$((count - 1)): shards count from 0" >&2
  exit 64
fi

wordfit=${WORDFIT_PREFIX:+$WORDFIT_PREFIX/bin/}wordfit
exec "$wordfit" batch "$input" \
  --out "$output" \
  --shard "${index}/${count}" \
  "${resume[@]}" \
  --manifest "${output}/manifest-${index}.jsonl" \
  --jobs "${SLURM_CPUS_PER_TASK:-2}" \
  --progress \
  "$@"
