#!/usr/bin/env bash
# scripts/strength over two opponents, cheaply: `tsumogiri` against three greedy and three of a
# champion (the champion directory stamped with HEAD and holding this build's tenbin, so nothing
# is built), four games each from South 4 of the start book. Each matchup gets its own checked
# match directory and the last table a row per matchup and one for its opponents; our seats play
# a frozen copy of the build's bot. SHARD plays one shard of the walls. A match begun by another
# build resumes with the copy that began it. BOT plays a named binary. Two runs take turns at one
# build directory. VARIANT and PARAMS play full with tunables set, paired with full's match.
# Exit 77 (skipped) outside a git checkout (scripts/champion needs one).
set -euo pipefail
build=$(cd "${1:?usage: strength_gauntlet_test.sh BUILD_DIR}" && pwd)
root=$(cd "$(dirname "$0")/../../.." && pwd)
if ! git -C "$root" rev-parse --verify --quiet HEAD >/dev/null 2>&1; then
  echo "skipped: not a git checkout"; exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

short=$(git -C "$root" rev-parse --short=7 HEAD)
mkdir -p "$work/champions/$short/build"
ln -s "$build/tenbin" "$work/champions/$short/build/tenbin"
git -C "$root" rev-parse HEAD >"$work/champions/$short/commit"

OUT="$work/out" GAMES=4 SEED=3 STARTS=data/starts-south4.jsonl OPPONENTS="greedy champion" CHAMPION=HEAD \
  CHAMPIONS_DIR="$work/champions" TENBIN_BUILD_DIR="$build" "$root/scripts/strength" tsumogiri >"$work/printed" 2>"$work/err" \
  || fail "scripts/strength: $(tail -5 "$work/err")"

for dir in tsumogiri-seed3-4-starts-south4 tsumogiri-vs-champion-seed3-4-starts-south4; do
  [ -f "$work/out/$dir/summary.json" ] || fail "no match $dir: $(ls "$work/out")"
done
[ "$(grep -c "\"command\": \"$work/champions/$short/build/tenbin --log-level warn --strategy full\"" \
      "$work/out/tsumogiri-vs-champion-seed3-4-starts-south4/meta.json")" = 3 ] || fail "the champion seats are not the champion"
