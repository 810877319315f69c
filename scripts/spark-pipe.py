#!/usr/bin/env python3
"""The Spark half of scripts/spark-test.sh: RDD.pipe of numbered rows through `wordfit batch -`,
checked against one unsharded `wordfit batch` of the same rows, and both timed.

    python3 scripts/spark-pipe.py WORDFIT WORK   (WORK holds names.csv with a header line)"""
import hashlib
import os
import shlex
import subprocess
import sys
import time

from pyspark import SparkConf, SparkContext

wordfit, work = sys.argv[1], sys.argv[2]
layout = ["--canvas", "45mm", "--max-size", "72", "--insets", "8"]
with open(os.path.join(work, "names.csv"), encoding="utf-8") as handle:
    header, *lines = handle.read().splitlines()
columns = "row," + header

# The reference: the same numbered rows, one process, two workers.
with open(os.path.join(work, "numbered.csv"), "w", encoding="utf-8") as handle:
    handle.write(columns + "\n" + "".join(f"{i + 1},{line}\n" for i, line in enumerate(lines)))
start = time.perf_counter()
reference = subprocess.run(
    [wordfit, "batch", "numbered.csv", "--row-column", "row", "--out", "reference", "--manifest", "-", "--jobs", "2",
     "--quiet"] + layout, cwd=work, capture_output=True, text=True)
batch_seconds = time.perf_counter() - start
if reference.returncode != 0:
    sys.exit(f"spark-test: the reference batch failed: {reference.stderr}")

conf = (SparkConf().setMaster("local[2]").setAppName("wordfit-spark-test")
        .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false").set("spark.driver.memory", "512m"))
started = time.perf_counter()
context = SparkContext(conf=conf)
context.setLogLevel("ERROR")
jvm_seconds = time.perf_counter() - started
try:
    command = [wordfit, "batch", "-", "--columns", columns, "--row-column", "row", "--out",
               os.path.join(work, "spark"), "--manifest", "-", "--jobs", "1", "--quiet"] + layout
    env = {"FONTCONFIG_FILE": os.environ["FONTCONFIG_FILE"], "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    rows = context.parallelize(lines, 8).zipWithIndex().map(lambda pair: f"{pair[1] + 1},{pair[0]}")
    start = time.perf_counter()
    answers = rows.pipe(shlex.join(command), env=env).collect()
    pipe_seconds = time.perf_counter() - start
    partitions = rows.getNumPartitions()
finally:
    context.stop()


def digest(folder):
    sums = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as handle:
            sums[name] = hashlib.sha256(handle.read()).hexdigest()
    return sums


# The batch again after the pipe, so neither side alone has the cold caches.
start = time.perf_counter()
again = subprocess.run(
    [wordfit, "batch", "numbered.csv", "--row-column", "row", "--out", "again", "--jobs", "2", "--quiet"] + layout,
    cwd=work, capture_output=True, text=True)
batch_seconds = min(batch_seconds, time.perf_counter() - start)

problems = []
whole = reference.stdout.splitlines()
if sorted(answers) != sorted(whole):
    missing = set(whole) - set(answers)
    problems.append(f"the manifest lines differ ({len(answers)} from Spark, {len(whole)} from the batch; "
                    f"{len(missing)} of the batch's missing, e.g. {sorted(missing)[:1]})")
if partitions != 8:
    problems.append(f"{partitions} partitions, not 8")
spark_files, reference_files = digest(os.path.join(work, "spark")), digest(os.path.join(work, "reference"))
if spark_files != reference_files:
    problems.append(f"the images differ ({len(spark_files)} from Spark, {len(reference_files)} from the batch)")
if len(reference_files) != len(lines):
    problems.append(f"{len(reference_files)} images for {len(lines)} rows")
print(f"spark-test: {len(lines)} rows in {partitions} partitions on local[2]: RDD.pipe {pipe_seconds:.2f} s, "
      f"wordfit batch --jobs 2 {batch_seconds:.2f} s (the faster of a run before and one after; ratio {pipe_seconds / batch_seconds:.2f}); "
      f"the JVM and context started in {jvm_seconds:.2f} s")
for problem in problems:
    print(f"spark-test: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"spark-test: {len(reference_files)} images and {len(answers)} manifest lines equal the unsharded batch's, byte for byte")
