#!/usr/bin/env python3
"""Runs every `wordfit` command of the README's shell examples against the build, so that the
examples stay true to the code.

    python3 scripts/readme-examples.py [WORDFIT]   (default: .build/debug/wordfit)

Each command of a ```sh block (continuation lines joined) runs in a scratch folder that holds
`docs/` and `Fixtures/` (links to the checkout's), the tests' private fontconfig, and the few
inputs the examples name as the reader's own (`films.txt`, `Localizable.xcstrings`, shards for
`merge-pdf` and `merge-archives`). The `# …` lines after a command are what it prints (`N` stands for a number), and
must be printed, as must the first line after a `$ wordfit …` transcript (`…` stands for
anything). Synopsis lines (`wordfit render [TEXT | -] [options]`) and output lines are not
commands. A command passes when it exits 0, or 1 for `--fail-on` (a check that found
problems). Prints one line per command and a total; exits 1 when any failed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLACEHOLDER = re.compile(r"\b(TEXT|FILE|DIR|CATALOG|COMMAND|EXPECTED|ACTUAL|INPUT|SEARCH|OUT)\b|\[options\]|…|\|")


def blocks(readme):
    """The README's fenced code blocks: (language, lines)."""
    found, language, lines = [], None, []
    for line in readme.split("\n"):
        if line.startswith("```"):
            if language is None:
                language, lines = line[3:].strip(), []
            else:
                found.append((language, lines))
                language = None
        elif language is not None:
            lines.append(line)
    return found


def commands(readme):
    """The README's example commands, each with the output the README shows for it: the lines
    of ```sh blocks that start with `wordfit` (continuation lines joined) and the `# …` lines
    right after one; and `$ wordfit …` transcripts in other blocks with the line after them."""
    found = []
    for language, lines in blocks(readme):
        index = 0
        while index < len(lines):
            line = lines[index].strip()
            while line.endswith("\\") and index + 1 < len(lines):
                index += 1
                line = line[:-1] + " " + lines[index].strip()
            index += 1
            transcript = line.startswith("$ wordfit ")
            if transcript:
                line = line[2:]
            if not line.startswith("wordfit ") or line.startswith("wordfit 0.") or (language != "sh" and not transcript):
                continue
            command = line.split(" #")[0].strip()
            if PLACEHOLDER.search(command.split("--")[0]) and "'" not in command and '"' not in command:
                continue  # a synopsis, not an example
            shown = []
            if transcript:
                shown = [lines[index].strip()] if index < len(lines) else []
            while not transcript and index < len(lines) and lines[index].startswith("# "):
                shown.append(lines[index][2:].strip())
                index += 1
            found.append((command, " ".join(shown)))
    return found


def normalized(text):
    return " ".join(text.split())


def prepare(scratch, wordfit):
    for name in ("docs", "Fixtures"):
        os.symlink(os.path.join(ROOT, name), os.path.join(scratch, name))
    with open(os.path.join(scratch, "films.txt"), "w") as file:
        file.write("The Shawshank Redemption\nAmélie\nSpirited Away\n")
    shutil.copy(os.path.join(ROOT, "Fixtures/strings/Localizable.xcstrings"), scratch)
    os.makedirs(os.path.join(scratch, "out"))
    for shard in range(8):
        # Each shard names its own files: out/badges-shardKof8.pdf and .zip.
        subprocess.run(
            [wordfit, "batch", "docs/badges.csv", "--template", "docs/badge-template.json", "--pdf",
             "out/badges.pdf", "--out", "out/badges.zip", "--shard", f"{shard}/8", "-q"],
            cwd=scratch, capture_output=True, check=False)


def main():
    wordfit = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/wordfit"))
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    environment = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "Fixtures/fonts/fonts.conf"))
    environment["PATH"] = os.path.dirname(wordfit) + os.pathsep + environment["PATH"]
    failed = 0
    found = commands(readme)
    with tempfile.TemporaryDirectory() as scratch:
        prepare(scratch, wordfit)
        for command, shown in found:
            # Through the shell, for the globs the examples use; `wordfit` is first on PATH.
            run = subprocess.run(
                ["bash", "-c", command], cwd=scratch, env=environment, capture_output=True, text=True, timeout=300)
            allowed = (0, 1) if "--fail-on" in command else (0,)
            printed = normalized(run.stdout + " " + run.stderr)
            if run.returncode not in allowed:
                failed += 1
                print(f"readme-examples: FAILED ({run.returncode}): {command}\n  {run.stderr.strip()[:300]}")
            elif shown and not re.search(
                re.escape(normalized(shown)).replace(r"\ N\ ", r"\ [0-9,]+\ ").replace("…", ".*?"), printed):
                failed += 1
                print(f"readme-examples: FAILED (output): {command}\n  README: {shown}\n  printed: {printed[:400]}")
            else:
                print(f"readme-examples: ok: {command[:110]}")
    print(f"readme-examples: {len(found) - failed} of {len(found)} README commands ran as documented")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
