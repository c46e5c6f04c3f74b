// One number per draw through a one-element tensor (pytorch_sparse's
// uniform_randint, what torch-perf-alloc-in-loop reports in a loop) vs the
// CPU generator's integer distribution vs all draws at once. Not part of the
// build (no identity contract: the routes draw different numbers); built and
// run by hand against the project's torch 2.x (docs/checks/torch-perf-alloc-in-loop.md):
//
//   TP=$(.venv/bin/python -c "import torch,os;print(os.path.dirname(torch.__file__))")
//   g++ -O2 -std=c++20 kernels/bench/one_element_draw.cpp -I$TP/include \
//     -I$TP/include/torch/csrc/api/include -L$TP/lib -ltorch -ltorch_cpu -lc10 \
//     -Wl,-rpath,$TP/lib -o /tmp/one_element_draw && /tmp/one_element_draw
#include <torch/torch.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/DistributionsHelper.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
static int64_t uniform_randint(int64_t high) {
  auto ret = torch::randint(0, high, {1}, torch::TensorOptions().dtype(torch::kInt64));
  return *ret.data_ptr<int64_t>();
}
template <class F> double med(F f) {
  std::vector<double> t;
  for (int r = 0; r < 7; ++r) {
    auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[3];
}
int main() {
  at::set_num_threads(1);
  const int64_t N = 100000;
  volatile int64_t sink = 0;
  for (int w = 0; w < 2; ++w) { // warm-up
    for (int64_t i = 1; i <= 1000; ++i) sink += uniform_randint(i);
  }
  double tensor = med([&] { for (int64_t i = 1; i <= N; ++i) sink += uniform_randint(i); });
  double gen = med([&] {
    auto g = at::detail::getDefaultCPUGenerator();
    auto *cpu = at::check_generator<at::CPUGeneratorImpl>(g);
    std::lock_guard<std::mutex> lock(g.mutex());
    for (int64_t i = 1; i <= N; ++i) {
      at::uniform_int_from_to_distribution<int64_t> d(static_cast<uint64_t>(i), 0);
      sink += d(cpu);
    }
  });
  double batch = med([&] {
    auto u = torch::rand({N}, torch::kDouble);
    const double *p = u.data_ptr<double>();
    for (int64_t i = 1; i <= N; ++i) sink += static_cast<int64_t>(p[i - 1] * i);
  });
  std::printf("draws=%lld one-element tensor per draw: %.2f ms (%.0f ns/draw); C++ generator: %.2f ms (%.1f ns/draw); all at once (rand({N}) scaled): %.2f ms; ratio tensor/generator %.0fx\n",
              (long long)N, tensor * 1e3, tensor / N * 1e9, gen * 1e3, gen / N * 1e9, batch * 1e3, tensor / gen);
}
