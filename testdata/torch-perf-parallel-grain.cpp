// Testdata for torch-perf-parallel-grain.
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <cmath>
#include <utility>

// --- Positives ---------------------------------------------------------------

void scale(float *out, const float *in, int64_t n, float s) {
  at::parallel_for(0, n, 1, [&](int64_t begin, int64_t end) { // expect: torch-perf-parallel-grain: grain size 1
    for (int64_t i = begin; i < end; ++i)
      out[i] = in[i] * s;
  });
}

void clamp01(float *x, int64_t n) {
  at::parallel_for(0, n, 0, [&](int64_t b, int64_t e) { // expect: torch-perf-parallel-grain: grain size 0
    for (int64_t i = b; i < e; ++i) {
      float v = x[i];
      x[i] = v < 0 ? 0 : (v > 1 ? 1 : v);
    }
  });
}

void nested_omp(float *x, int64_t n) {
  at::parallel_for(0, n, at::internal::GRAIN_SIZE, [&](int64_t b, int64_t e) {
#pragma omp parallel for // expect: torch-perf-parallel-grain: OpenMP pragma inside at::parallel_for
    for (int64_t i = b; i < e; ++i)
      x[i] *= 2;
  });
}

// A parallel region per row: the team forks and joins x.size(0) times.
void per_row_omp(const at::Tensor &x, at::Tensor &out) {
  auto a = x.accessor<float, 2>();
  auto o = out.accessor<float, 2>();
  for (int64_t r = 0; r < x.size(0); ++r) {
#pragma omp parallel for // expect: torch-perf-parallel-grain: forks and joins a thread team
    for (int64_t c = 0; c < x.size(1); ++c)
      o[r][c] = a[r][c] * 2;
  }
}

// The bound through a local, a plain region, and a loop nest: reported once,
// at the innermost loop over items.
void per_item_region(const at::Tensor &boxes, float *scores) {
  const int64_t n = boxes.numel() / 4;
  for (int pass = 0; pass < 2; ++pass)
    for (int64_t i = 0; i < n; ++i) {
      float best = 0;
#pragma omp parallel // expect: torch-perf-parallel-grain: serial loop over 'n'
      {
        best += 1;
      }
      scores[i] = best;
    }
}

void configure() {
  at::set_num_threads(1); // expect: torch-perf-parallel-grain: outside main
}

// --- Negatives ---------------------------------------------------------------

// Grain 0 over heavy items: a whole sample per index.
void per_sample(const at::Tensor &batch, at::Tensor &out) {
  at::parallel_for(0, batch.size(0), 0, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      out[i].copy_(at::matmul(batch[i], batch[i].t()));
  });
}

// An inner loop per index: a tile or a row.
void rows(float *x, int64_t rows, int64_t cols) {
  at::parallel_for(0, rows, 1, [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r)
      for (int64_t c = 0; c < cols; ++c)
        x[r * cols + c] = std::exp(x[r * cols + c]);
  });
}

// A proper grain.
void good(float *x, int64_t n) {
  at::parallel_for(0, n, at::internal::GRAIN_SIZE, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      x[i] += 1;
  });
}

// OpenMP look-alikes: the outer loop is the parallel one; one region opened
// outside the serial loop with work-sharing inside; a loop over a small
// constant count (a few passes); a region with an if() clause (the author
// chose when to fork); iterations of a solver (no tensor size bounds them).
void outer_parallel(float *x, const at::Tensor &t) {
#pragma omp parallel for
  for (int64_t r = 0; r < t.size(0); ++r)
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
}

void one_region(float *x, const at::Tensor &t) {
  const int64_t rows = t.size(0), cols = t.size(1);
#pragma omp parallel
  {
    for (int64_t r = 0; r < rows; ++r) {
#pragma omp for
      for (int64_t c = 0; c < cols; ++c)
        x[r * cols + c] *= 2;
    }
  }
}

// A pragma commented out, and a template instantiated twice: one finding.
void commented(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
    // #pragma omp parallel for
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}

// Pragmas the preprocessor skips: an `#if 0` block (code kept for later), a
// disabled configuration, and the other arm of an #ifdef; a comment inside
// a parallel_for body. Beside them, the arm that is compiled still counts.
void disabled_block(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#if 0
#pragma omp parallel for
#endif
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}

#define TORCHLINT_TESTDATA_USE_OMP 0
void disabled_config(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#if TORCHLINT_TESTDATA_USE_OMP
#  pragma omp parallel for
#endif
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}

void other_arm(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#ifdef TORCHLINT_TESTDATA_UNDEFINED
#pragma omp parallel for
#else
#pragma omp parallel for // expect: torch-perf-parallel-grain: forks and joins
#endif
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}

// Blocks only an OpenMP build compiles are not skipped: the lint runs
// without -fopenmp, the build with it.
void openmp_build(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#ifdef _OPENMP
#pragma omp parallel for // expect: torch-perf-parallel-grain: forks and joins
#endif
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}

void openmp_option(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#if defined(WITH_OPENMP) && WITH_OPENMP
#pragma omp parallel // expect: torch-perf-parallel-grain: forks and joins
    {
      x[r] += 1;
    }
#endif
  }
}

void disabled_nested(float *x, int64_t n) {
  at::parallel_for(0, n, at::internal::GRAIN_SIZE, [&](int64_t b, int64_t e) {
    // #pragma omp parallel for (tried; oversubscribed)
#if 0
#pragma omp parallel for
#endif
    for (int64_t i = b; i < e; ++i)
      x[i] *= 2;
  });
}

template <typename T>
void per_row_template(T *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#pragma omp parallel for // expect: torch-perf-parallel-grain: forks and joins
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}
template void per_row_template<float>(float *, const at::Tensor &);
template void per_row_template<double>(double *, const at::Tensor &);

void few_passes(float *x, int64_t n) {
  for (int pass = 0; pass < 3; ++pass) {
#pragma omp parallel for
    for (int64_t i = 0; i < n; ++i)
      x[i] = x[i] * 0.5f + 1;
  }
}

void guarded_region(float *x, const at::Tensor &t) {
  for (int64_t r = 0; r < t.size(0); ++r) {
#pragma omp parallel for if (t.size(1) > 4096)
    for (int64_t c = 0; c < t.size(1); ++c)
      x[r * t.size(1) + c] += 1;
  }
}

void jacobi(float *x, float *y, int64_t n, int iterations) {
  for (int it = 0; it < iterations; ++it) {
#pragma omp parallel for
    for (int64_t i = 1; i + 1 < n; ++i)
      y[i] = (x[i - 1] + x[i + 1]) / 2;
    std::swap(x, y);
  }
}

int main() {
  at::set_num_threads(4);
  return 0;
}
