#!/usr/bin/env python3
"""Issue 28's bars, in one run (whole processes, rounds interleaved after a warm-up, medians):

  * one archive (--out x.zip, x.tar) against loose files, on the project's own volume (the folder
    this runs in) and on tmpfs;
  * the loose-file batch on tmpfs against WordFit's in-process render + encode floor
    (wordfit-bench floors, same --jobs): in each round both are measured --pairs times,
    alternately, and the round's ratio is the fastest batch over the fastest floor (each side's
    best of its tries, so a moment of load elsewhere on a shared machine does not decide the
    ratio; one try each with --pairs 1, as before 2026-12-04); the bar takes the median round;
  * the loose-file batch on tmpfs against Pillow RAQM (one process, same font, also on tmpfs), and
    WordFit's fit + shape + raster per badge against Pillow's whole per-badge time;
  * peak RSS at 10k rows (and at --rows-big rows with x.tar and x.zip, names repeated).

Every WordFit run and the floor use one font, DejaVu Sans Bold (what the Pillow peer is given),
unless `--font system`: then the batches run with WordFit's default font (the system font or its
bundled stand-in) and the floor renders with it too; the Pillow bars are left out.

    python3 Benchmarks/archive.py [--runs 3] [--names NAMES.csv] [--jobs 2] [--rows-big 100000]
                                  [--font dejavu|system] [--pairs 3]

Needs release builds of wordfit and wordfit-bench (Benchmarks/archive.sh builds them)."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDFIT = os.path.join(ROOT, ".build/release/wordfit")
BENCH = os.path.join(ROOT, ".build/release/wordfit-bench")
PILLOW = os.path.join(ROOT, "Benchmarks", "peers", "pillow_badges.py")
FONT = os.path.join(ROOT, "Fonts", "DejaVuSans-Bold.ttf")


def run(command):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    error = process.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{error}")
    return wall, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--names", default=os.path.join(ROOT, "../shared/data/names-10k.csv"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--rows-big", type=int, default=100_000)
    parser.add_argument("--font", choices=["dejavu", "system"], default="dejavu")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    pillow = args.font == "dejavu"
    rows = sum(1 for _ in open(args.names, encoding="utf-8")) - 1
    volume = tempfile.mkdtemp(prefix=".archive-bench-", dir=ROOT)
    shm = tempfile.mkdtemp(prefix="archive-bench-", dir="/dev/shm")
    # The floor's layout (wordfit-bench floors: max 72 px, the bundled bold font, 45mm), so the
    # ratio compares the same work.
    env_jobs = ["--jobs", str(args.jobs), "-q", "--max-size", "72"] + (["--font", "dejavu"] if pillow else [])
    args.batch_flags = env_jobs
    tools = [
        ("loose files, project volume", os.path.join(volume, "loose"), True),
        ("x.zip, project volume", os.path.join(volume, "b.zip"), False),
        ("x.tar, project volume", os.path.join(volume, "b.tar"), False),
        ("loose files, tmpfs", os.path.join(shm, "loose"), True),
        ("x.zip, tmpfs", os.path.join(shm, "b.zip"), False),
        ("x.tar, tmpfs", os.path.join(shm, "b.tar"), False),
    ]
    walls = {name: [] for name, _, _ in tools}
    peaks = {name: [] for name, _, _ in tools}
    floors, fit_rasters, pillow_walls, per_badge_ratios, paired = [], [], [], [], []
    try:
        for round_index in range(args.runs + 1):
            for name, out, folder in tools:
                if os.path.exists(out):
                    os.rename(out, f"{out}-{round_index}-{time.monotonic_ns()}")
                os.sync()
                wall, peak = run([WORDFIT, "batch", args.names, "--out", out] + env_jobs)
                print(f"  {'warm-up' if round_index == 0 else f'round {round_index}'}: {name}: {wall:.2f} s, "
                      f"{peak:.1f} MiB", flush=True)
                if round_index:
                    walls[name].append(wall)
                    peaks[name].append(peak)
            if pillow:
                out = os.path.join(shm, "pillow")
                os.sync()
                wall, _ = run([sys.executable, PILLOW, args.names, out, "--font", FONT, "--layout", "raqm"])
                print(f"  {'warm-up' if round_index == 0 else f'round {round_index}'}: Pillow RAQM: {wall:.2f} s",
                      flush=True)
                if round_index:
                    pillow_walls.append(wall)
                    # Right after Pillow's one process, WordFit's fit + shape + raster on one thread.
                    single = json.loads(subprocess.run([BENCH, "floors", args.names, "--jobs", "1"], check=True,
                                                       capture_output=True, text=True).stdout)
                    per_badge_ratios.append((1000 / single["fitRasterPerSecond"]) / (1000 * wall / rows))
                    print(f"  round {round_index}: fit + raster, 1 thread: {single['fitRasterPerSecond']:.0f}/s",
                          flush=True)
            if round_index:
                font = [] if pillow else ["--font", "system"]
                floor = json.loads(subprocess.run([BENCH, "floors", args.names, "--jobs", str(args.jobs)] + font,
                                                  check=True, capture_output=True, text=True).stdout)
                floors.append(floor["renderEncodePerSecond"])
                fit_rasters.append(floor["fitRasterPerSecond"])
                print(f"  round {round_index}: floor render + encode: {floor['renderEncodePerSecond']:.0f}/s, "
                      f"fit + raster {floor['fitRasterPerSecond']:.0f}/s", flush=True)
                best_floor, best_loose = floor["renderEncodePerSecond"], walls["loose files, tmpfs"][-1]
                loose_out = os.path.join(shm, "loose")
                for _ in range(args.pairs - 1):
                    shutil.rmtree(loose_out, ignore_errors=True)
                    os.sync()
                    best_loose = min(best_loose, run([WORDFIT, "batch", args.names, "--out", loose_out] + env_jobs)[0])
                    again = json.loads(subprocess.run([BENCH, "floors", args.names, "--jobs", str(args.jobs)] + font,
                                                      check=True, capture_output=True, text=True).stdout)
                    best_floor = max(best_floor, again["renderEncodePerSecond"])
                paired.append(best_floor * best_loose / rows)
                print(f"  round {round_index}: best of {args.pairs}: loose tmpfs {best_loose:.2f} s, floor "
                      f"{best_floor:.0f}/s: {paired[-1]:.3f}", flush=True)
            # Loose files from earlier rounds are deleted between rounds, outside any timing.
            for folder in (volume, shm):
                for entry in os.listdir(folder):
                    path = os.path.join(folder, entry)
                    shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        rate = {name: rows / statistics.median(walls[name]) for name in walls}
        peak = {name: statistics.median(peaks[name]) for name in peaks}
        floor = statistics.median(floors)
        # Per core: each of the floor's --jobs threads renders one badge in jobs / rate seconds.
        fit_raster_ms = 1000 * args.jobs / statistics.median(fit_rasters)
        pillow_ms = 1000 * statistics.median(pillow_walls) / rows if pillow else None
        # The per-badge bar compares one thread with Pillow's one process, round by round.
        per_badge = statistics.median(per_badge_ratios) if pillow else None
        # Each round's loose batch against that round's floor, to show how noisy the machine is.
        rounds = [floors[i] * walls["loose files, tmpfs"][i] / rows for i in range(args.runs)]
        print("  loose batch on tmpfs ÷ floor, by round, first try each: " + ", ".join(f"{r:.2f}" for r in rounds),
              flush=True)
        print(f"  loose batch on tmpfs ÷ floor, by round, best of {args.pairs} each: "
              + ", ".join(f"{r:.3f}" for r in paired)
              + f" ({sum(r <= 1.25 for r in paired)} of {len(paired)} rounds within 1.25)", flush=True)
        big = big_rows(args, shm) if args.rows_big else {}
    finally:
        shutil.rmtree(volume, ignore_errors=True)
        shutil.rmtree(shm, ignore_errors=True)
    report(args, rows, rate, peak, floor, big, fit_raster_ms, pillow_ms, per_badge, statistics.median(paired))


def big_rows(args, shm):
    """Peak RSS with --rows-big rows (the names repeated), to x.tar and x.zip on tmpfs."""
    source = os.path.join(shm, "big.csv")
    with open(args.names, encoding="utf-8") as handle:
        header, *lines = handle.read().splitlines()
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(header + "\n")
        for index in range(args.rows_big):
            line = lines[index % len(lines)]
            handle.write(line.replace(",", f"-{index},", 1) + "\n" if "," in line else line + "\n")
    result = {}
    for name in ("b.tar", "b.zip"):
        out = os.path.join(shm, name)
        wall, peak = run([WORDFIT, "batch", source, "--out", out] + args.batch_flags)
        result[name] = (wall, peak, os.path.getsize(out))
        os.remove(out)
        print(f"  {args.rows_big} rows to {name}: {wall:.1f} s, {peak:.1f} MiB", flush=True)
    return result


def report(args, rows, rate, peak, floor, big, fit_raster_ms, pillow_ms, per_badge, paired):
    loose_volume, zip_volume = rate["loose files, project volume"], rate["x.zip, project volume"]
    print()
    print(f"| output ({rows} badges, --jobs {args.jobs}) | badges/s | peak RSS (MiB) |")
    print("|---|---:|---:|")
    for name in rate:
        print(f"| {name} | {rate[name]:.0f} | {peak[name]:.1f} |")
    print(f"| floor: in-process render + encode, no I/O | {floor:.0f} | – |")
    if pillow_ms:
        print(f"| Pillow RAQM, 1 process, tmpfs | {1000 / pillow_ms:.0f} | – |")
    print()
    print(f"Fit + shape + raster (the floor's, per core of {args.jobs}): {fit_raster_ms:.3f} ms a badge"
          + (f"; Pillow RAQM's whole badge: {pillow_ms:.3f} ms; one WordFit thread ÷ Pillow's one process, "
             f"median of the rounds: {per_badge:.3f}." if pillow_ms else "."))
    print()
    checks = [
        ("x.zip ≥ 3× loose files on the project volume", zip_volume / loose_volume, ">=", 3),
        ("x.zip on the project volume within 1.3× of x.zip on tmpfs", rate["x.zip, tmpfs"] / zip_volume, "<=", 1.3),
        (f"loose batch on tmpfs ≤ 1.25× the render + encode floor (median round, best of {args.pairs})", paired, "<=",
         1.25),
        ("peak RSS ≤ 64 MB at 10k rows (loose, tmpfs)", peak["loose files, tmpfs"] * 1.048576, "<=", 64),
    ]
    if pillow_ms:
        checks += [
            ("loose batch on tmpfs ≥ 8× Pillow RAQM, 1 process", rate["loose files, tmpfs"] * pillow_ms / 1000, ">=", 8),
            ("fit + shape + raster ≤ 0.08× Pillow RAQM's badge (one thread ÷ one process)", per_badge, "<=", 0.08),
        ]
    for name, (wall, rss, size) in big.items():
        checks.append((f"peak RSS ≤ 72 MB at {args.rows_big} rows, --out {name}", rss * 1.048576, "<=", 72))
    print("| bar | measured | met |")
    print("|---|---:|---|")
    for name, value, op, bar in checks:
        met = value >= bar if op == ">=" else value <= bar
        print(f"| {name} | {value:.2f} | {'yes' if met else 'NO'} |")


if __name__ == "__main__":
    main()
