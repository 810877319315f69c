#!/usr/bin/env python3
"""An independent port of Wear OS's list transformation, checked against `wordfit stack --scroll`.

Ported from androidx (Apache-2.0), read, not copied, from
  wear/compose/compose-material3/src/main/java/androidx/wear/compose/material3/lazy/
    ResponsiveTransformationSpec.kt  (smallScreen/largeScreen defaults, lerp between screen
                                      sizes, TransitionAreaProgress(scrollProgress), NoOp spec)
    TransitionAreaProgress.kt        (Top/Bottom encoding, compute(variable, easing))
    TransformationSpec.kt            (TransformationVariableSpec: zone 0..1, target 1)
and Compose's CubicBezierEasing(0.3, 0, 0.7, 1), solved here by Newton's method with a
bisection fallback (WordFit's Swift bisects). The placement — the item under the screen's
centre kept at its slot, items below measured downward with each one's transformed height,
items above upward, as TransformingLazyColumn measures from its anchor — is WordFit's model,
re-derived here from its description in the README.

For every case, every item at every position: scale, container and content alpha within 1e-4,
the transformed height and the top exactly. Usage: python3 scripts/list-scroll-port.py [WORDFIT]
"""
import json
import math
import os
import subprocess
import sys
import tempfile

SMALL = dict(size=192.0, min_el=0.2, max_el=0.6, min_ta=0.35, max_ta=0.55, scale=0.7, calpha=0.5, alpha=0.5)
LARGE = dict(size=240.0, min_el=0.15, max_el=0.45, min_ta=0.4, max_ta=0.6, scale=0.6, calpha=0.5, alpha=0.5)


def bezier_easing(fraction, x1=0.3, y1=0.0, x2=0.7, y2=1.0):
    if not (0.0 < fraction < 1.0):
        return fraction
    def coord(t, p1, p2):
        return 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3
    def slope(t, p1, p2):
        return 3 * (1 - t) ** 2 * p1 + 6 * (1 - t) * t * (p2 - p1) + 3 * t * t * (1 - p2)
    t = fraction
    for _ in range(20):
        error = coord(t, x1, x2) - fraction
        if abs(error) < 1e-12:
            break
        d = slope(t, x1, x2)
        if abs(d) < 1e-9:
            break
        t = min(max(t - error / d, 0.0), 1.0)
    if abs(coord(t, x1, x2) - fraction) > 1e-9:
        lo, hi = 0.0, 1.0
        while hi - lo > 1e-14:
            mid = (lo + hi) / 2
            if coord(mid, x1, x2) < fraction:
                lo = mid
            else:
                hi = mid
        t = (lo + hi) / 2
    return coord(t, y1, y2)


def spec_for(screen_dp):
    if screen_dp <= SMALL["size"]:
        return dict(SMALL)
    if screen_dp >= LARGE["size"]:
        return dict(LARGE)
    p = (screen_dp - SMALL["size"]) / (LARGE["size"] - SMALL["size"])
    return {k: SMALL[k] + (LARGE[k] - SMALL[k]) * p for k in SMALL}


def inverse_lerp(start, stop, value):
    return min(max((value - start) / (stop - start), 0.0), 1.0)


def transition_area_progress(spec, top_fraction, bottom_fraction):
    """TransitionAreaProgress(scrollProgress): the encoded float, -1..0 top, 0..1 bottom."""
    relative = bottom_fraction - top_fraction
    ratio = inverse_lerp(spec["min_el"], spec["max_el"], relative)
    line = min(spec["min_ta"] + (spec["max_ta"] - spec["min_ta"]) * ratio, (1 + relative) / 2)
    if bottom_fraction < 1 - top_fraction:
        return min(bottom_fraction / line - 1, 0.0)       # Top(progress)
    return max(1 - (1 - top_fraction) / line, 0.0)        # Bottom(progress)


def compute(encoded, edge):
    progress = encoded + 1 if encoded < 0 else 1 - encoded
    zone = progress  # transformationZoneEnter 0, Exit 1: inverseLerp(0, 1, p)
    return edge + (1 - edge) * bezier_easing(zone)


def state(spec, reduce_motion, top, height, screen):
    if reduce_motion:
        return 1.0, 1.0, 1.0, height
    encoded = transition_area_progress(spec, top / screen, (top + height) / screen)
    scale = compute(encoded, spec["scale"])
    return scale, compute(encoded, spec["calpha"]), compute(encoded, spec["alpha"]), math.ceil(scale * height)


