// Testdata for torch-perf-parallel-grain.
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <cmath>

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

int main() {
  at::set_num_threads(4);
  return 0;
}
