#!/usr/bin/env python3
"""The desk's page in a real browser (headless Chromium over the DevTools protocol, CDP): a
fake network ZPL printer (this script's TCP listener, answering ~HS as a ready Zebra does), a
`wordfit desk` serving its page, and Chromium typing a name from the export, choosing the
attendee, seeing the badge, printing, reprinting and printing a walk-in. The printer must
receive exactly the bytes `wordfit render --template … --printer zpl:300 --row …` makes for that
row, the page must say what it printed, and the reprint must say it is one.

    python3 scripts/desk-browser-test.py WORDFIT

Run by scripts/browser-test.sh. The WebSocket client below is the few lines CDP needs (RFC 6455
text frames, client-masked), so no package is installed for it."""
import base64
import json
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "Fixtures/badges/export")
SECRET = "64zcj79g2r5uqju734dmwfn6wa27p5wj"
READY = (b"\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,1,2,6,0,00000000,1,000\x03\r\n"
         b"\x021234,0\x03\r\n")


class Printer:
    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(4)
        self.port = self.server.getsockname()[1]
        self.jobs = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            client, _ = self.server.accept()
            data, answered = bytearray(), False
            while chunk := client.recv(65536):
                data += chunk
                if not answered and data[:3] == b"~HS":
                    client.sendall(READY)
                    answered = True
            client.close()
            self.jobs.append(bytes(data[3:] if answered else data))


class DevTools:
    def __init__(self, url):
        host, port, path = re.match(r"ws://([^:/]+):(\d+)(/.*)", url).groups()
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += self.sock.recv(1)
        assert b" 101 " in reply.split(b"\r\n")[0], reply
        self.next_id = 0

    def send(self, method, **params):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        head = bytes([0x81])
        length = len(payload)
        head += bytes([0x80 | length]) if length < 126 else bytes([0x80 | 126]) + struct.pack(">H", length) \
            if length < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", length)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        while True:
            message = json.loads(self.receive())
            if message.get("id") == self.next_id:
                return message.get("result", {})

    def receive(self):
        def exactly(count):
            data = b""
            while len(data) < count:
                data += self.sock.recv(count - len(data))
            return data
        first, second = exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", exactly(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", exactly(8))[0]
        return exactly(length).decode()

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, seconds=20):
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError(f"the page never showed {what}: {self.evaluate('document.body.innerText')!r}")

    def click(self, selector, what):
        """Clicks `selector` once it is on the page: the page draws its lists again after each request."""
        self.wait_for(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); "
                      f"if (!e) return false; e.click(); return true; }})()", what)


def start_chromium(work):
    """Headless Chromium with a profile under `work`, and its DevTools WebSocket address."""
    chromium = subprocess.Popen(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--remote-debugging-port=0", f"--user-data-dir={work}/profile", "about:blank"],
        stderr=subprocess.PIPE, text=True)
    while True:
        line = chromium.stderr.readline()
        if not line:
            chromium.kill()
            sys.exit("chromium did not start")
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:
            return chromium, found.group(1)


def main():
    wordfit = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="wordfit-desk-browser-")
    printer = Printer()
    environment = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "Fixtures/fonts/fonts.conf"))
    desk = subprocess.Popen(
        [wordfit, "desk", os.path.join(FOLDER, "attendees.csv"), "--template", os.path.join(FOLDER, "export.template.json"),
         "--printer", "zpl:300", "--to", f"tcp://127.0.0.1:{printer.port}", "--log", os.path.join(work, "prints.jsonl"),
         "--listen", "127.0.0.1:0"], stderr=subprocess.PIPE, text=True, env=environment)
    page = None
    while page is None:
        line = desk.stderr.readline()
        if not line:
            sys.exit("desk-browser-test: the desk did not start")
        found = re.search(r"desk page: (http://\S+)", line)
        page = found.group(1) if found else None
    chromium = None
    try:
        chromium, url = start_chromium(work)
        browser = DevTools(url)
        target = browser.send("Target.createTarget", url=page)["targetId"]
        # The page's own connection: /devtools/page/ID on the same port.
        tab = DevTools(re.sub(r"/devtools/browser/.*", f"/devtools/page/{target}", url))
        tab.wait_for("document.readyState === 'complete' && document.querySelectorAll('#walkin input').length > 0",
                     "the walk-in form")
        # Type a name as staff would: the search runs on each input event.
        tab.evaluate("const q = document.getElementById('q'); q.value = 'pham'; q.dispatchEvent(new Event('input')); true")
        tab.wait_for("document.querySelectorAll('#results li').length === 1", "one match for 'pham'")
        tab.click("#results li", "a result to click")
        tab.wait_for("document.getElementById('badge').complete && document.getElementById('badge').naturalWidth === 945",
                     "the badge at 945 dots")
        tab.click("#print", "the print button")
        tab.wait_for("document.getElementById('status').textContent.startsWith('printed Hà Phạm')", "the print")
        # The results are drawn again after a print: click the new entry, which knows of the print.
        tab.wait_for("(document.querySelector('#results li small') || {}).textContent === 'line 3, printed 1×'",
                     "the print counted in the results")
        tab.click("#results li", "a result to click")
        tab.wait_for("document.getElementById('print').textContent === 'Reprint'", "Reprint offered")
        tab.click("#print", "the print button")
        tab.wait_for("document.getElementById('status').textContent.startsWith('reprinted Hà Phạm')", "the reprint")
        # The results are drawn again after a print: wait for the count rather than read it once.
        tab.wait_for("(document.querySelector('#results li small') || {}).textContent === 'line 3, printed 2×'",
                     "the reprint counted in the results")
        # A walk-in: every column of the export in the form.
        tab.evaluate("""(() => { const f = {"attendee name: given name": "Ada", "attendee name: family name": "Lovelace",
          "product": "Speaker ticket", "ticket secret": "walkin-1"};
          for (const i of document.querySelectorAll('#walkin input')) i.value = f[i.name] || "";
          document.querySelector('#walkin button').click(); return true; })()""")
        tab.wait_for("document.getElementById('status').textContent.startsWith('printed Ada Lovelace')", "the walk-in")
        deadline = time.time() + 10
        while len(printer.jobs) < 3 and time.time() < deadline:
            time.sleep(0.05)
        assert len(printer.jobs) == 3, f"the printer got {len(printer.jobs)} jobs"
        once = subprocess.run(
            [wordfit, "render", "--template", os.path.join(FOLDER, "export.template.json"), "--printer", "zpl:300",
             "--images", FOLDER, "-o", "-", "--row", "Attendee name: Given name=Hà", "--row",
             "Attendee name: Family name=Phạm", "--row", "Company=", "--row", "Product=Conference ticket", "--row",
             f"Ticket secret={SECRET}", "--row", "Photo=photos/photo-2.png"],
            capture_output=True, env=environment, check=True).stdout
        assert printer.jobs[0] == once and printer.jobs[1] == once, "the page's print differs from render --printer"
        assert printer.jobs[2].startswith(b"^XA") or b"^XA" in printer.jobs[2][:200], "the walk-in is no ZPL job"
        print(f"desk-browser-test: Chromium searched, previewed, printed, reprinted and printed a walk-in; "
              f"the printer got render --printer's {len(once)} bytes twice")
    finally:
        if chromium is not None:
            chromium.kill()
        desk.terminate()
        desk.wait(timeout=10)


if __name__ == "__main__":
    main()
