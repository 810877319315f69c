#!/usr/bin/env python3
"""WordFit against the tools users would otherwise use, on the same badges, in one run.

    bash Benchmarks/run.sh [--runs 3] [--imagemagick-rows 500] [--skip-100k]

Work: names-10k.csv, 45mm canvas (396x484), DejaVu Sans Bold from Fonts/, max 72 px, insets
8 px, white on black, left-aligned, block centred vertically, 8-bit grey PNG, one file per name.
Every command runs as a whole process: one warm-up, then --runs counted runs; medians are
reported, and WordFit's ratios are taken against peers measured in the same run.
Writes Benchmarks/RESULTS.md (the table, the bar, the machine) and prints the table.
"""
import argparse
import csv
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT = os.path.join(ROOT, "Fonts", "DejaVuSans-Bold.ttf")
WORDFIT = os.path.join(ROOT, ".build", "release", "wordfit")
BENCH = os.path.join(ROOT, ".build", "release", "wordfit-bench")
PILLOW = os.path.join(ROOT, "Benchmarks", "peers", "pillow_badges.py")
MAX_SIZE, INSET, WIDTH, HEIGHT = 72, 8, 396, 484


def run(command, cwd=None):
    """Runs a command; returns (wall seconds, peak RSS in MiB of the largest process)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if process.returncode != 0:
        raise SystemExit(f"failed ({process.returncode}): {' '.join(command)}\n{error}")
    return wall, usage.ru_maxrss / 1024


def measure_interleaved(tools, runs):
    """One warm-up of each tool, then `runs` rounds running every tool once per round, so
    drift in the machine's speed hits all tools alike; medians per tool, and WordFit's ratio
    to each tool per round (median of the per-round ratios)."""
    walls = {name: [] for name, _, _, _ in tools}
    peaks = {name: [] for name, _, _, _ in tools}
    for round_index in range(runs + 1):
        for name, out, _, command in tools:
            # Each run writes into an empty folder, and earlier runs' files stay until the end:
            # deleting thousands of files just before a timed run makes the file system pay for
            # it during that run. sync() so no tool inherits another's pending writes.
            if os.path.exists(out):
                os.rename(out, f"{out}-{round_index}-{time.monotonic_ns()}")
            os.makedirs(out)
            os.sync()
            wall, peak = run(command)
            label = "warm-up" if round_index == 0 else f"round {round_index}"
            print(f"  {label}: {name}: {wall:.2f} s, {peak:.1f} MiB", flush=True)
            if round_index > 0:
                walls[name].append(wall)
                peaks[name].append(peak)
    results = []
    first_name, _, first_images, _ = tools[0]
    for name, _, images, _ in tools:
        wall = statistics.median(walls[name])
        ratios = [(first_images / a) / (images / b) for a, b in zip(walls[first_name], walls[name])]
        results.append({"name": name, "images": images, "wall": wall, "walls": walls[name], "rate": images / wall,
                        "peak": statistics.median(peaks[name]), "ratio": statistics.median(ratios)})
    return results


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)


def quality(directory, log):
    out = subprocess.run([BENCH, "quality", "--dir", directory, "--log", log, "--max", str(MAX_SIZE),
                          "--insets", str(INSET)], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def imagemagick_ok():
    convert = shutil.which("convert")
    if not convert:
        return False
    version = subprocess.run([convert, "-version"], capture_output=True, text=True).stdout
    return "ImageMagick" in version


def setup_peers():
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("setting up Pillow (pip install pillow)", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pillow"], check=True)
    if not imagemagick_ok():
        print("setting up ImageMagick (apt-get install imagemagick)", flush=True)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "imagemagick"], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if not imagemagick_ok():
            raise SystemExit("the 'convert' on PATH is not ImageMagick; put ImageMagick's first")


def imagemagick_commands(rows, out, chunk=250):
    """`convert` commands, each rendering `chunk` names with label: auto-fit."""
    commands = []
    for start in range(0, len(rows), chunk):
        command = ["convert", "-background", "black", "-fill", "white", "-font", FONT, "-gravity", "West"]
        for ident, text in rows[start:start + chunk]:
            label = "\\n".join(text.replace("\\", "\\\\").replace("%", "%%").split())
            command += ["(", "-size", f"{WIDTH - 2 * INSET}x{HEIGHT - 2 * INSET}", f"label:{label}", ")"]
        command += ["-bordercolor", "black", "-border", str(INSET), "-depth", "8", "-define", "png:color-type=0",
                    "-scene", str(start), "+adjoin", os.path.join(out, "im-%05d.png")]
        commands.append(command)
    return commands


def machine():
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "?"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), {memory} RAM, {platform.system()} {platform.release()}"


def versions():
    import PIL
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    magick = subprocess.run(["convert", "-version"], capture_output=True, text=True).stdout.splitlines()[0]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    libs = []
    for name in ["freetype2", "harfbuzz", "fribidi", "libpng", "libdeflate"]:
        version = subprocess.run(["pkg-config", "--modversion", name], capture_output=True, text=True).stdout.strip()
        libs.append(f"{name} {version}")
    from PIL import features
    raqm = f"raqm {features.version('raqm')}, HarfBuzz {features.version('harfbuzz')}"
    return f"WordFit {commit}; {swift}; {', '.join(libs)}; Pillow {PIL.__version__} ({raqm}); {magick}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--names", default=os.path.join(ROOT, "..", "shared", "data", "names-10k.csv"))
    parser.add_argument("--imagemagick-rows", type=int, default=500)
    parser.add_argument("--skip-100k", action="store_true")
    parser.add_argument("--results", default=os.path.join(ROOT, "Benchmarks", "RESULTS.md"))
    parser.add_argument("--fallback-only", action="store_true",
                        help="run only the fallback benchmark (names-intl-1k, default setup) and update its section")
    args = parser.parse_args()
    if args.runs < 3:
        raise SystemExit("--runs must be at least 3 (medians of 3 or more)")
    if args.fallback_only:
        setup_peers()
        work = tempfile.mkdtemp(prefix="wordfit-bench-")
        section = fallback_comparison(args, work)
        replace_section(args.results, "fallback", section)
        print(section)
        shutil.rmtree(work, ignore_errors=True)
        return
    names = os.path.abspath(args.names)
    if not os.path.exists(names):
        raise SystemExit(f"{names} not found; pass --names")
    setup_peers()
    with open(names, newline="", encoding="utf-8-sig") as handle:
        rows = [(r["id"], r["name"]) for r in csv.DictReader(handle)]
    count = len(rows)
    work = tempfile.mkdtemp(prefix="wordfit-bench-")
    print(f"work folder {work}; {count} names; {args.runs} runs after a warm-up", flush=True)
    layout = ["--canvas", "45mm", "--font", FONT, "--max-size", str(MAX_SIZE), "--insets", str(INSET),
              "--fg", "white", "--bg", "black", "--align", "leading", "--valign", "center"]

    wf_out = os.path.join(work, "wordfit")
    pb_out = os.path.join(work, "pillow")
    pb2_out = os.path.join(work, "pillow2")
    im_out = os.path.join(work, "imagemagick")
    subset = rows[: args.imagemagick_rows]
    im_commands = imagemagick_commands(subset, im_out)
    script = os.path.join(work, "imagemagick.sh")
    with open(script, "w") as handle:
        handle.write("set -e\n")
        for command in im_commands:
            handle.write(" ".join("'" + part.replace("'", "'\\''") + "'" for part in command) + "\n")
    shm = tempfile.mkdtemp(prefix="wordfit-bench-", dir="/dev/shm") if os.path.isdir("/dev/shm") else work
    wf_shm = os.path.join(shm, "wordfit")
    raqm_out = os.path.join(work, "raqm")
    raqm2_out = os.path.join(work, "raqm2")
    tools = [
        ("WordFit batch, --jobs 2", wf_out, count,
         [WORDFIT, "batch", names, "--out", wf_out, "--jobs", "2", "--quiet", "--manifest",
          os.path.join(work, "wordfit.jsonl")] + layout),
        ("Pillow RAQM (HarfBuzz + FriBidi), 1 process", raqm_out, count,
         [sys.executable, PILLOW, names, raqm_out, "--font", FONT, "--layout", "raqm", "--log",
          os.path.join(work, "raqm.jsonl")]),
        ("Pillow RAQM, 2 processes", raqm2_out, count,
         [sys.executable, PILLOW, names, raqm2_out, "--font", FONT, "--layout", "raqm", "--jobs", "2"]),
        ("Pillow BASIC (no shaping), 1 process", pb_out, count,
         [sys.executable, PILLOW, names, pb_out, "--font", FONT, "--log", os.path.join(work, "pillow.jsonl")]),
        ("Pillow BASIC, 2 processes", pb2_out, count,
         [sys.executable, PILLOW, names, pb2_out, "--font", FONT, "--jobs", "2"]),
        (f"ImageMagick label: auto-fit ({len(subset)} names, {len(im_commands)} converts)", im_out, len(subset),
         ["bash", script]),
        ("WordFit batch, --jobs 2, output on tmpfs", wf_shm, count,
         [WORDFIT, "batch", names, "--out", wf_shm, "--jobs", "2", "--quiet"] + layout),
    ]
    results = measure_interleaved(tools, args.runs)
    shutil.rmtree(shm, ignore_errors=True)
    results[0]["quality"] = quality(wf_out, os.path.join(work, "wordfit.jsonl"))
    results[1]["quality"] = quality(raqm_out, os.path.join(work, "raqm.jsonl"))
    results[2]["quality"] = results[1]["quality"]
    results[3]["quality"] = quality(pb_out, os.path.join(work, "pillow.jsonl"))
    results[4]["quality"] = results[3]["quality"]
    results[6]["quality"] = results[0]["quality"]
    im_log = os.path.join(work, "imagemagick.jsonl")
    with open(im_log, "w", encoding="utf-8") as log:
        for index, (_, text) in enumerate(subset):
            label = "\\n".join(text.replace("\\", "\\\\").replace("%", "%%").split())
            size = subprocess.run(["convert", "-font", FONT, "-size", f"{WIDTH - 2 * INSET}x{HEIGHT - 2 * INSET}",
                                   f"label:{label}", "-format", "%[label:pointsize]", "info:"],
                                  capture_output=True, text=True).stdout.strip()
            log.write(json.dumps({"text": text, "size": float(size or 0), "file": f"im-{index:05d}.png"},
                                 ensure_ascii=False) + "\n")
    results[5]["quality"] = quality(im_out, im_log)
    intl = intl_comparison(args, work)

    floors = json.loads(subprocess.run([BENCH, "floors", names, "--jobs", "2"], check=True, capture_output=True,
                                       text=True).stdout)

    big = None
    if not args.skip_100k:
        hundred = os.path.join(work, "names-100k.csv")
        with open(hundred, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name", "role"])
            for copy in range(10):
                for ident, text in rows:
                    writer.writerow([f"{ident}-{copy}", text, "Attendee"])
        big_out = os.path.join(work, "wordfit100k")
        fresh(big_out)
        wall, peak = run([WORDFIT, "batch", hundred, "--out", big_out, "--jobs", "2", "--quiet"] + layout)
        big = {"images": count * 10, "wall": wall, "peak": peak}
        print(f"  WordFit batch, 100k rows: {wall:.1f} s, {peak:.1f} MiB", flush=True)

    write_results(args, results, floors, big, count, intl)
    shutil.rmtree(work, ignore_errors=True)


NOTO = "/usr/share/fonts/truetype/noto"
SCRIPT_FONTS = {
    "Latin": "NotoSans-Bold.ttf", "Cyrillic": "NotoSans-Bold.ttf", "Greek": "NotoSans-Bold.ttf",
    "Arabic": "NotoSansArabic-Bold.ttf", "Hebrew": "NotoSansHebrew-Bold.ttf", "Devanagari": "NotoSansDevanagari-Bold.ttf",
    "Bengali": "NotoSansBengali-Bold.ttf", "Tamil": "NotoSansTamil-Bold.ttf", "Thai": "NotoSansThai-Bold.ttf",
    "Armenian": "NotoSansArmenian-Bold.ttf", "Georgian": "NotoSansGeorgian-Bold.ttf",
}


def intl_comparison(args, work):
    """names-intl-1k in the scripts whose Noto font is installed: WordFit (one batch per script,
    each with that script's Noto font, in one shell script) against Pillow RAQM given the same
    font per row (Pillow has no fallback). Both shape; rates are per image, 3 rounds, medians."""
    source = os.path.join(ROOT, "..", "shared", "data", "names-intl-1k.csv")
    if not os.path.exists(source) or not os.path.isdir(NOTO):
        return None
    with open(source, newline="", encoding="utf-8-sig") as handle:
        rows = [r for r in csv.DictReader(handle) if r.get("script") in SCRIPT_FONTS
                and os.path.exists(os.path.join(NOTO, SCRIPT_FONTS[r["script"]]))]
    folder = os.path.join(work, "intl")
    os.makedirs(folder)
    groups = {}
    for row in rows:
        groups.setdefault(row["script"], []).append(row)
    script = os.path.join(work, "wordfit-intl.sh")
    with open(script, "w") as shell:
        shell.write("set -e\nout=$1\n")
        for name, members in groups.items():
            path = os.path.join(folder, f"{name}.csv")
            with open(path, "w", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=["id", "name", "role", "script"])
                writer.writeheader()
                writer.writerows(members)
            shell.write(f"'{WORDFIT}' batch '{path}' --out \"$out\" --jobs 2 --quiet --font '{NOTO}/{SCRIPT_FONTS[name]}' "
                        f"--canvas 45mm --max-size {MAX_SIZE} --insets {INSET}\n")
    everything = os.path.join(folder, "all.csv")
    with open(everything, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=["id", "name", "role", "script"])
        writer.writeheader()
        writer.writerows(rows)
    mapping = ",".join(f"{name}={NOTO}/{font}" for name, font in SCRIPT_FONTS.items())
    tools = [
        ("WordFit batch, --jobs 2 (one batch per script)", os.path.join(work, "intl-wf"), len(rows),
         ["bash", script, os.path.join(work, "intl-wf")]),
        ("Pillow RAQM, 1 process", os.path.join(work, "intl-raqm"), len(rows),
         [sys.executable, PILLOW, everything, os.path.join(work, "intl-raqm"), "--font", FONT, "--layout", "raqm",
          "--font-by-script", mapping]),
    ]
    results = measure_interleaved(tools, args.runs)
    return {"rows": len(rows), "scripts": sorted(groups), "results": results}


CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
EMOJI_FONT = os.path.join(NOTO, "NotoColorEmoji.ttf")


def fallback_comparison(args, work):
    """names-intl-1k, all 14 scripts, 5% with an emoji: WordFit with its defaults (the bundled
    DejaVu Sans Bold and automatic fallback through the machine's fontconfig) against Pillow
    RAQM given the Noto font of each name's script (it has no fallback, so its emoji are boxes).
    Checks WordFit's output: no missing glyph (manifest), every PNG's ink inside the insets."""
    source = os.path.join(ROOT, "..", "shared", "data", "names-intl-1k.csv")
    with open(source, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    fonts = dict(SCRIPT_FONTS)
    mapping = ",".join([f"{name}={NOTO}/{font}" for name, font in fonts.items()]
                       + [f"{name}={CJK}" for name in ("Han", "Hangul", "Japanese")])
    manifest = os.path.join(work, "fallback.jsonl")
    out = os.path.join(work, "fallback-wf")
    tools = [
        ("WordFit batch, bundled DejaVu Sans + automatic fallback, --jobs 2", out, len(rows),
         [WORDFIT, "batch", source, "--out", out, "--jobs", "2", "--quiet", "--manifest", manifest, "--font", "dejavu",
          "--canvas", "45mm", "--max-size", str(MAX_SIZE), "--insets", str(INSET)]),
        ("Pillow RAQM, 1 process, a Noto font per script", os.path.join(work, "fallback-raqm"), len(rows),
         [sys.executable, PILLOW, source, os.path.join(work, "fallback-raqm"), "--font", FONT, "--layout", "raqm",
          "--font-by-script", mapping]),
    ]
    results = measure_interleaved(tools, args.runs)
    with open(manifest, encoding="utf-8") as handle:
        reports = [json.loads(line) for line in handle if line.strip()]
    missing = [r for r in reports if any("no glyph" in w for w in r.get("warnings", []))]
    written = [r for r in reports if r.get("status") == "written"]
    outside = 0
    emoji_rows = 0
    from PIL import Image
    for report in written:
        image = Image.open(os.path.join(out, report["file"]))
        if image.mode != "L":
            emoji_rows += 1
        box = image.convert("L").point(lambda v: 255 if v else 0).getbbox()
        if box and (box[0] < INSET or box[1] < INSET or box[2] > WIDTH - INSET or box[3] > HEIGHT - INSET):
            outside += 1
    wf, raqm = results
    lines = ["## Fallback: names-intl-1k with the default setup", "",
             f"{len(rows)} names in 14 scripts (5% with an emoji), 45mm, max {MAX_SIZE} px, insets {INSET}; "
             f"{args.runs} rounds after a warm-up, medians. WordFit runs with the bundled DejaVu Sans "
             "Bold (--font dejavu, the peers' font) and automatic fallback (fontconfig over fonts-noto-core, fonts-noto-cjk, "
             "fonts-noto-color-emoji). Pillow RAQM is given the Noto font of each name's script "
             "(Noto Sans CJK for Han, Hangul and Japanese); it has no fallback, so its emoji are boxes.", "",
             "| tool | images/s | peak RSS (MiB) | WordFit ÷ tool |", "|---|---:|---:|---:|"]
    for result in results:
        shown = "–" if result is wf else f"{result['ratio']:.2f}×"
        lines.append(f"| {result['name']} | {result['rate']:.0f} | {result['peak']:.1f} | {shown} |")
    lines += ["", "| bar | measured | met |", "|---|---:|:---:|",
              f"| rows with a missing glyph = 0 | {len(missing)} | {'yes' if not missing else 'NO'} |",
              f"| PNGs with ink outside the insets = 0 | {outside} of {len(written)} | {'yes' if not outside else 'NO'} |",
              f"| throughput ≥ 3× Pillow RAQM, 1 process | {raqm['ratio']:.2f} | {'yes' if raqm['ratio'] >= 3 else 'NO'} |",
              f"| peak RSS ≤ 96 MB | {wf['peak']:.1f} MiB | {'yes' if wf['peak'] * 1.048576 <= 96 else 'NO'} |",
              "", f"{emoji_rows} of WordFit's PNGs are RGB (an emoji drawn in colour); the rest stay 8-bit grey.",
              f"Machine: {machine()}; run {datetime.date.today().isoformat()}.", ""]
    return "\n".join(lines)


def replace_section(path, name, section):
    """Puts `section` between <!-- name --> markers in the results file (appended the first time)."""
    begin, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    block = f"{begin}\n{section}\n{end}"
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def write_results(args, results, floors, big, count, intl=None):
    wordfit = results[0]
    lines = []
    lines.append("| tool | images/s | ms/image | peak RSS (MiB) | mean bytes/PNG | WordFit ÷ tool | clipped | above cap | 1 px larger fits |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for result in results:
        q = result["quality"]
        ratio = result["ratio"]
        lines.append(
            f"| {result['name']} | {result['rate']:.0f} | {1000 / result['rate']:.2f} | {result['peak']:.1f} | "
            f"{q['meanBytes']:.0f} | {'–' if result is wordfit else f'{ratio:.2f}×'} | {q['clipped']} | "
            f"{q['aboveCap']} | {q['largerFits']} |")
    enc, fit_raster, both = floors["encodePerSecond"], floors["fitRasterPerSecond"], floors["renderEncodePerSecond"]
    lines.append("")
    lines.append("WordFit's own floors, in one process, 2 threads, no file I/O:")
    lines.append("")
    lines.append("| floor | images/s | ms/image (per core) |")
    lines.append("|---|---:|---:|")
    for name, rate in [("PNG encode only (pre-rendered canvases)", enc), ("fit + raster only (no encode)", fit_raster),
                       ("fit + raster + encode", both)]:
        lines.append(f"| {name} | {rate:.0f} | {2000 / rate:.3f} |")

    raqm1, raqm2, basic1, magick, tmpfs = results[1], results[2], results[3], results[5], results[6]
    bars = [
        ("throughput ≥ 5× Pillow RAQM, 1 process", raqm1["ratio"], 5, True),
        ("throughput ≥ 2.5× Pillow RAQM, 2 processes", raqm2["ratio"], 2.5, True),
        ("throughput ≥ 3.5× Pillow BASIC, 1 process", basic1["ratio"], 3.5, True),
        ("throughput ≥ 30× ImageMagick", magick["ratio"], 30, True),
        ("mean PNG bytes ≤ 1.05× Pillow's", wordfit["quality"]["meanBytes"] / basic1["quality"]["meanBytes"], 1.05,
         False),
        ("fit + shape + raster ≤ 0.10 ms per badge per core", 2000 / fit_raster, 0.10, False),
        ("per-image time on tmpfs ≤ 1.3× the encode-only floor", enc / tmpfs["rate"], 1.3, False),
        ("images clipped", wordfit["quality"]["clipped"], 0, False),
        ("images above the cap", wordfit["quality"]["aboveCap"], 0, False),
        ("images where 1 px larger fits", wordfit["quality"]["largerFits"], 0, False),
        ("peak RSS ≤ 64 MiB at 10k rows", wordfit["peak"], 64, False),
    ]
    lines.append("")
    lines.append("| bar | measured | met |")
    lines.append("|---|---:|:---:|")
    for name, value, limit, higher in bars:
        met = value >= limit if higher else value <= limit
        shown = f"{value:.2f}" if isinstance(value, float) else str(value)
        lines.append(f"| {name} | {shown} | {'yes' if met else 'NO'} |")
    if big:
        lines.append("")
        lines.append(f"Memory at scale: WordFit batch on 100,000 rows (names-10k ×10): peak RSS {big['peak']:.1f} MiB "
                     f"vs {wordfit['peak']:.1f} MiB at 10,000 rows ({big['images'] / big['wall']:.0f} images/s).")
    if intl:
        lines.append("")
        lines.append(f"names-intl-1k, the {intl['rows']} names in scripts with an installed Noto font "
                     f"({', '.join(intl['scripts'])}), each tool given the Noto font of each name's script:")
        lines.append("")
        lines.append("| tool | images/s | WordFit ÷ tool |")
        lines.append("|---|---:|---:|")
        for result in intl["results"]:
            shown = "–" if result is intl["results"][0] else f"{result['ratio']:.2f}×"
            lines.append(f"| {result['name']} | {result['rate']:.0f} | {shown} |")
    table = "\n".join(lines)
    print("\n" + table)
    header = f"""## Latest run

{datetime.date.today().isoformat()} · {machine()}
{versions()}
Runs: one warm-up of each tool, then {args.runs} rounds running each tool once (interleaved, so drift hits all
alike); medians; "WordFit ÷ tool" is the median of the per-round throughput ratios. ImageMagick on the first
{args.imagemagick_rows} names (it is ~40× slower; its rate is per image).

"""
    marker = "<!-- results -->"
    previous = open(args.results, encoding="utf-8").read() if os.path.exists(args.results) else marker
    start = previous.find(marker)
    end = previous.find("<!-- /results -->")
    if start < 0:
        previous, start, end = previous + "\n" + marker, len(previous) + 1, -1
    block = f"{marker}\n{header}{table}\n<!-- /results -->"
    updated = previous[:start] + block + (previous[end + len("<!-- /results -->"):] if end >= 0 else "")
    with open(args.results, "w", encoding="utf-8") as handle:
        handle.write(updated)
    print(f"\nwrote {args.results}")


if __name__ == "__main__":
    main()
