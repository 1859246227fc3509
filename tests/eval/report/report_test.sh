#!/usr/bin/env bash
# `tenbin-arena report` as a person sees it: a short duplicate match, its report.html opened in
# headless Chromium, every chart drawn (non-blank pixels), no script error, the rotations table
# there; and a broken charting library or a missing match is caught. Exit 77 (skipped) without
# Chromium or Debian's libjs-chart.js.
set -euo pipefail
build=${1:?usage: report_test.sh BUILD_DIR}
arena="$build/tenbin-arena"
bot="$build/tenbin --log-level warn --strategy greedy"
chart_js=/usr/share/javascript/chart.js/chart.min.js

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "skipped: no chromium"; exit 77; fi
if [ ! -f "$chart_js" ]; then echo "skipped: no $chart_js (libjs-chart.js)"; exit 77; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# The page's DOM once its scripts have run (virtual time lets the timers finish first); the
# browser's log, with every console message of the page as a CONSOLE line, in browser.err.
render() {
  "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
    --virtual-time-budget=10000 --dump-dom "file://$1" 2>"$work/browser.err"
}

"$arena" --quiet --format tonpuu --games 4 --duplicate --seed 5 --out "$work/match" \
  --seat "a=$bot" --seat "b=$bot" --seat "c=$bot" --seat "d=$bot" >/dev/null
printed=$("$arena" report "$work/match")
[ "$printed" = "$work/match/report.html" ] || fail "report printed '$printed'"
page="$work/match/report.html"

# Self-contained: no script, style or image fetched from elsewhere.
if grep -Eq '(src|href)="[^"#]' "$page"; then fail "report.html refers to another file"; fi

dom=$(render "$page")
grep -q 'data-charts="6"' <<<"$dom" || fail "not six charts: $(grep -o 'data-charts[^ ]*' <<<"$dom" || true)"
grep -q 'data-charts-drawn="6"' <<<"$dom" || fail "a chart drew nothing: $(grep -o 'data-charts-drawn[^ ]*' <<<"$dom" || true)"
grep -q 'data-errors="0"' <<<"$dom" || fail "script errors: $(grep -o 'data-errors[^ ]*' <<<"$dom" || true)"
if grep -q ':CONSOLE' "$work/browser.err"; then fail "console: $(grep ':CONSOLE' "$work/browser.err")"; fi
grep -q '<caption>wall 0</caption>' <<<"$dom" || fail "no rotations table for wall 0"
for game in 0 1 2 3; do grep -q "<th>game $game</th>" <<<"$dom" || fail "rotations table lacks game $game"; done
grep -q 'commitments <span class="ok">verified</span>' <<<"$dom" || fail "commitments not shown as verified"

# The checks can fail: a charting library that throws leaves the charts undrawn and an error.
echo '/* Chart */ throw new Error("broken library");' >"$work/broken.js"
"$arena" report --chart-js "$work/broken.js" "$work/match" >/dev/null
dom=$(render "$page")
grep -q 'data-errors="0"' <<<"$dom" && fail "a throwing library went unnoticed"
grep -q 'data-charts-drawn="6"' <<<"$dom" && fail "charts counted as drawn without a library"
grep -q ':CONSOLE.*Uncaught Error: broken library' "$work/browser.err" || fail "the browser's console log was not read"

# Bad input: a clear message and a non-zero exit.
status=0
"$arena" report "$work/nowhere" 2>"$work/err" >/dev/null || status=$?
[ "$status" -eq 3 ] || fail "a missing match exited $status"
grep -q 'meta.json' "$work/err" || fail "a missing match: $(cat "$work/err")"
status=0
"$arena" report --chart-js "$work/none.js" "$work/match" 2>"$work/err" >/dev/null || status=$?
[ "$status" -eq 3 ] || fail "a missing library exited $status"
grep -q 'none.js' "$work/err" || fail "a missing library: $(cat "$work/err")"
echo "report test passed"
