#!/bin/sh
# The review page as a person sees it: a game of four greedy seats reviewed beside full, opened in
# headless Chromium, which must log no console message, run the page's script and show the first
# of the biggest disagreements. Skipped (77) without Chromium.
#   review_browser_test.sh BUILD_DIR [SCREENSHOT.png]
set -eu
build=$1
screenshot=${2:-}
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "chromium is not installed: skipped"; exit 77; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

greedy="$build/tenbin --log-level warn --strategy greedy"
"$build/tenbin-arena" --seat a="$greedy" --seat b="$greedy" --seat c="$greedy" --seat d="$greedy" \
  --games 1 --seed 23 --format tonpuu --quiet --out "$scratch/match" >/dev/null
"$build/tenbin" --log-level error --budget-ms 20 review --seat 0 "$scratch/match/logs/0000.mjson" >"$scratch/review.html"

# Root has no sandbox; the page's console goes to stderr as CONSOLE lines.
browse() {
  "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$scratch/profile" \
    --enable-logging=stderr --v=0 "$@" "file://$scratch/review.html"
}
browse --dump-dom >"$scratch/dom.html" 2>"$scratch/console.txt" || { cat "$scratch/console.txt"; exit 1; }
if grep -q "CONSOLE" "$scratch/console.txt"; then
  echo "the page logged to the console:"; grep "CONSOLE" "$scratch/console.txt"; exit 1
fi
grep -q 'data-ready="yes"' "$scratch/dom.html" || { echo "the page's script did not finish"; exit 1; }
grep -q '<tr class="disagreement">' "$scratch/dom.html" || { echo "no disagreement row in the page"; exit 1; }
if [ -n "$screenshot" ]; then
  browse --window-size=1200,1500 --screenshot="$screenshot" 2>/dev/null
fi
echo "review.html: $(wc -c <"$scratch/review.html") bytes, shown without console messages"
