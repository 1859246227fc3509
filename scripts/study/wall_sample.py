"""Means over the hands or decisions of arena matches with their 95% interval over walls, for the
study scripts: the four rotations of a duplicate wall share its luck, and the hands of a game
share its course, so a wall is one observation. The estimator is the arena's own (WallSample in
eval/report/match_stats.hpp, which the C++ figures use): the mean is sum(x) / n and, with r_w =
S_w - mean * n_w for each wall's sum S_w over its n_w values, Var = k / (k - 1) * sum(r_w^2) / n^2
over k walls. Python 3 standard library only.
"""

import functools
import json
import math
import os

Z95 = 1.96


def wall_mean(pairs):
    """(mean, half-width of its 95% interval, walls) of the values of (wall, value) pairs; the
    half-width is nan with fewer than two walls."""
    sums, counts = {}, {}
    for wall, value in pairs:
        sums[wall] = sums.get(wall, 0.0) + value
        counts[wall] = counts.get(wall, 0) + 1
    n = sum(counts.values())
    if n == 0:
        return float("nan"), float("nan"), 0
    mean = sum(sums.values()) / n
    k = len(sums)
    if k < 2:
        return mean, float("nan"), k
    residuals = sum((sums[w] - mean * counts[w]) ** 2 for w in sums)
    return mean, Z95 * math.sqrt(k / (k - 1) * residuals) / n, k


@functools.lru_cache(maxsize=None)
def _duplicate(match_dir):
    with open(os.path.join(match_dir, "meta.json")) as f:
        return bool(json.load(f).get("duplicate"))


def wall_of(log_path):
    """The wall a game log of a match directory (DIR/logs/NNNN.mjson) was played on, named with
    its match: in a duplicate match game g plays wall g // 4, otherwise wall g."""
    match_dir = os.path.dirname(os.path.dirname(os.path.abspath(log_path)))
    game = int(os.path.basename(log_path).split(".")[0])
    return f"{match_dir}:{game // 4 if _duplicate(match_dir) else game}"


def self_test():
    """Worked by hand: walls a (1, 3) and b (5): mean 3, residuals 4 - 6 = -2 and 5 - 3 = 2,
    Var = 2 / 1 * 8 / 9, half-width 1.96 * 4 / 3."""
    mean, half, walls = wall_mean([("a", 1), ("a", 3), ("b", 5)])
    if walls != 2 or abs(mean - 3) > 1e-12 or abs(half - Z95 * 4 / 3) > 1e-12:
        raise AssertionError(f"wall_mean: {mean}, {half}, {walls}")
    # Equal walls: the interval of the wall means (2 and 5: sd 2.1213, over sqrt 2).
    mean, half, _ = wall_mean([("a", 1), ("a", 3), ("b", 4), ("b", 6)])
    if abs(mean - 3.5) > 1e-12 or abs(half - Z95 * math.sqrt(4.5 / 2)) > 1e-12:
        raise AssertionError(f"wall_mean, equal walls: {mean}, {half}")
    if not math.isnan(wall_mean([("a", 1), ("a", 2)])[1]):
        raise AssertionError("one wall has no interval")
