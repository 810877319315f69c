# Shared by Benchmarks/badges.sh and Benchmarks/wrap.sh (sourced): one timed batch run, and a
# Markdown table row of several. Needs $wordfit, $root (a scratch folder) and $count (rows).

# One timed run of `$wordfit ARGS --out $root/out`: prints "seconds peak-KiB".
run() {
  rm -rf "$root/out"
  /usr/bin/time -f "%e %M" -o "$root/time" "$wordfit" "$@" --out "$root/out" >/dev/null
  cat "$root/time"
}

# "name" then "seconds KiB" pairs → a table row with every wall time, the median rate, peak RSS.
row() {
  local name=$1
  shift
  printf '%s\n' "$@" | sort -n | awk -v name="$name" -v count="$count" '
    { wall[NR] = $1; rss = ($2 > rss ? $2 : rss); all = all (NR > 1 ? " / " : "") $1 }
    END { median = wall[int((NR + 1) / 2)]
          printf "| %s | %s | %.0f | %.1f |\n", name, all, count / median, rss / 1024 }'
}

# The median wall time of "seconds KiB" pairs.
median() { printf '%s\n' "$@" | awk '{ print $1 }' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
