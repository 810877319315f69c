#!/usr/bin/env python3
"""A check's review page in a real browser (headless Chromium over CDP): five cases whose goldens
are another render fail; Chromium opens `check --html`'s page, ticks two of the five, downloads
the accept list, and `wordfit check DIR --accept-from` must change exactly those two goldens (to
the renders the run left) and no other; an accept list naming a case that did not fail is
refused (65) before any golden changes.

    python3 scripts/check-review-browser-test.py WORDFIT

Run by scripts/browser-test.sh, with the CDP client of scripts/desk-browser-test.py."""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

desk_test = import_module("desk-browser-test")
DevTools = desk_test.DevTools
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def main():
    wordfit = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="wordfit-review-")
    env = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "Fixtures/fonts/fonts.conf"))
    cases = os.path.join(work, "cases")
    os.makedirs(cases)
    for i in range(1, 6):
        with open(os.path.join(cases, f"case{i}.json"), "w") as spec:
            json.dump({"text": f"Case {i}", "canvas": "45mm"}, spec)
        subprocess.run([wordfit, "render", f"Other {i}", "--canvas", "45mm", "-o", os.path.join(cases, f"case{i}.png")],
                       env=env, check=True, capture_output=True)
    before = {i: digest(os.path.join(cases, f"case{i}.png")) for i in range(1, 6)}
    artifacts = os.path.join(work, "artifacts")
    run = subprocess.run([wordfit, "check", cases, "--html", os.path.join(work, "report.html"), "--artifacts", artifacts],
                         env=env, capture_output=True, text=True)
    assert run.returncode == 1, run
    downloads = os.path.join(work, "downloads")
    os.makedirs(downloads)
    chromium, url = desk_test.start_chromium(work)
    try:
        browser = DevTools(url)
        browser.send("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads)
        target = browser.send("Target.createTarget", url="file://" + os.path.join(work, "report.html"))["targetId"]
        tab = DevTools(re.sub(r"/devtools/browser/.*", f"/devtools/page/{target}", url))
        tab.wait_for("document.readyState === 'complete' && document.querySelectorAll('input.accept').length === 5",
                     "five cases to tick")
        for name in ("case2.png", "case4.png"):
            tab.evaluate(f"(() => {{ const b = document.querySelector('input.accept[data-golden=\"{name}\"]');"
                         " b.click(); return true; })()")
        tab.wait_for("document.getElementById('ticked').textContent === '2'", "two ticked")
        # Zoom: a click on an image enlarges it.
        tab.evaluate("document.querySelector('figure img').click(); true")
        assert tab.evaluate("document.querySelector('figure img').classList.contains('zoom')")
        tab.evaluate("document.getElementById('download').click(); true")
        listed = os.path.join(downloads, "wordfit-accept.json")
        deadline = time.time() + 20
        while not os.path.exists(listed) and time.time() < deadline:
            time.sleep(0.1)
        assert os.path.exists(listed), os.listdir(downloads)
    finally:
        chromium.kill()
    accepted = json.load(open(listed))
    assert sorted(accepted["accept"]) == ["case2.png", "case4.png"], accepted
    assert os.path.realpath(accepted["artifacts"]) == os.path.realpath(artifacts), accepted
    # A list naming a case that did not fail is refused, and nothing changes.
    bad = os.path.join(work, "bad.json")
    json.dump({"artifacts": artifacts, "accept": ["case2.png", "case9.png"]}, open(bad, "w"))
    refused = subprocess.run([wordfit, "check", cases, "--accept-from", bad], env=env, capture_output=True, text=True)
    assert refused.returncode == 65 and "case9.png" in refused.stderr, refused
    assert all(digest(os.path.join(cases, f"case{i}.png")) == before[i] for i in range(1, 6))
    applied = subprocess.run([wordfit, "check", cases, "--accept-from", listed], env=env, capture_output=True, text=True)
    assert applied.returncode == 0, applied
    changed = sorted(i for i in range(1, 6) if digest(os.path.join(cases, f"case{i}.png")) != before[i])
    assert changed == [2, 4], changed
    for i in changed:
        assert digest(os.path.join(cases, f"case{i}.png")) == digest(os.path.join(artifacts, "__Goldens__", f"case{i}.png"))
    again = subprocess.run([wordfit, "check", cases, "--json"], env=env, capture_output=True, text=True)
    statuses = {c["name"]: c["status"] for c in json.loads(again.stdout)["cases"]}
    assert statuses == {f"case{i}.json": ("passed" if i in (2, 4) else "failed") for i in range(1, 6)}, statuses
    print("check-review-browser-test: Chromium ticked 2 of 5 failing cases and downloaded the list; "
          "--accept-from changed exactly those 2 goldens (a list naming a case that did not fail was refused)")


if __name__ == "__main__":
    main()
