#!/usr/bin/env bash
# scripts/champion without a build: its usage and errors, and a champion already built (its
# binary and commit stamp in place) printed at once without building again, while one whose stamp
# names another commit is not taken as built (its tree made again as a worktree of the revision,
# so that the build's `git describe` names it), and a run that finds another building the same
# champion waits for it and takes its build. Exit 77 (skipped) outside a git checkout.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
champion="$root/scripts/champion"
if ! git -C "$root" rev-parse --verify --quiet HEAD >/dev/null 2>&1; then
  echo "skipped: not a git checkout"; exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"; git -C "$root" worktree prune' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

if "$champion" >/dev/null 2>&1; then fail "ran without a revision"; fi
if CHAMPIONS_DIR="$work" "$champion" no-such-revision-here >/dev/null 2>"$work/err"; then fail "took an unknown revision"; fi
grep -q "no revision" "$work/err" || fail "unknown revision: $(cat "$work/err")"

commit=$(git -C "$root" rev-parse HEAD)
short=$(git -C "$root" rev-parse --short=7 HEAD)
mkdir -p "$work/$short/build"
printf '#!/bin/sh\n' >"$work/$short/build/tenbin"
chmod +x "$work/$short/build/tenbin"
echo "$commit" >"$work/$short/commit"
printed=$(CHAMPIONS_DIR="$work" "$champion" HEAD 2>"$work/err")
[ "$printed" = "$work/$short/build/tenbin" ] || fail "printed '$printed'"
[ ! -s "$work/err" ] || fail "built again: $(cat "$work/err")"
[ ! -e "$work/$short/CMakeLists.txt" ] || fail "exported the tree again"

# A stamp of another commit: not this champion, so it is built (stopped here before the build by a
# cmake that fails).
echo 0000000000000000000000000000000000000000 >"$work/$short/commit"
mkdir -p "$work/bin"
printf '#!/bin/sh\necho "cmake called" >&2\nexit 3\n' >"$work/bin/cmake"
chmod +x "$work/bin/cmake"
if PATH="$work/bin:$PATH" CHAMPIONS_DIR="$work" "$champion" HEAD >/dev/null 2>"$work/err"; then fail "took a stale champion"; fi
grep -q "cmake called" "$work/err" || fail "did not build a stale champion: $(cat "$work/err")"
[ -f "$work/$short/CMakeLists.txt" ] || fail "the revision's tree was not exported"
[ ! -e "$work/$short/build/tenbin" ] || fail "the stale tree's build was kept"
[ "$(git -C "$work/$short" rev-parse HEAD)" = "$commit" ] || fail "the tree is not a checkout of $short"
# What the build's version reads (cmake/version.cmake): the revision's own description, however
# long the repository's abbreviations and whatever its tags, and not dirty.
described=$(git -C "$work/$short" describe --always --dirty)
[ "$described" = "$(git -C "$root" describe --always "$commit")" ] || fail "the tree describes as $described"
# Another run building the same champion holds its lock: this one waits, then finds the champion
# built (its binary and stamp written meanwhile) and prints it without building (cmake would fail).
echo 0000000000000000000000000000000000000000 >"$work/$short/commit"
exec {holder}>"$work/$short.lock"
flock "$holder"
PATH="$work/bin:$PATH" CHAMPIONS_DIR="$work" "$champion" HEAD >"$work/out" 2>"$work/err" {holder}>&- &
waiting=$!
for _ in $(seq 100); do grep -q "waiting" "$work/err" && break; sleep 0.1; done
grep -q "waiting for another run's build of $short" "$work/err" || fail "did not wait for the lock: $(cat "$work/err")"
mkdir -p "$work/$short/build"
printf '#!/bin/sh\n' >"$work/$short/build/tenbin"
chmod +x "$work/$short/build/tenbin"
echo "$commit" >"$work/$short/commit"
exec {holder}>&-
wait "$waiting" || fail "failed after waiting: $(cat "$work/err")"
[ "$(cat "$work/out")" = "$work/$short/build/tenbin" ] || fail "printed '$(cat "$work/out")' after waiting"
! grep -q "cmake called" "$work/err" || fail "built again after waiting"
echo "ok: scripts/champion"
