#!/usr/bin/env bash
# `--printer cups:QUEUE…` against a real CUPS scheduler: starts cupsd (Debian's `cups`) with a
# configuration of its own under a temporary folder, on a Unix socket there, with two raw queues
# whose device is a fake network printer (a listener on a loopback port, AppSocket/JetDirect, as
# a Zebra or Brother on the desk's network would be); prints a badge to each — as ZPL and as its
# PDF — and checks that the bytes the printers received are WordFit's own job and PDF; and that a
# queue CUPS does not have is refused with CUPS's reason (74). Skipped when it cannot start cupsd
# (not root, or cups not installed). Run by scripts/test.sh (~10 s).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then echo "cups-test: skipped (cupsd needs root)"; exit 0; fi
for tool in cupsd lpadmin lpstat; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] ||
    { echo "cups-test: skipped ($tool is not installed: apt-get install cups cups-client)"; exit 0; }
done
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$PWD/Fixtures/fonts/fonts.conf}
wordfit=${WORDFIT:-$PWD/.build/debug/wordfit}
work=$(mktemp -d /tmp/wordfit-cups.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "cups-test: FAILED: $*" >&2; tail -20 "$work/log/error_log" >&2 2>/dev/null || true; exit 1; }
mkdir -p "$work"/{spool,tmp,state,cache,log,out}
chmod 777 "$work/tmp" "$work/out"
cat >"$work/cupsd.conf" <<CONF
Listen $work/cups.sock
LogLevel info
WebInterface No
Browsing No
<Location />
  Order allow,deny
  Allow all
</Location>
CONF
cat >"$work/cups-files.conf" <<CONF
ServerRoot $work
RequestRoot $work/spool
TempDir $work/tmp
StateDir $work/state
CacheDir $work/cache
AccessLog $work/log/access_log
ErrorLog $work/log/error_log
PageLog $work/log/page_log
DataDir /usr/share/cups
ServerBin /usr/lib/cups
CONF
/usr/sbin/cupsd -f -c "$work/cupsd.conf" -s "$work/cups-files.conf" &
pids+=($!)
export CUPS_SERVER="$work/cups.sock"
for _ in $(seq 50); do lpstat -r >/dev/null 2>&1 && break; sleep 0.1; done
lpstat -r >/dev/null 2>&1 || fail "cupsd did not start"

# A fake printer: takes one connection on a free loopback port and keeps what it was sent.
printer() {  # name
  python3 - "$work/out/$1" >"$work/$1.port" <<'PY' &
import socket, sys
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(1)
print(server.getsockname()[1], flush=True)
connection, _ = server.accept()
data = b""
while chunk := connection.recv(65536):
    data += chunk
open(sys.argv[1] + ".part", "wb").write(data)
import os
os.rename(sys.argv[1] + ".part", sys.argv[1])
PY
  pids+=($!)
  for _ in $(seq 50); do [ -s "$work/$1.port" ] && break; sleep 0.1; done
  lpadmin -p "$1" -E -v "socket://127.0.0.1:$(cat "$work/$1.port")" -m raw 2>/dev/null || fail "lpadmin $1"
}
received() {  # name: waits for the fake printer's bytes
  for _ in $(seq 100); do [ -f "$work/out/$1" ] && return 0; sleep 0.1; done
  fail "printer $1 received nothing"
}
printer zebra
printer office
template=Fixtures/badges/export/export.template.json
rows=(--row "attendee name: given name=Ada" --row "attendee name: family name=Lovelace"
  --row "company=Analytical Engines" --row "ticket secret=abc123" --row "product=Speaker" --row "photo=")
"$wordfit" render --template "$template" "${rows[@]}" --printer zpl -o "$work/own.zpl" 2>/dev/null
"$wordfit" render --template "$template" "${rows[@]}" --pdf "$work/own.pdf" 2>/dev/null
"$wordfit" render --template "$template" "${rows[@]}" --printer cups:zebra:zpl 2>"$work/zebra.txt" ||
  fail "cups:zebra:zpl: $(cat "$work/zebra.txt")"
"$wordfit" render --template "$template" "${rows[@]}" --printer cups:office 2>"$work/office.txt" ||
  fail "cups:office: $(cat "$work/office.txt")"
received zebra
received office
cmp -s "$work/out/zebra" "$work/own.zpl" || fail "the Zebra received other bytes than WordFit's ZPL job"
cmp -s "$work/out/office" "$work/own.pdf" || fail "the office printer received other bytes than WordFit's PDF"
status=0
"$wordfit" render --template "$template" "${rows[@]}" --printer cups:nowhere:zpl 2>"$work/nowhere.txt" || status=$?
[ "$status" = 74 ] && grep -q "CUPS queue nowhere" "$work/nowhere.txt" || fail "an unknown queue gave $status: $(cat "$work/nowhere.txt")"
echo "cups-test: a real cupsd took a ZPL job and a PDF; the printers received WordFit's bytes exactly ($(wc -c <"$work/out/zebra") and $(wc -c <"$work/out/office") bytes); an unknown queue: 74"
