#!/usr/bin/env bash
# Whole-process time of `wordfit render` for the seed text, median of N runs after a warm-up,
# next to `true` as a peer for process start-up on the same machine.
#   bash Benchmarks/render-seed.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$runs" "$out" <<'PY'
import statistics, subprocess, sys, time
runs, out = int(sys.argv[1]), sys.argv[2]
def timed(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000
render = timed([".build/release/wordfit", "render", "Aimée Bethany Charles", "-o", f"{out}/seed.png"])
baseline = timed(["/bin/true"])
print(f"wordfit render (seed, 45mm): {render:.1f} ms median of {runs}; /bin/true: {baseline:.1f} ms; ratio {render / baseline:.1f}x")
PY
.build/release/wordfit-bench phases "Aimée Bethany Charles" --iterations 200 2>/dev/null || swift run -c release --static-swift-stdlib wordfit-bench phases
