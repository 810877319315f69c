"""What the scripts that compare WordFit with Chromium share (balance-vs-chromium.py,
lineheight-vs-chromium.py, trim-vs-chromium.py): the @font-face rules for the font files a set
of cases draws with, and a page run in headless Chromium whose script leaves its result as JSON
in <body data-result>."""

import html
import json
import os
import subprocess


def font_faces(cases):
    """(`@font-face` CSS, file → family) for each case's `file`, in first-seen order."""
    families = {}
    for case in cases:
        families.setdefault(case["file"], f"F{len(families)}")
    return "".join(f'@font-face {{ font-family: {f}; src: url("file://{p}"); }}' for p, f in families.items()), families


def variation_settings(variations):
    """`wght=650,wdth=90` as font-variation-settings' value."""
    axes = ", ".join(f'"{a.split("=")[0]}" {a.split("=")[1]}' for a in variations.split(",") if "=" in a)
    return axes or "normal"


def result(path):
    """The JSON the page at `path` leaves in <body data-result> once its fonts load.

    The system's fontconfig, not a private one a caller exported (scripts/browser-test.sh exports
    the tests'): that has no rendering settings, so Chromium hinted the fonts and rounded advances
    to whole pixels, while WordFit measures unhinted. The fonts themselves come from the page's
    @font-face files either way."""
    environment = {key: value for key, value in os.environ.items() if key != "FONTCONFIG_FILE"}
    dom = subprocess.run(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom", "file://" + path],
        check=True, capture_output=True, text=True, env=environment).stdout
    start = dom.index('data-result="') + len('data-result="')
    return json.loads(html.unescape(dom[start:dom.index('"', start)]))


def phrases(root):
    """The phrases of Fixtures/balance/phrases.txt under `root`, comments left out."""
    with open(os.path.join(root, "Fixtures", "balance", "phrases.txt"), encoding="utf-8") as handle:
        return [line.strip() for line in handle if line.strip() and not line.startswith("#")]


def run(page):
    """`page` (HTML) written to a temporary file and run: its result (``result``)."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as handle:
        handle.write(page)
    try:
        return result(handle.name)
    finally:
        os.unlink(handle.name)
