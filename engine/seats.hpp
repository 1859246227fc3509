// The four seats of a table and values kept per seat; the rank-point scale that prices a match's
// final places.
#pragma once

#include <array>

namespace tenbin {

inline constexpr int kSeats = 4;

// One value for each seat, indexed by absolute seat 0-3 (seat 0 the first dealer).
template <typename T>
using PerSeat = std::array<T, kSeats>;

// Rank points for 1st..4th place.
using RankPoints = std::array<double, kSeats>;
// Tenhou's ranked-room scale (uma and oka of the upper rooms in points per placing).
inline constexpr RankPoints kTenhouRankPoints = {90, 45, 0, -135};

}  // namespace tenbin
