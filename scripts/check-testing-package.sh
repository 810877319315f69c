#!/usr/bin/env bash
# Builds the package a user would write from the README's "Testing your layouts" section:
# a package depending on WordFit by path, whose test target is the README's Swift block (and an
# XCTest twin). Checks that the first run records the goldens and fails, a CI run then passes,
# and a changed golden fails with the artifact paths in the message and its images attached, and
# that `wordfit check . --accept ARTIFACTS` takes the render as the golden.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The checkout in a folder not named wordfit, as a user's clone may be: SwiftPM names a path
# dependency by its folder, so the products are found under that name.
ln -s "$root" "$work/WordFit-checkout"
mkdir -p "$work/app/Tests/AppTests"
cat >"$work/app/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(path: "../WordFit-checkout")],
  targets: [
    .testTarget(
      name: "AppTests",
      dependencies: [
        .product(name: "WordFit", package: "WordFit-checkout"),
        .product(name: "WordFitTesting", package: "WordFit-checkout"),
      ],
      exclude: ["__Goldens__"])
  ]
)
SWIFT
python3 - "$root/README.md" "$work/app/Tests/AppTests/BadgeLayoutTests.swift" <<'PY'
import re, sys
readme = open(sys.argv[1]).read()
section = readme.split("### Testing your layouts (WordFitTesting)", 1)[1].split("\n## ", 1)[0]
blocks = re.findall(r"```swift\n(.*?)```", section, re.S)
assert len(blocks) == 1, f"expected exactly one swift block, found {len(blocks)}"
open(sys.argv[2], "w").write(blocks[0])
PY
cat >"$work/app/Tests/AppTests/BadgeXCTests.swift" <<'SWIFT'
import WordFit
import WordFitTesting
import XCTest

final class BadgeXCTests: XCTestCase {
  func testStackOfButtons() {
    var spec = StackSpec(labels: ["Hello, World!", "Cat", "School"])
    spec.canvas = "45mm"
    guard let rendering = try? StackRenderer().render(spec) else { return XCTFail("stack did not render") }
    assertGolden(of: rendering, named: "buttons-45mm")
  }
}
SWIFT
cd "$work/app"
export WORDFIT_ARTIFACTS="$work/artifacts"
echo "testing-package: building a package that depends on WordFit (this compiles WordFit once more)"
# The goldens recorded by the first run must not make SwiftPM warn about unhandled files.
if env -u CI WORDFIT_RECORD=missing swift test >"$work/first.log" 2>&1; then
  echo "testing-package: the first run should fail after recording goldens" >&2; exit 1
fi
for golden in BadgeLayoutTests/aimee-45mm BadgeLayoutTests/value-exponentially-increasing BadgeXCTests/buttons-45mm; do
  [ -s "Tests/AppTests/__Goldens__/$golden.png" ] || { echo "testing-package: $golden.png was not recorded" >&2; cat "$work/first.log" >&2; exit 1; }
done
grep -q "golden was missing; wrote" "$work/first.log" || { echo "testing-package: no record message" >&2; exit 1; }
CI=1 swift test >"$work/second.log" 2>&1 || { echo "testing-package: the CI run failed" >&2; tail -30 "$work/second.log" >&2; exit 1; }
if grep -q "unhandled" "$work/second.log"; then
  echo "testing-package: SwiftPM warns about the goldens (exclude __Goldens__)" >&2; grep unhandled "$work/second.log" >&2; exit 1
fi
cp "Tests/AppTests/__Goldens__/BadgeXCTests/buttons-45mm.png" "Tests/AppTests/__Goldens__/BadgeLayoutTests/aimee-45mm.png"
# The README's command: the attachments folder must exist before swift test writes to it.
if CI=1 bash -c 'mkdir -p "$1" && swift test --attachments-path "$1"' _ "$work/attached" >"$work/third.log" 2>&1; then
  echo "testing-package: a changed golden should fail" >&2; exit 1
fi
grep -q "aimee-45mm: [0-9]* pixels differ" "$work/third.log" || { echo "testing-package: no mismatch message" >&2; tail -30 "$work/third.log" >&2; exit 1; }
grep -q "$work/artifacts/BadgeLayoutTests/aimee-45mm/actual.png" "$work/third.log" || { echo "testing-package: no artifact paths" >&2; exit 1; }
[ -s "$work/artifacts/BadgeLayoutTests/aimee-45mm/actual.png" ] || { echo "testing-package: artifacts missing" >&2; exit 1; }
# Swift Testing attachments: expected, actual and diff, saved by --attachments-path.
for kind in expected actual diff; do
  ls "$work/attached" | grep -q "aimee-45mm-$kind" || { echo "testing-package: no $kind attachment" >&2; ls -R "$work/attached" >&2; exit 1; }
done
# The render laid out like the goldens below the package; accepting it makes the suite pass.
accepted="$work/artifacts/__Goldens__/Tests/AppTests/__Goldens__/BadgeLayoutTests/aimee-45mm.png"
[ -s "$accepted" ] || { echo "testing-package: no $accepted" >&2; exit 1; }
[ -x "$root/.build/debug/wordfit" ] || (cd "$root" && swift build --product wordfit >/dev/null)
"$root/.build/debug/wordfit" check . --accept "$work/artifacts" | grep -q "1 golden accepted" || { echo "testing-package: accept failed" >&2; exit 1; }
CI=1 swift test >"$work/fourth.log" 2>&1 || { echo "testing-package: the accepted golden failed" >&2; tail -30 "$work/fourth.log" >&2; exit 1; }
echo "testing-package: README example records, passes under CI, reports a changed golden with its artifacts and attachments, and passes once they are accepted"
