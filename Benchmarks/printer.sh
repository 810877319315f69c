#!/usr/bin/env bash
# Issue 42's desk latency: a badge row to printer bytes, in process (wordfit-bench printer: warm,
# one renderer kept; cold, fonts opened again) and as one `wordfit render --template … --printer
# zpl` process (median wall time of RUNS runs, writing to /dev/null). Bars: ≤ 5 ms in process,
# ≤ 50 ms a process.
#
#   bash Benchmarks/printer.sh [RUNS]     (release builds of wordfit and wordfit-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
# The fonts a user gets (the system fontconfig), unless FONTCONFIG_FILE says otherwise.
swift build -c release --static-swift-stdlib --product wordfit >/dev/null
swift build -c release --static-swift-stdlib --product wordfit-bench >/dev/null
.build/release/wordfit-bench printer
.build/release/wordfit-bench printer --template Fixtures/printers/ql-62x100.template.json \
  --printer brother-ql:QL-820NWB:62x100
python3 - "$runs" <<'PY'
import statistics, subprocess, sys, time
runs = int(sys.argv[1])
export = [".build/release/wordfit", "render", "--template", "Fixtures/badges/export/export.template.json",
          "--row", "attendee name: given name=Ada", "--row", "attendee name: family name=Lovelace",
          "--row", "company=Analytical Engines", "--row", "ticket secret=abc123", "--row", "product=Speaker",
          "--row", "photo=", "--printer", "zpl", "-o", "/dev/null"]
brother = [".build/release/wordfit", "render", "--template", "Fixtures/printers/ql-62x100.template.json",
           "--row", "given=Ada", "--row", "family=Lovelace", "--row", "company=Analytical Engines",
           "--row", "role=Speaker", "--row", "ticket_secret=abc123", "--printer", "brother-ql:QL-820NWB:62x100",
           "-o", "/dev/null"]
walls = {"zpl (the export's badge, Noto Sans)": [], "brother-ql:QL-820NWB:62x100 (the default font)": []}
for round_index in range(runs + 1):  # interleaved, after a warm-up round
    for (name, times), command in zip(walls.items(), (export, brother)):
        start = time.perf_counter()
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
        if round_index:
            times.append((time.perf_counter() - start) * 1000)
for name, times in walls.items():
    median = statistics.median(times)
    print(f"one wordfit render --printer {name} process: median {median:.1f} ms of {runs} "
          f"(min {min(times):.1f}); bar 50 ms: {'met' if median <= 50 else 'NOT met'}")
PY
