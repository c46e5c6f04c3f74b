// Pair: omp_in_loop -- a per-feature affine layer (out[r][c] = x[r][c] * w[c]
// + b[c]) over the rows of a (rows, features) batch. The hazard walks the rows
// serially and opens an OpenMP parallel region for each row's features; the
// fix parallelises the row loop once. Backs torch-perf-parallel-grain.
#pragma once

#include "routes.h"

#include <ATen/ATen.h>

namespace torchlint::kernels::omp_in_loop {

// x: (rows, features) float32 of any strides (made contiguous); w, b:
// (features) float32. Returns a contiguous (rows, features) float32 tensor.
at::Tensor hazard(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b);
at::Tensor fixed(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b);

// Every route tried for the fix (routes.h); `fixed` is one of them.
const std::vector<Route<decltype(fixed)>> &routes();

namespace detail {
// The fix with (simd) or without the AVX2 row loop.
at::Tensor affine(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b, bool simd);
// One row: out[c] = x[c] * w[c] + b[c] for c < n, eight per instruction.
void affineRowAvx2(const float *x, const float *w, const float *b, float *out, int64_t n);
} // namespace detail
} // namespace torchlint::kernels::omp_in_loop
