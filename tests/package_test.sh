#!/bin/sh
# The Debian package: built by CPack from this build tree, unpacked into a scratch root with
# dpkg-deb -x (not installed), and a tonpuu game played with the unpacked tenbin-arena and
# tenbin, one seat through the unpacked akochan launcher.
#   package_test.sh BUILD_DIR
set -eu
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/package" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log"; exit 1; }
set -- "$scratch"/package/tenbin_*_amd64.deb
[ -f "$1" ] || { echo "no tenbin_VERSION_amd64.deb in: $(ls "$scratch/package")"; exit 1; }
dpkg-deb -x "$1" "$scratch/root"
bin=$scratch/root/usr/bin
for file in "$bin/tenbin" "$bin/tenbin-arena" "$bin/tenbin-akochan" \
            "$scratch/root/usr/share/doc/tenbin/README.md" "$scratch/root/usr/share/doc/tenbin/docs/mjai.md"; do
  [ -e "$file" ] || { echo "missing from the package: ${file#"$scratch/root"}"; exit 1; }
done

version=$("$bin/tenbin" --version)
case "$version" in
  "tenbin "?*) ;;
  *) echo "tenbin --version printed \"$version\""; exit 1 ;;
esac
package_version=$(dpkg-deb -f "$1" Version)
case "$version" in
  *"$package_version"*) ;;
  *) echo "tenbin --version ($version) does not name the package version $package_version"; exit 1 ;;
esac

greedy="$bin/tenbin --log-level warn --strategy greedy"
"$bin/tenbin-arena" --seat "a=$greedy" --seat "b=$greedy" --seat "c=$greedy" \
  --seat "ako=TENBIN_OPTIONS='--strategy greedy' $bin/tenbin-akochan pipe no-tactics.json {seat}" --seat-dialect akochan \
  --games 1 --seed 5 --format tonpuu --quiet --out "$scratch/match" >"$scratch/arena.log" 2>&1 ||
  { cat "$scratch/arena.log"; exit 1; }
[ "$(wc -l <"$scratch/match/results.jsonl")" -eq 1 ] || { echo "the game did not finish"; exit 1; }
if grep -q '"timeouts":[1-9]\|"crashes":[1-9]\|"junk":[1-9]\|"illegal":[1-9]' "$scratch/match/results.jsonl"; then
  echo "incidents in the packaged game:"; cat "$scratch/match/results.jsonl"; exit 1
fi
echo "ok: $version played a game from $(basename "$1")"
