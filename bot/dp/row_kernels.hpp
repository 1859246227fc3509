// The sweep's row operations over a row's entries [from, to), two lanes at a time: they are the
// inner loops of the DP, kept inline for the sweep that calls them.
#pragma once

#include <algorithm>
#include <cstddef>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tenbin::dp {

// out[k] = max(out[k], in[k]): the best of several draw states.
inline void raise_to(double* out, const double* in, std::size_t from, std::size_t to) {
  std::size_t k = from;
#if defined(__SSE2__)
  for (; k + 2 <= to; k += 2) _mm_storeu_pd(out + k, _mm_max_pd(_mm_loadu_pd(out + k), _mm_loadu_pd(in + k)));
#endif
  for (; k < to; ++k) out[k] = std::max(out[k], in[k]);
}

// out[k] = max(a[k], b[k]).
inline void best_of_two(double* out, const double* a, const double* b, std::size_t from, std::size_t to) {
  std::size_t k = from;
#if defined(__SSE2__)
  for (; k + 2 <= to; k += 2) _mm_storeu_pd(out + k, _mm_max_pd(_mm_loadu_pd(a + k), _mm_loadu_pd(b + k)));
#endif
  for (; k < to; ++k) out[k] = std::max(a[k], b[k]);
}

// sums[k] += weight * in[k] and least[k] = min(least[k], in[k]): a state's draws, summed.
inline void add_row(double* sums, double* least, double weight, const double* in, std::size_t from, std::size_t to) {
  std::size_t k = from;
#if defined(__SSE2__)
  const __m128d w = _mm_set1_pd(weight);
  for (; k + 2 <= to; k += 2) {
    const __m128d v = _mm_loadu_pd(in + k);
    _mm_storeu_pd(sums + k, _mm_add_pd(_mm_loadu_pd(sums + k), _mm_mul_pd(w, v)));
    _mm_storeu_pd(least + k, _mm_min_pd(_mm_loadu_pd(least + k), v));
  }
#endif
  for (; k < to; ++k) {
    sums[k] += weight * in[k];
    least[k] = std::min(least[k], in[k]);
  }
}

// The same for the first of the draws: sums[k] = weight * in[k], least[k] = in[k].
inline void start_row(double* sums, double* least, double weight, const double* in, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k < to; ++k) {
    sums[k] = weight * in[k];
    least[k] = in[k];
  }
}

}  // namespace tenbin::dp
