#!/usr/bin/env bash
# majiang-ai in the arena (eval/majiang): a hanchan of two majiang-ai seats against two greedy,
# every reply legal and on time (no incident of any kind), the seat actually deciding (its
# latencies recorded, its stderr free of fallbacks), and the match passing `verify` and its log
# `validate`. Exit 77 (skipped) without Node.js or without the seat's packages (scripts/setup).
set -euo pipefail
build=${1:?usage: majiang_seat_test.sh BUILD_DIR}
root=$(cd "$(dirname "$0")/../../.." && pwd)
arena="$build/tenbin-arena"
greedy="$build/tenbin --log-level warn --strategy greedy"
seat_dir="$root/eval/majiang"

if ! command -v node >/dev/null; then echo "skipped: no node (scripts/setup installs Node.js)"; exit 77; fi
if [ ! -f "$seat_dir/node_modules/@kobalab/majiang-ai/package.json" ]; then
  echo "skipped: the majiang-ai packages are not installed (scripts/setup runs npm ci in eval/majiang)"; exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# majiang-ai takes seconds over some decisions on a busy machine: a minute before a timeout.
majiang="majiang-ai=node $seat_dir/mjai-seat.js"
"$arena" --quiet --games 1 --seed 25 --out "$work/match" \
  --seat "$majiang" --timeout-ms 60000 --seat "greedy=$greedy" \
  --seat "$majiang" --timeout-ms 60000 --seat "greedy=$greedy" >/dev/null

"$arena" verify "$work/match" || fail "verify"
"$arena" validate "$work/match"/logs/*.mjson || fail "validate"

python3 - "$work/match" <<'EOF' || fail "summary"
import json, sys
out = sys.argv[1]
results = [json.loads(line) for line in open(out + "/results.jsonl")]
assert len(results) == 1, f"{len(results)} games finished"
for row in json.load(open(out + "/summary.json")):
    incidents = sum(row["incidents"].values())
    assert incidents == 0, f"{row['name']}: incidents {row['incidents']}"
    assert row["decisions"] > 0, f"{row['name']}: no decisions"
    print(f"{row['name']}: latency p50 {row['latency_ms']['p50']:.1f} ms, no incidents")
EOF

# The seat never fell back to a default nor failed on an event.
if grep -h "majiang seat\|mjai-seat" "$work/match"/stderr/* >"$work/fallbacks" 2>/dev/null; then
  fail "the majiang-ai seat reported: $(head -5 "$work/fallbacks")"
fi
echo "ok: a hanchan with majiang-ai seats, no incidents, verify and validate pass"