# The seats of our build play its frozen copy, named by version and content, not the build's file.
frozen=("$work"/out/bin/tenbin-*)
[ ${#frozen[@]} = 1 ] && cmp -s "${frozen[0]}" "$build/tenbin" || fail "the frozen copy: ${frozen[*]}"
[ "$(grep -c "\"command\": \"${frozen[0]} --log-level warn --strategy greedy\"" \
      "$work/out/tsumogiri-seed3-4-starts-south4/meta.json")" = 3 ] || fail "the greedy seats do not play the frozen copy"
# So is the arena that plays and verifies them (bin/arena/, by content).
arenas=("$work"/out/bin/arena/tenbin-arena-*)
[ ${#arenas[@]} = 1 ] && cmp -s "${arenas[0]}" "$build/tenbin-arena" || fail "the frozen arena: ${arenas[*]}"
[ "$(grep -c '^verify .*OK$' "$work/printed")" = 2 ] || fail "verify lines: $(cat "$work/printed")"
[ "$(grep -c '^validate: .*OK$' "$work/printed")" = 2 ] || fail "validate lines: $(cat "$work/printed")"
table=$(sed -n '/^== the gauntlet/,$p' "$work/printed")
[ "$(grep -c ' walls ' <<<"$table")" = 4 ] || fail "table: $table"
grep -q '^tsumogiri vs greedy .*games    4 walls    1  avg rank' <<<"$table" || fail "greedy row: $table"
grep -q '^tsumogiri vs champion .*incidents 0$' <<<"$table" || fail "champion row: $table"
grep -q '^  its 3 champion .*games   12 ' <<<"$table" || fail "champion's own row: $table"

# SHARD plays the walls of one shard, in a directory named for it: two walls, the odd one kept.
OUT="$work/out" GAMES=8 SEED=3 STARTS=data/starts-south4.jsonl SHARD=1/2 TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" tsumogiri >"$work/printed-shard" 2>"$work/err" || fail "SHARD=1/2: $(tail -5 "$work/err")"
sharded="$work/out/tsumogiri-seed3-8-starts-south4-shard1of2"
grep -q '"index": 1' "$sharded/meta.json" && grep -q '"count": 2' "$sharded/meta.json" || fail "shard meta: $(cat "$sharded/meta.json")"
[ "$(grep -c '"wall_game":1' "$sharded/results.jsonl")" = 4 ] && [ "$(wc -l <"$sharded/results.jsonl")" = 4 ] \
  || fail "shard games: $(cat "$sharded/results.jsonl" | cut -c1-80)"
grep -q '"wall": "tenbin-wall-v2"' "$sharded/meta.json" || fail "a new match's walls: $(grep wall "$sharded/meta.json")"
# A match begun by another build goes on with the frozen copy that began it, on the walls it began
# on: here a copy renamed as an earlier build's, the match (begun with WALL=tenbin-wall-v1) cut
# back to two of its games as an interruption would leave it, and resumed without WALL.
OUT="$work/out" GAMES=4 SEED=5 STARTS=data/starts-south4.jsonl WALL=tenbin-wall-v1 TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" tsumogiri >/dev/null 2>"$work/err" || fail "seed 5: $(tail -5 "$work/err")"
resumed="$work/out/tsumogiri-seed5-4-starts-south4"
grep -q '"wall": "tenbin-wall-v1"' "$resumed/meta.json" || fail "WALL: $(grep wall "$resumed/meta.json")"
earlier="$work/out/bin/tenbin-0.0.0-earlier"
mv "${frozen[0]}" "$earlier"
sed -i "s|${frozen[0]} |$earlier |" "$resumed/meta.json"
head -n 2 "$resumed/results.jsonl" >"$work/two" && mv "$work/two" "$resumed/results.jsonl"
OUT="$work/out" GAMES=4 SEED=5 STARTS=data/starts-south4.jsonl TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" tsumogiri >"$work/printed-resumed" 2>"$work/err" || fail "resumed: $(tail -5 "$work/err")"
grep -q "resumes with the binary that began it, $earlier" "$work/err" || fail "no word of the binary: $(cat "$work/err")"
[ "$(grep -c "\"command\": \"$earlier --log-level warn --strategy" "$resumed/meta.json")" = 4 ] \
  || fail "the resumed seats: $(grep command "$resumed/meta.json")"
[ "$(wc -l <"$resumed/results.jsonl")" = 4 ] || fail "resumed games: $(wc -l <"$resumed/results.jsonl")"
grep -q '^verify .*OK$' "$work/printed-resumed" || fail "resumed verify: $(cat "$work/printed-resumed")"
grep -q '"wall": "tenbin-wall-v1"' "$resumed/meta.json" || fail "the resumed walls: $(grep wall "$resumed/meta.json")"
# A WALL naming another scheme than a begun match's is refused, the match left as it was.
if OUT="$work/out" GAMES=4 SEED=5 STARTS=data/starts-south4.jsonl WALL=tenbin-wall-v3 TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" tsumogiri >/dev/null 2>"$work/err"; then fail "played a v1 match on as WALL=tenbin-wall-v3"; fi
grep -q "was begun on tenbin-wall-v1 walls, not WALL=tenbin-wall-v3's" "$work/err" || fail "other WALL: $(cat "$work/err")"
grep -q '"wall": "tenbin-wall-v1"' "$resumed/meta.json" || fail "the refused walls: $(grep wall "$resumed/meta.json")"
[ "$(wc -l <"$resumed/results.jsonl")" = 4 ] || fail "refused games: $(wc -l <"$resumed/results.jsonl")"
# A match whose binary is gone is refused, not played on with this build's.
rm "$earlier"
if OUT="$work/out" GAMES=4 SEED=5 STARTS=data/starts-south4.jsonl TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" tsumogiri >/dev/null 2>"$work/err"; then fail "played on without its binary"; fi
grep -q "which is gone" "$work/err" || fail "gone binary: $(cat "$work/err")"

# BOT names the binary our seats play, frozen by its own version and content: here a wrapper of
# the build's bot, which the build's own copy is not. Something that is not a tenbin is refused.
printf '#!/bin/sh\nexec "%s" "$@"\n' "$build/tenbin" >"$work/bot" && chmod +x "$work/bot"
OUT="$work/out" GAMES=4 SEED=9 STARTS=data/starts-south4.jsonl BOT="$work/bot" TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" tsumogiri >/dev/null 2>"$work/err" || fail "BOT: $(tail -5 "$work/err")"
wrapped="$work/out/bin/tenbin-$("$build/tenbin" --version | awk '{print $2}')-$(sha256sum "$work/bot" | cut -c1-12)"
cmp -s "$wrapped" "$work/bot" || fail "BOT's frozen copy: $(ls "$work/out/bin")"
[ "$(grep -c "\"command\": \"$wrapped --log-level warn --strategy" "$work/out/tsumogiri-seed9-4-starts-south4/meta.json")" = 4 ] \
  || fail "BOT's seats: $(grep command "$work/out/tsumogiri-seed9-4-starts-south4/meta.json")"
printf '#!/bin/sh\necho something else\n' >"$work/not-tenbin" && chmod +x "$work/not-tenbin"
for bot in "$work/not-tenbin" "$work/no-such-bot"; do
  if OUT="$work/out" GAMES=4 SEED=11 BOT="$bot" TENBIN_BUILD_DIR="$build" "$root/scripts/strength" tsumogiri \
    >/dev/null 2>"$work/err"; then fail "BOT=$bot played"; fi
  grep -q "strength: .*$bot" "$work/err" || fail "BOT=$bot: $(cat "$work/err")"
done
[ ! -e "$work/out/tsumogiri-seed11-4" ] || fail "a refused BOT began a match"

# Two runs on one build directory take turns at its build: a run that finds it locked (here by a
# holder standing in for another run) says so and waits, beginning no match until the lock is free.
# The run is of a copy of the script in a tree of links to this one, and the copy is overwritten
# in place while it waits: a running script reads no line of a later version.
( flock 9; touch "$work/held"; while [ ! -e "$work/release" ]; do sleep 0.1; done ) 9>"$build/.strength-build.lock" &
holder=$!
for _ in $(seq 600); do [ -e "$work/held" ] && break; sleep 0.1; done
[ -e "$work/held" ] || fail "the holder never took the lock"
mkdir -p "$work/tree/scripts"
for entry in "$root"/*; do [ "$(basename "$entry")" = scripts ] || ln -s "$entry" "$work/tree/"; done
for entry in "$root"/scripts/*; do [ "$(basename "$entry")" = strength ] || ln -s "$entry" "$work/tree/scripts/"; done
cp "$root/scripts/strength" "$work/tree/scripts/strength"
OUT="$work/out" GAMES=4 SEED=13 STARTS=data/starts-south4.jsonl TENBIN_BUILD_DIR="$build" \
  "$work/tree/scripts/strength" tsumogiri >/dev/null 2>"$work/err-locked" &
waiting=$!
for _ in $(seq 600); do grep -q "waiting for another run's build" "$work/err-locked" && break; sleep 0.1; done
grep -q "strength: waiting for another run's build in $build" "$work/err-locked" \
  || fail "no word of the locked build: $(cat "$work/err-locked")"
[ ! -e "$work/out/tsumogiri-seed13-4-starts-south4" ] || fail "a match began while the build was locked"
printf '#!/bin/sh\necho a later version ran >&2\nexit 3\n%*s\n' 4000 '' >"$work/tree/scripts/strength"
touch "$work/release"
wait "$holder"
wait "$waiting" || fail "after the lock: $(tail -5 "$work/err-locked")"
if grep -q "a later version ran\|command not found\|syntax error" "$work/err-locked"; then
  fail "the run read its rewritten script: $(cat "$work/err-locked")"
fi
[ -f "$work/out/tsumogiri-seed13-4-starts-south4/summary.json" ] || fail "no match once the lock was free"

# A variant plays full with a tunable set, in a directory of its own, and is paired with full's
# match on the same walls.
OUT="$work/out" GAMES=8 SEED=7 STARTS=data/starts-south4.jsonl TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" full >/dev/null 2>"$work/err" || fail "full: $(tail -5 "$work/err")"
OUT="$work/out" GAMES=8 SEED=7 STARTS=data/starts-south4.jsonl VARIANT=eq0 PARAMS="equivalent_points=0" \
  TENBIN_BUILD_DIR="$build" "$root/scripts/strength" full >"$work/printed-variant" 2>"$work/err" \
  || fail "the variant: $(tail -5 "$work/err")"
variant="$work/out/full+eq0-seed7-8-starts-south4"
[ -f "$variant/summary.json" ] || fail "no variant match: $(ls "$work/out")"
[ "$(grep -c -- '--param equivalent_points=0 --strategy full"' "$variant/meta.json")" = 1 ] \
  || fail "the variant's seat: $(grep command "$variant/meta.json")"
[ "$(grep -c -- '--param' "$work/out/full-seed7-8-starts-south4/meta.json")" = 0 ] || fail "full's match was played with params"
grep -q '^full+eq0 vs greedy .*games    8 ' "$work/printed-variant" || fail "variant row: $(cat "$work/printed-variant")"
grep -q '^full (full+eq0-seed7-8-starts-south4) - full (full-seed7-8-starts-south4): average rank .* over 8 paired games, 2 walls' \
  "$work/printed-variant" \
  || fail "variant pair: $(cat "$work/printed-variant")"
# The tunables come with a name for their directories, and a name that is a plain word.
if OUT="$work/out" GAMES=4 SEED=7 PARAMS="equivalent_points=0" TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" full >/dev/null 2>"$work/err"; then fail "PARAMS without VARIANT played"; fi
grep -q "PARAMS and VARIANT go together" "$work/err" || fail "PARAMS alone: $(cat "$work/err")"
if OUT="$work/out" GAMES=4 SEED=7 VARIANT="a/b" PARAMS="equivalent_points=0" TENBIN_BUILD_DIR="$build" \
  "$root/scripts/strength" full >/dev/null 2>"$work/err"; then fail "a VARIANT with a slash played"; fi
grep -q "is not a plain name" "$work/err" || fail "VARIANT a/b: $(cat "$work/err")"
echo "ok: the gauntlet table"
