#!/usr/bin/env python3
"""The desk's latency (issue 57's bar), whole processes, one run:

  * a fake network printer (this script's own TCP listener on 127.0.0.1) answers the desk's
    status request (`~HS`, as a ready Zebra does), takes each job and notes when its last byte
    arrived (the sender closes the connection after it);
  * `wordfit desk EXPORT --template T --printer zpl:300 --to tcp://127.0.0.1:PORT --stdin --json`
    is started once; each of --scans codes (the export's keys in turn, so most are reprints) is
    written on its standard input and timed from the write to the job's last byte at the
    listener: p50 and p99;
  * the same scans as `POST /api/print` to a desk serving its page (`--listen 127.0.0.1:0`), on
    one kept-alive HTTP connection, timed the same way;
  * beside it, in the same run, one `wordfit render --template T --printer zpl:300 --row ... -o
    FILE` process per row for --one-shot rows: its wall time from start to exit (the job written);
    p50.

The bar: the desk's p99, both ways, at most a quarter of the one-shot process's median.

    python3 Benchmarks/desk.py [--scans 1000] [--one-shot 60]

Needs a release build of wordfit (swift build -c release --product wordfit)."""
import argparse
import csv
import http.client
import json
import re
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDFIT = os.path.join(ROOT, ".build/release/wordfit")
FOLDER = os.path.join(ROOT, "Fixtures/badges/export")
EXPORT = os.path.join(FOLDER, "attendees.csv")
TEMPLATE = os.path.join(FOLDER, "export.template.json")


READY = (b"\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,1,2,6,0,00000000,1,000\x03\r\n"
         b"\x021234,0\x03\r\n")


class Printer:
    """Accepts connections one after another, answers a ZPL host status request (~HS) as a
    ready printer does; each job's bytes (the request left out) and its last byte's time."""

    def __init__(self):
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.jobs = []
        self.arrived = threading.Condition()
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            client, _ = self.server.accept()
            data = bytearray()
            answered = False
            while True:
                chunk = client.recv(65536)
                if not chunk:
                    break
                data += chunk
                if not answered and data[:3] == b"~HS":
                    client.sendall(READY)
                    answered = True
            done = time.perf_counter()
            client.close()
            job = bytes(data[3:]) if answered else bytes(data)
            with self.arrived:
                self.jobs.append((done, job))
                self.arrived.notify_all()

    def wait_for(self, count, timeout=30):
        with self.arrived:
            if not self.arrived.wait_for(lambda: len(self.jobs) >= count, timeout):
                sys.exit(f"desk.py: the printer got {len(self.jobs)} jobs, waited for {count}")
            return self.jobs[count - 1]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def rows():
    with open(EXPORT, encoding="utf-8-sig", newline="") as file:
        return list(csv.DictReader(file, delimiter=";"))


def desk_latencies(scans, keys, environment):
    printer = Printer()
    folder = tempfile.mkdtemp(prefix="wordfit-desk-")
    desk = subprocess.Popen(
        [WORDFIT, "desk", EXPORT, "--template", TEMPLATE, "--printer", "zpl:300", "--to",
         f"tcp://127.0.0.1:{printer.port}", "--log", os.path.join(folder, "prints.jsonl"), "--stdin", "--json"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True, bufsize=1)
    latencies = []
    for index in range(scans):
        start = time.perf_counter()
        desk.stdin.write(keys[index % len(keys)] + "\n")
        desk.stdin.flush()
        done, job = printer.wait_for(index + 1)
        answer = json.loads(desk.stdout.readline())
        if "error" in answer or answer["bytes"] != len(job):
            sys.exit(f"desk.py: scan {index}: {answer}")
        latencies.append(done - start)
    desk.stdin.close()
    desk.wait(timeout=30)
    return latencies


def api_latencies(scans, keys, environment):
    """The same scans as POST /api/print on one kept-alive connection to the desk's page."""
    printer = Printer()
    folder = tempfile.mkdtemp(prefix="wordfit-desk-api-")
    desk = subprocess.Popen(
        [WORDFIT, "desk", EXPORT, "--template", TEMPLATE, "--printer", "zpl:300", "--to",
         f"tcp://127.0.0.1:{printer.port}", "--log", os.path.join(folder, "prints.jsonl"), "--listen", "127.0.0.1:0"],
        stderr=subprocess.PIPE, env=environment, text=True)
    port = None
    while port is None:
        line = desk.stderr.readline()
        if not line:
            sys.exit("desk.py: the desk did not start its page")
        found = re.search(r"desk page: http://127.0.0.1:(\d+)/", line)
        port = int(found.group(1)) if found else None
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies = []
    for index in range(scans):
        body = json.dumps({"key": keys[index % len(keys)]})
        start = time.perf_counter()
        connection.request("POST", "/api/print", body=body, headers={"Content-Type": "application/json"})
        done, job = printer.wait_for(index + 1)
        answer = json.loads(connection.getresponse().read())
        if "error" in answer or answer["bytes"] != len(job):
            sys.exit(f"desk.py: API scan {index}: {answer}")
        latencies.append(done - start)
    connection.close()
    desk.terminate()
    desk.wait(timeout=30)
    return latencies


def one_shot(count, table, environment):
    folder = tempfile.mkdtemp(prefix="wordfit-once-")
    times = []
    for index in range(count):
        row = table[index % len(table)]
        arguments = [WORDFIT, "render", "--template", TEMPLATE, "--printer", "zpl:300", "--images", FOLDER,
                     "-o", os.path.join(folder, "job.zpl")]
        for column, value in row.items():
            arguments += ["--row", f"{column}={value}"]
        start = time.perf_counter()
        subprocess.run(arguments, check=True, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scans", type=int, default=1000)
    parser.add_argument("--one-shot", type=int, default=60)
    options = parser.parse_args()
    if not os.path.exists(WORDFIT):
        sys.exit("desk.py: build wordfit first: swift build -c release --product wordfit")
    environment = dict(os.environ)
    table = rows()
    keys = [row["Ticket secret"] for row in table if row["Ticket secret"].strip()]
    lines = desk_latencies(options.scans, keys, environment)
    api = api_latencies(options.scans, keys, environment)
    once = one_shot(options.one_shot, table, environment)
    median = statistics.median(once) * 1000
    met = True
    for name, latencies in (("desk --stdin", lines), ("desk POST /api/print", api)):
        p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
        verdict = "met" if p99 <= median / 4 else "NOT met"
        met = met and p99 <= median / 4
        print(f"{name}, {options.scans} scans to a TCP printer: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
              f"max {max(latencies) * 1000:.1f} ms; bar {verdict} ({p99 / median:.3f} of the one-shot median)")
    print(f"one render --template --printer process a row, {options.one_shot} rows: median {median:.1f} ms, "
          f"p99 {percentile(once, 0.99) * 1000:.1f} ms (bar: p99 <= {median / 4:.1f} ms)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
