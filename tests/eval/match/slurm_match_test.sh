#!/usr/bin/env bash
# scripts/cluster/slurm-match on a real Slurm: a one-node cluster started here (scripts/cluster/slurm-local) plays
# a 16-hanchan greedy match as 4 shards, and the merged match must equal the match played whole
# by one arena (logs byte for byte; results, commitments and summary with the latencies aside)
# and pass verify. Then a shard task is cancelled mid-game (scancel) and resubmitted alone: the
# merge must still equal that match played whole. The cluster is stopped however the test ends.
#   tests/slurm_match_test.sh BUILD_DIR      (exit 77: skipped, not root or no slurm-wlm)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:?usage: slurm_match_test.sh BUILD_DIR}" && pwd)
arena="$build/tenbin-arena"

if [ "$(id -u)" -ne 0 ]; then echo "skipped: starting a Slurm cluster needs root"; exit 77; fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "skipped: slurm-wlm and munge are not installed (scripts/setup installs them)"; exit 77
fi

work=$(mktemp -d)
export TENBIN_SLURM_DIR="$work/cluster"
export SLURM_CONF="$TENBIN_SLURM_DIR/slurm.conf"
cleanup() { "$root/scripts/cluster/slurm-local" down >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
"$root/scripts/cluster/slurm-local" up

greedy="$build/tenbin --strategy greedy --log-level warn"
match=(--seat "a=$greedy" --seat "b=$greedy" --seat "c=$greedy" --seat "d=$greedy" --games 16 --seed 29 --duplicate)
"$arena" "${match[@]}" --jobs 2 --quiet --out "$work/whole" >/dev/null

# The merged match against the whole run.
same_match() {
  local merged=$1 whole=$2 games=$3
  cmp "$merged/meta.json" "$whole/meta.json"
  diff -r "$merged/logs" "$whole/logs"
  python3 - "$merged" "$whole" "$games" <<'PY'
import json, sys
def without_latency(value):
    if isinstance(value, dict):
        return {k: without_latency(v) for k, v in value.items() if k != "latency_ms"}
    if isinstance(value, list):
        return [without_latency(v) for v in value]
    return value
def results(d):
    lines = open(d + "/results.jsonl").read().split("\n")
    assert lines[-1] == "", d + ": results.jsonl does not end with a newline"
    games = [json.loads(line) for line in lines[:-1]]
    assert len(games) == len({g["game"] for g in games}), d + ": a game has two results"
    return {g["game"]: without_latency(g) for g in games}
def commitments(d):
    return sorted(open(d + "/commitments.jsonl").read().splitlines())
merged, whole = sys.argv[1], sys.argv[2]
assert results(merged) == results(whole), "results differ"
assert len(results(merged)) == int(sys.argv[3]), "not every game"
assert commitments(merged) == commitments(whole), "commitments differ"
summary = lambda d: without_latency(json.load(open(d + "/summary.json")))
assert summary(merged) == summary(whole), "summaries differ"
PY
  "$arena" verify "$merged" | tail -n 1
}

echo "== 4 shards through Slurm"
"$root/scripts/cluster/slurm-match" --shards 4 --out "$work/sharded" --arena "$arena" --wait -- "${match[@]}"
same_match "$work/sharded" "$work/whole" 16

echo "== a shard cancelled mid-game, then resubmitted"
# Games slow enough to cancel in the middle of one: a full seat among three greedy, 8 hanchan
# (two walls), as 2 shards of 4 games each.
slow=(--seat "full=$build/tenbin --strategy full --log-level warn" --seat "a=$greedy" --seat "b=$greedy"
      --seat "c=$greedy" --games 8 --seed 31 --duplicate)
"$arena" "${slow[@]}" --jobs 2 --quiet --out "$work/whole-slow" >/dev/null
submitted=$("$root/scripts/cluster/slurm-match" --shards 2 --out "$work/cancelled" --arena "$arena" -- "${slow[@]}")
echo "$submitted"
array=$(echo "$submitted" | sed -n 's/^slurm-match: shards: job \([0-9]*\) .*/\1/p')
results="$work/cancelled/shards/1/results.jsonl"
finished() { [ -f "$results" ] && wc -l < "$results" || echo 0; }
# Cancel shard 1 once its first game has finished: the next one is being played.
for _ in $(seq 1200); do [ "$(finished)" -ge 1 ] && break; sleep 0.05; done
scancel "${array}_1"
for _ in $(seq 600); do [ -z "$(squeue -h)" ] && break; sleep 0.1; done
echo "shard 1 cancelled with $(finished) of its 4 games finished"
[ "$(finished)" -ge 1 ] && [ "$(finished)" -lt 4 ] || { echo "the cancel did not come in the middle of shard 1"; exit 1; }
[ ! -f "$work/cancelled/meta.json" ] || { echo "the merge ran although a shard was cancelled"; exit 1; }
"$root/scripts/cluster/slurm-match" --shards 2 --tasks 1 --out "$work/cancelled" --arena "$arena" --wait -- "${slow[@]}"
same_match "$work/cancelled" "$work/whole-slow" 8
echo "slurm match test: OK"