TIES = [0]


def resolved(st, index, height, reported):
    """A transformed height exactly at an integer is a tie (ceil of scale × height, which the last
    bit of the easing decides, and androidx's Float differently again): the reported one is taken
    and counted."""
    product = st[0] * height
    if abs(product - round(product)) < 1e-6 and reported[index] in (round(product), round(product) + 1):
        TIES[0] += st[3] != reported[index]
        return st[:3] + (reported[index],)
    return st


def placements(spec, reduce_motion, heights, spacing, padding, screen, offset, reported):
    slots, y = [], padding - offset
    for h in heights:
        slots.append(y)
        y += h + spacing
    anchor = max([i for i, s in enumerate(slots) if s <= screen // 2], default=0)
    out = {}
    st = resolved(state(spec, reduce_motion, slots[anchor], heights[anchor], screen), anchor, heights[anchor], reported)
    out[anchor] = (slots[anchor], st)
    below = slots[anchor] + st[3] + spacing
    for i in range(anchor + 1, len(heights)):
        st = resolved(state(spec, reduce_motion, below, heights[i], screen), i, heights[i], reported)
        out[i] = (below, st)
        below += st[3] + spacing
    above = slots[anchor] - spacing
    for i in range(anchor - 1, -1, -1):
        st = resolved(state(spec, reduce_motion, above - heights[i], heights[i], screen), i, heights[i], reported)
        out[i] = (above - st[3], st)
        above -= st[3] + spacing
    return out


LABELS = ["Start workout", "Heart rate", "Settings and preferences", "Music", "Weather", "Timer",
          "Alarms", "Find my phone", "Stopwatch", "Start a new outdoor run", "Ja", "Battery saver"]


def cases():
    for canvas in ["wear-small", "wear-large", "420x420", "500x500"]:
        for count in [1, 6, 12]:
            for positions in [4, 9]:
                for reduce in [False, True]:
                    if reduce and positions != 4:
                        continue
                    args = ["--canvas", canvas, "--scroll", str(positions)]
                    if "x" in canvas:
                        args += ["--shape", "circle"]
                    if reduce:
                        args.append("--reduce-motion")
                    if count == 6:
                        args += ["--width", "fill"]
                    yield canvas, LABELS[:count], args, reduce


def main():
    wordfit = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/wordfit")
    checked, failures, worst = 0, [], 0.0
    with tempfile.TemporaryDirectory() as work:
        for canvas, labels, args, reduce in cases():
            command = [wordfit, "stack", *sum((["-l", l] for l in labels), []), *args, "--json", "-o",
                       os.path.join(work, "list.png")]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                failures.append(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
                continue
            report = json.loads(done.stdout)
            screen = report["height"]
            dp = screen / 2  # watch canvases and WxH alike: WordFit's round screens are 2 px a dp
            if "x" in canvas:
                dp = screen  # a WxH canvas is 1 px a point
            spec = spec_for(dp)
            for position in report["positions"]:
                items = sorted(position["items"], key=lambda i: i["index"])
                heights = [i["height"] for i in items]
                reported = [i["transformedHeight"] for i in items]
                expected = placements(spec, reduce, heights, report["spacing"], report["padding"], screen,
                                      position["offset"], reported)
                for item in items:
                    top, (scale, calpha, alpha, th) = expected[item["index"]]
                    deltas = [abs(scale - item["scale"]), abs(calpha - item["containerAlpha"]),
                              abs(alpha - item["contentAlpha"])]
                    worst = max(worst, *deltas)
                    checked += 1
                    if max(deltas) > 1e-4 or th != item["transformedHeight"] or top != item["top"]:
                        failures.append(
                            f"{' '.join(args)} offset {position['offset']} item {item['index']}: port "
                            f"top {top} h {th} scale {scale:.6f} alpha {alpha:.6f}; wordfit top {item['top']} "
                            f"h {item['transformedHeight']} scale {item['scale']:.6f} alpha {item['contentAlpha']:.6f}")
    for failure in failures[:20]:
        print("list-scroll-port:", failure, file=sys.stderr)
    print(f"list-scroll-port: {checked - len(failures)}/{checked} item placements equal the port "
          f"(scale and alpha within 1e-4, largest difference {worst:.2e}; heights and tops exact, "
          f"{TIES[0]} height{'s' if TIES[0] != 1 else ''} a tie at a whole pixel taken as reported)")
    sys.exit(1 if failures or checked == 0 else 0)


if __name__ == "__main__":
    main()
